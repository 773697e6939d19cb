"""The operations of an API description as the harness exercises them: parameters, request body, responses."""
import dataclasses

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


@dataclasses.dataclass
class Parameter:
    name: str
    location: str
    required: bool
    schema: object
    base: object
    style: str
    explode: bool
    content_type: str = None
    allow_empty: bool = False
    resolved_schema: object = None


@dataclasses.dataclass
class Body:
    media_type: str
    schema: object
    base: object
    required: bool
    # The media type's `encoding` entries (form and multipart bodies), by property name.
    encoding: dict = dataclasses.field(default_factory=dict)
    # The `headers` of multipart parts' encodings (PartHeader), Content-Type left out as OpenAPI says.
    part_headers: list = dataclasses.field(default_factory=list)
    # A wildcard media type (`*/*`) with a string schema: raw bytes whose Content-Type the caller names, not JSON
    # (apigen's OperationPlanner+WildcardBody.swift).
    raw: bool = False
    # A multipart body with a file member (`format: binary`, a list of files): the dispatcher can send its files
    # from disk (`"filesOnDisk": true` in the arguments).
    has_files: bool = False


@dataclasses.dataclass
class PartHeader:
    part: str
    name: str
    required: bool
    schema: object
    base: object


@dataclasses.dataclass
class ResponseHeader:
    name: str
    schema: object
    base: object
    required: bool = False


@dataclasses.dataclass
class StreamedContent:
    """A success response apigen returns as a stream (OperationPlanner+Streaming.swift): `ServerSentEvents` for
    `events`, `JSONStream` for `lines` and `sequence`."""
    kind: str
    media_type: str
    # The schema of one JSON item, or of one event's `data` (None: the data is text; for items: any JSON value).
    item_schema: object
    base: object
    # Events typed by name (OpenAPI 3.2 `itemSchema` branches that each fix `event`): (name, data schema or None
    # for text, its base), in document order; empty when the events are typed by their data alone.
    event_types: list = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Response:
    status: str
    media_type: str
    schema: object
    base: object
    examples: list
    # The documented headers but Content-Type (OpenAPI: ignored there), in document order.
    headers: list = dataclasses.field(default_factory=list)
    # Set when apigen streams this response (then `media_type` is the streamed one and `schema` None).
    stream: StreamedContent = None


@dataclasses.dataclass
class Operation:
    method: str
    path: str
    operation_id: str
    parameters: list
    body: Body
    responses: list
    security: list = None
    # Whether apigen generates the download-to-file variant (every 2xx response binary; planDownload in
    # OperationPlanner+Streaming.swift): dispatched as `<key> download`.
    downloads: bool = False

    @property
    def uploads(self):
        """Whether apigen generates the upload-from-file variant (planUpload in OperationPlanner+Streaming.swift):
        a binary request body, or raw content under a wildcard. Dispatched as `<key> upload`."""
        # apigen plans no upload variant for an operation whose response it streams (OperationPlanner.plan).
        if self.body is None or not self.body.media_type or any(r.stream is not None for r in self.responses):
            return False
        media = self.body.media_type.split(";")[0].strip().lower()
        if media.startswith("text/"):
            return False
        return self.body.raw or not (_is_json(media) or media == "application/*" or media.startswith("multipart/")
                                     or media.startswith("application/x-www-form-urlencoded"))

    @property
    def key(self):
        return f"{self.method.upper()} {self.path}"


def _default_style(location):
    return {"query": "form", "cookie": "form", "path": "simple", "header": "simple"}[location]


def is_raw_wildcard(media_type, schema, documents, base):
    """Whether a request body is raw content with a caller-chosen Content-Type: a wildcard media type whose schema
    is a string (or an untyped `format: binary`), as GitHub's release asset upload (`*/*`, `type: string`)."""
    if "*" not in media_type or schema is None:
        return False
    node, _ = documents.deref(schema, base)
    if not isinstance(node, dict) or node.get("properties") or "items" in node:
        return False
    types = node.get("type")
    types = [types] if isinstance(types, str) else list(types or [])
    return types == ["string"] or (not types and node.get("format") == "binary")


def wildcard_default_type(media_type):
    """The Content-Type apigen sends for a raw wildcard body when none is given (None: the argument is required)."""
    base = media_type.split(";")[0].strip().lower()
    return {"*/*": "application/octet-stream", "application/*": "application/octet-stream",
            "text/*": "text/plain"}.get(base)


STREAM_KINDS = {"text/event-stream": "events", "application/jsonl": "lines", "application/x-ndjson": "lines",
                "application/x-jsonlines": "lines", "application/jsonlines": "lines", "application/json-seq": "sequence"}


def stream_kind(media_type):
    return STREAM_KINDS.get((media_type or "").split(";")[0].strip().lower())


def _streamed_content(content, documents, base):
    """The streamed media type of a response as apigen reads it: none when the response offers JSON (the buffered
    answer wins), else the first streamed media type listed, with the schema of one item or one event's data."""
    if any(_is_json(m) or m.split(";")[0].strip().lower() == "application/*" for m in content):
        return None
    media_type = next((m for m in content if stream_kind(m)), None)
    if media_type is None:
        return None
    kind = stream_kind(media_type)
    media, media_base = documents.deref(content[media_type] or {}, base)
    media = media if isinstance(media, dict) else {}
    item, event_types = media.get("schema"), []
    if "itemSchema" in media:
        item = media["itemSchema"]
        if kind == "events":
            event_types = _event_types(item, documents, media_base)
            item, media_base = _event_data_schema(item, documents, media_base)
    if kind == "events" and item is not None and _is_text_schema(item, documents, media_base):
        item = None
    return StreamedContent(kind=kind, media_type=media_type, item_schema=item, base=media_base, event_types=event_types)


def _event_data_schema(event_schema, documents, base):
    """The `contentSchema` of an event schema's `data` property (None: the data is text), with its base."""
    node, node_base = documents.deref(event_schema, base)
    data = ((node or {}).get("properties") or {}).get("data") if isinstance(node, dict) else None
    if data is None:
        return None, base
    data, data_base = documents.deref(data, node_base)
    content = data.get("contentSchema") if isinstance(data, dict) else None
    return (content, data_base) if isinstance(content, (dict, bool)) else (None, base)


def _event_types(event_schema, documents, base):
    """apigen's ResolverContext.eventTypes: each `oneOf` (else `anyOf`) branch fixes `event` to one distinct string."""
    node, node_base = documents.deref(event_schema, base)
    if not isinstance(node, dict):
        return []
    types = []
    for branch in node.get("oneOf") or node.get("anyOf") or []:
        branch_node, branch_base = documents.deref(branch, node_base)
        event = ((branch_node or {}).get("properties") or {}).get("event") if isinstance(branch_node, dict) else None
        if event is None:
            return []
        event, _ = documents.deref(event, branch_base)
        event = event if isinstance(event, dict) else {}
        if isinstance(event.get("const"), str):
            name = event["const"]
        elif isinstance(event.get("enum"), list) and len(event["enum"]) == 1 and isinstance(event["enum"][0], str):
            name = event["enum"][0]
        else:
            return []
        if any(name == known for known, _, _ in types):
            return []
        data, data_base = _event_data_schema(branch_node, documents, branch_base)
        if data is not None and _is_text_schema(data, documents, data_base):
            data = None
        types.append((name, data, data_base))
    return types


def _is_text_schema(schema, documents, base):
    """A schema whose only type is `string` (apigen reads such event data as text)."""
    node, _ = documents.deref(schema, base)
    types = node.get("type") if isinstance(node, dict) else None
    return types == "string" or types == ["string"]


def _is_binary_content(content):
    """apigen's download condition for one response: content whose every media type is neither JSON (nor `*/*`,
    `application/*`), text, streamed, multipart nor a form."""
    if not content:
        return False
    for media_type in content:
        base = media_type.split(";")[0].strip().lower()
        if _is_json(base) or base == "application/*" or base.startswith("text/") or stream_kind(base) \
                or base.startswith("multipart/") or base.startswith("application/x-www-form-urlencoded"):
            return False
    return True


def _is_json(media_type):
    base = media_type.split(";")[0].strip().lower()
    return base == "application/json" or base.endswith("+json") or base.endswith("/json") or base == "*/*"


def _preferred_content(content):
    """The media type apigen picks for a body: JSON first, then form, multipart, then the first listed."""
    if not content:
        return None, None
    for predicate in (_is_json, lambda m: m.startswith("application/x-www-form-urlencoded"),
                      lambda m: m.startswith("multipart/form-data"), lambda m: True):
        for media_type, media in content.items():
            if predicate(media_type):
                return media_type, media or {}
    return None, None


def _request_content(content, documents, base):
    """The media type apigen sends a request body as: `_preferred_content`, except that multipart goes before JSON
    when the body has a file member (`format: binary`, a list of files, or a choice between those): JSON has no
    bytes (openai's POST /skills offers both for its `files`)."""
    media_type, media = _preferred_content(content)
    multipart = next(((m, n or {}) for m, n in content.items() if m.startswith("multipart/form-data")), None)
    if media_type and _is_json(media_type) and multipart and _has_file_member(media.get("schema"), documents, base):
        return multipart
    return media_type, media


def _has_file_member(schema, documents, base, depth=0):
    schema, base = documents.deref(schema, base) if schema is not None else (None, base)
    if not isinstance(schema, dict) or depth > 8:
        return False

    def is_file(node, node_base):
        node, node_base = documents.deref(node, node_base)
        kind = node.get("type", "string") if isinstance(node, dict) else None
        # As apigen reads it: no `type`, or one that admits strings (`[string, "null"]` too).
        return isinstance(node, dict) and node.get("format") == "binary" \
            and (kind == "string" or (isinstance(kind, list) and "string" in kind))

    def is_file_or_files(node, node_base):
        resolved, resolved_base = documents.deref(node, node_base)
        items = resolved.get("items") if isinstance(resolved, dict) else None
        return is_file(resolved, resolved_base) or (isinstance(items, dict) and is_file(items, resolved_base))

    for member in (schema.get("properties") or {}).values():
        resolved, member_base = documents.deref(member, base)
        if not isinstance(resolved, dict):
            continue
        alternatives = (resolved.get("oneOf") or []) + (resolved.get("anyOf") or [])
        if is_file_or_files(resolved, member_base) or (
                alternatives and not resolved.get("properties") and "items" not in resolved
                and all(is_file_or_files(a, member_base) for a in alternatives)):
            return True
    return any(_has_file_member(part, documents, base, depth + 1) for part in schema.get("allOf") or [])


def _examples(media):
    found = []
    if "example" in media:
        found.append(media["example"])
    for example in (media.get("examples") or {}).values():
        if isinstance(example, dict) and "value" in example:
            found.append(example["value"])
    return found


def collect(documents):
    """Every operation of the root document, in document order."""
    root = documents.root
    base = documents.root_path
    operations = []
    for path, item in (root.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        item, item_base = documents.deref(item, base)
        shared = item.get("parameters") or []
        for method in METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            operation, op_base = documents.deref(operation, item_base)
            parameters = {}
            for raw, raw_base in [(p, item_base) for p in shared] + [(p, op_base) for p in operation.get("parameters") or []]:
                node, node_base = documents.deref(raw, raw_base)
                location = node.get("in")
                if location not in ("path", "query", "header", "cookie"):
                    continue
                schema, content_type = node.get("schema"), None
                if schema is None and node.get("content"):
                    content_type, media = next(iter(node["content"].items()))
                    schema = (media or {}).get("schema")
                style = node.get("style") or _default_style(location)
                explode = node.get("explode", style == "form")
                parameters[(node["name"], location)] = Parameter(
                    name=node["name"], location=location, required=bool(node.get("required")) or location == "path",
                    schema=schema if schema is not None else {"type": "string"}, base=node_base, style=style,
                    explode=bool(explode), content_type=content_type, allow_empty=bool(node.get("allowEmptyValue")),
                    resolved_schema=documents.deref(schema, node_base)[0] if schema is not None else None)
            body = None
            if operation.get("requestBody"):
                node, node_base = documents.deref(operation["requestBody"], op_base)
                media_type, media = _request_content(node.get("content") or {}, documents, node_base)
                if media_type:
                    encoding = media.get("encoding") or {}
                    part_headers = []
                    if media_type.startswith("multipart/"):
                        for part, entry in encoding.items():
                            for name, raw_header in ((entry or {}).get("headers") or {}).items():
                                if name.lower() == "content-type":
                                    continue
                                header, header_base = documents.deref(raw_header, node_base)
                                part_headers.append(PartHeader(
                                    part=part, name=name, required=bool((header or {}).get("required")),
                                    schema=(header or {}).get("schema") or {"type": "string"}, base=header_base))
                    body = Body(media_type=media_type, schema=media.get("schema"), base=node_base,
                                required=bool(node.get("required")), encoding=encoding, part_headers=part_headers,
                                raw=is_raw_wildcard(media_type, media.get("schema"), documents, node_base),
                                has_files=media_type.startswith("multipart/")
                                and _has_file_member(media.get("schema"), documents, node_base))
            responses = []
            streamed = {}
            binary = {}
            for status, raw in (operation.get("responses") or {}).items():
                node, node_base = documents.deref(raw, op_base)
                if str(status).startswith("2"):
                    streamed[str(status)] = _streamed_content((node or {}).get("content") or {}, documents, node_base)
                    binary[str(status)] = _is_binary_content((node or {}).get("content") or {})
                media_type, media = _preferred_content((node or {}).get("content") or {})
                headers = []
                for name, raw_header in ((node or {}).get("headers") or {}).items():
                    header, header_base = documents.deref(raw_header, node_base)
                    if name.lower() == "content-type" or not isinstance(header, dict):
                        continue
                    schema = header.get("schema")
                    if schema is None and header.get("content"):
                        schema = (next(iter(header["content"].values())) or {}).get("schema")
                    headers.append(ResponseHeader(name=name, schema=schema, base=header_base,
                                                  required=header.get("required") is True))
                responses.append(Response(status=str(status), media_type=media_type,
                                          schema=(media or {}).get("schema") if media_type else None,
                                          base=node_base, examples=_examples(media or {}), headers=headers))
            # apigen streams when every success response is streamed, of one kind (else the method stays buffered).
            kinds = {content.kind if content else None for content in streamed.values()}
            if streamed and len(kinds) == 1 and None not in kinds \
                    and all(status.isdigit() or status.upper() == "2XX" for status in streamed):
                for response in responses:
                    if response.status in streamed:
                        response.stream = streamed[response.status]
                        response.media_type, response.schema, response.examples = response.stream.media_type, None, []
            security = operation.get("security", root.get("security"))
            operations.append(Operation(method=method, path=path, operation_id=operation.get("operationId"),
                                        parameters=list(parameters.values()), body=body, responses=responses,
                                        security=security, downloads=bool(binary) and all(binary.values())))
    return operations
