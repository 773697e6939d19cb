"""The local server the generated client talks to: it judges each request with openapi-core and answers as planned.

Bound to 127.0.0.1 on a free port, started and stopped by the harness. Requests are handled one at a time (the
driver sends one call at a time); each records what openapi-core made of the request and is answered with the
response the harness planned for the case.
"""
import logging
import pathlib
import re
import threading
import time
import urllib.parse

from jsonschema_path import SchemaPath
from jsonschema_path.handlers import default_handlers
from jsonschema_path.handlers.file import FilePathHandler
from jsonschema_path.handlers.utils import uri_to_path
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.deserializing.media_types.util import json_loads
from werkzeug.datastructures import Headers, ImmutableMultiDict
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

from python_patterns import python_patterns
from spec_documents import REFERENCED_MAP_KEYWORDS, _declared_value
from value_generation import default_breaks_own_keywords


_KEPT_ENCODED = {"2F", "2C", "3B", "3D", "3F", "23", "25", "2E"} | {f"{byte:02X}" for byte in list(range(0x20)) + [0x7F]}
# Decoded again in the path variables openapi-core extracts (see _decoding_path_variables): `?` `#` `.` and control
# characters only mean something to a URL parser, which openapi-core runs on the matched path (it would start a query
# or a fragment there, resolve a `..` segment, and Python's parser drops tab, CR and LF). `%` stays encoded so that the comparison's own
# decoding does not decode a value twice.
_DECODED_IN_VARIABLES = _KEPT_ENCODED - {"2F", "2C", "3B", "3D", "25"}


def _decode_keeping_delimiters(path):
    """The path percent-decoded except `/ , ; =` and what a URL parser reads (`? # %`, control characters): werkzeug
    decodes everything, which would turn an encoded `/` inside a parameter into a segment separator and an encoded
    `,` into an array separator; openapi-core matches templates and splits styles on the path it is given, so those
    stay encoded (and are decoded when compared)."""
    return _decode_except(path, _KEPT_ENCODED)


def _decode_except(path, kept, encoding="latin-1"):
    """`path` with the `%XX` escapes not in `kept` decoded; `encoding` is how its characters map to bytes (WSGI hands
    the raw path over as latin-1; an already decoded value is UTF-8)."""
    out = bytearray()
    raw = path.encode(encoding, "replace")
    index = 0
    while index < len(raw):
        if raw[index:index + 1] == b"%" and index + 2 < len(raw) + 0 and raw[index + 1:index + 3].upper().decode() \
                not in kept:
            try:
                out.append(int(raw[index + 1:index + 3], 16))
                index += 3
                continue
            except ValueError:
                pass
        out.append(raw[index])
        index += 1
    return out.decode("utf-8", "replace")


class RawPathRequest:
    """openapi-core's request protocol over a werkzeug request, with the path decoded except its delimiters."""

    def __init__(self, request, host_url):
        self.request = request
        self.host_url = host_url
        raw = request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI") or request.path
        self.path = _decode_keeping_delimiters(urllib.parse.urlsplit(raw).path)
        self.parameters = RequestParameters(
            query=ImmutableMultiDict(urllib.parse.parse_qsl(request.query_string.decode("latin-1"),
                                                            keep_blank_values=True)),
            header=Headers(request.headers), cookie=request.cookies)

    @property
    def method(self):
        return self.request.method.lower()

    @property
    def body(self):
        return self.request.get_data(as_text=False)

    @property
    def content_type(self):
        return self.request.headers.get("Content-Type") or "application/octet-stream"


logging.getLogger("werkzeug").setLevel(logging.ERROR)


def _decoding_path_variables():
    """openapi-core's path finder, with `? #` and control characters decoded in the variables it extracts (they
    stay encoded in the path it matches, where a URL parser would cut or drop them)."""
    from openapi_core.templating.paths.finders import BasePathFinder
    original = BasePathFinder.find
    if getattr(original, "_wire_decodes", False):
        return

    def find(self, method, name):
        result = original(self, method, name)
        variables = result.path_result.variables if result.path_result is not None else None
        if variables:
            for key, value in list(variables.items()):
                if isinstance(value, str) and "%" in value:
                    variables[key] = _decode_only(value, _DECODED_IN_VARIABLES)
        return result
    find._wire_decodes = True
    BasePathFinder.find = find


def _decode_only(value, decoded):
    everything = {f"{byte:02X}" for byte in range(256)}
    return _decode_except(value, everything - decoded, encoding="utf-8")


def _case_insensitive_auth_schemes():
    """openapi-core 0.23.1 compares the lower-cased scheme of an `Authorization` header with the scheme as the
    description spells it, so `scheme: X-Matrix` (or `Bearer`) never matches; RFC 9110 §11.1 makes auth-schemes
    case-insensitive, so the judge compares both lower-cased."""
    from openapi_core.security import providers
    from openapi_core.security.exceptions import SecurityProviderError
    if getattr(providers.HttpProvider.__call__, "_wire_case_insensitive", False):
        return

    def call(self, parameters):
        if "Authorization" not in parameters.header:
            raise SecurityProviderError("Missing authorization header.")
        auth_type, _, credentials = parameters.header["Authorization"].partition(" ")
        if not credentials:
            raise SecurityProviderError("Could not parse authorization header.")
        if auth_type.lower() != str(self.scheme["scheme"]).lower():
            raise SecurityProviderError(f"Unknown authorization method {auth_type}")
        return credentials
    call._wire_case_insensitive = True
    providers.HttpProvider.__call__ = call


_decoding_path_variables()
_case_insensitive_auth_schemes()


class JudgeServer:
    """A werkzeug server whose every request is unmarshalled by openapi-core against the API description."""

    def __init__(self, spec_dict, base_uri, base_path, check_security=False, unjudged=None, documents=None,
                 harness_bodies=None):
        self.harness_bodies = set(harness_bodies or ())
        self._lock = threading.Lock()
        self._plans = []
        self._records = []
        self._server = make_server("127.0.0.1", 0, self._app, threaded=False)
        self.port = self._server.server_port
        self.host_url = f"http://127.0.0.1:{self.port}"
        self.base_path = base_path
        self.base_url = self.host_url + base_path
        spec_dict = dict(spec_dict)
        spec_dict["servers"] = [{"url": self.base_url}]
        spec_dict = _local_servers_everywhere(spec_dict, self.base_url, documents)
        if not check_security:
            spec_dict = _without_security(spec_dict)
        if unjudged:
            spec_dict = _without_parameters(spec_dict, unjudged, documents)
        spec_dict = _multipart_files_as_any(spec_dict, self.harness_bodies)
        spec_dict = _queries_of_path_keys_as_parameters(spec_dict, documents)
        spec_dict = _without_defaults_it_rejects(spec_dict)
        spec_dict = _discriminator_values_mapped(spec_dict)
        spec_dict = python_patterns(spec_dict)
        # Formats openapi-core does not know (custom ones, and some it lacks) are accepted as plain strings: the
        # schema's other keywords still apply, and the harness compares the values itself.
        formats = _formats(spec_dict) | (_formats_of_documents(documents) if documents else set())
        known = {"date", "date-time", "uuid", "binary", "byte", "int32", "int64", "float", "double", "password"}
        lenient = {name: (lambda value: True) for name in formats - known}
        # openapi-core reads only application/json and application/vnd.api+json as JSON; an API's own JSON media
        # types (`application/vnd.example+json`, `application/problem+json`) are JSON too (RFC 6839).
        json_types = {name: json_loads for name in _json_media_types(spec_dict)}
        config = Config(spec_validator_cls=None, extra_format_validators=lenient, extra_media_type_deserializers=json_types,
                        extra_format_unmarshallers={name: (lambda value: value) for name in lenient})
        # A reader that fails once can stay broken: the resolver's registry keeps a document it could not crawl
        # (DigitalOcean's `properties: {$ref: ...}` maps), and every later lookup crawls it again. It is made anew
        # after a failure, so one operation's finding does not become every later operation's.
        # Property maps written as references (`properties: {$ref: ...}`) are read as the maps they point to, as apigen
        # and the harness read them; openapi-core's resolver would fail on them (AttributeError).
        root_path = documents.root_path if documents is not None else None
        judged = _read_only_not_required(_parameters_without_read_only(
            _referenced_maps_inlined(spec_dict, root_path, documents), root_path, documents), root_path, documents) \
            if root_path is not None else spec_dict
        judged = required_members_declared(judged)
        handlers = dict(default_handlers, file=_MapReferenceFileHandler(documents)) if documents is not None \
            else default_handlers
        self._reader = lambda: OpenAPI(SchemaPath.from_dict(judged, base_uri=base_uri, handlers=handlers), config=config)
        self.openapi = self._reader()
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._server.shutdown()
        self._server.server_close()

    def expect(self, status, body, content_type, headers=None):
        """Plans the answer to the next requests (with `headers`, a dict of extra header fields) and forgets what
        earlier ones recorded."""
        with self._lock:
            self._plans = [(status, body, content_type, dict(headers or {}))]
            self._records = []

    def expect_each(self, plans):
        """Plans one answer per request, in order (the last one answers any further request): `(status, body,
        content_type, headers)` each; forgets what earlier requests recorded."""
        with self._lock:
            self._plans = [(status, body, content_type, dict(headers or {})) for status, body, content_type, headers in plans]
            self._records = []

    def records(self):
        with self._lock:
            return list(self._records)

    def _app(self, environ, start_response):
        request = Request(environ)
        record = {"method": request.method, "raw_uri": environ.get("RAW_URI") or environ.get("REQUEST_URI"),
                  "headers": dict(request.headers), "body": request.get_data(as_text=False)}
        if request.path == REDIRECT_TARGET:
            # A client that follows a documented redirect never returns the documented response: a second request.
            record["errors"] = ["the client followed a documented redirect instead of returning it"]
            with self._lock:
                self._records.append(record)
            return Response(b"{}", status=200, headers={"Content-Type": "application/json"})(environ, start_response)
        try:
            result = self.openapi.unmarshal_request(RawPathRequest(request, self.host_url + "/"))
            record["errors"] = [_describe(error) for error in result.errors]
            record["parameters"] = {
                "path": dict(result.parameters.path or {}), "query": dict(result.parameters.query or {}),
                "header": dict(result.parameters.header or {}), "cookie": dict(result.parameters.cookie or {})}
            record["unmarshalled_body"] = result.body
        except Exception as error:  # openapi-core's own failures are findings too, never a crash of the harness
            record["errors"] = [f"openapi-core failed: {type(error).__name__}: {error}"]
            self.openapi = self._reader()
        with self._lock:
            self._records.append(record)
            plan = (self._plans.pop(0) if len(self._plans) > 1 else self._plans[0]) if self._plans else None
        if plan is None:
            return Response(b"no plan", status=599)(environ, start_response)
        status, body, content_type, extra = plan
        headers = dict(extra)
        if content_type:
            headers["Content-Type"] = content_type
        if status in REDIRECT_STATUSES:
            # Real servers send a Location with a redirect (RFC 9110 15.4); without one URLSession would not follow.
            headers["Location"] = REDIRECT_TARGET
        if isinstance(body, list):
            # A stream planned in pieces: each written on its own after a pause, so the client receives them as
            # separate reads (a CR and its LF, a UTF-8 character, an item cut in two).
            body = _paced(body)
        return VerbatimResponse(body, status=status, headers=headers)(environ, start_response)


def _paced(pieces):
    for index, piece in enumerate(pieces):
        if index:
            time.sleep(0.01)
        yield piece


class VerbatimResponse(Response):
    """A werkzeug response that sends `Location` and `Content-Location` as planned: werkzeug converts them from IRIs,
    which lowercases the host (`https://A.example` became `https://a.example`), so a documented `Location` header the
    client read back verbatim looked changed."""

    def get_wsgi_headers(self, environ):
        headers = super().get_wsgi_headers(environ)
        for name in ("Location", "Content-Location"):
            planned = self.headers.get(name)
            if planned is not None and planned.isascii():
                headers[name] = planned
        return headers


REDIRECT_STATUSES = {301, 302, 303, 305, 307, 308}
REDIRECT_TARGET = "/wire-harness-redirect-target"


def _describe(error):
    text = f"{type(error).__name__}: {error}"
    cause = getattr(error, "__cause__", None)
    if cause is not None:
        text += f" ({type(cause).__name__}: {cause})"
        details = getattr(cause, "schema_errors", None)
        if details:
            text += " [" + "; ".join(str(getattr(d, "message", d)) for d in list(details)[:3]) + "]"
    return text


def _without_security(spec_dict):
    """The description without security requirements, for clients that cannot yet send credentials."""
    spec_dict = dict(spec_dict)
    spec_dict.pop("security", None)
    paths = {}
    for path, item in (spec_dict.get("paths") or {}).items():
        if isinstance(item, dict):
            item = {method: ({k: v for k, v in operation.items() if k != "security"}
                             if isinstance(operation, dict) else operation) for method, operation in item.items()}
        paths[path] = item
    spec_dict["paths"] = paths
    return spec_dict


def split_path_key(key):
    """A path key as a client sends it and the query items it carries, as apigen splits it: Azure tells operations
    on one path apart by a query in the key (`/x/{id}?api-version=1`), Box by a fragment (`/x/{id}#add`)."""
    path = key.split("#", 1)[0]
    path, _, query = path.partition("?")
    items = [(urllib.parse.unquote(name), urllib.parse.unquote(value))
             for name, _, value in (item.partition("=") for item in query.split("&") if item)]
    return path, [(name, value) for name, value in items if name]


def colliding_path_keys(spec_dict):
    """Operations (key, method) whose key, split as sent, is that of an earlier operation with the same method, or
    whose URLs another templated key of the same method matches too (Apple's registry: `/{scope}/{name}/{version}`
    matches every URL of `/{scope}/{name}/{version}.zip`; OpenAPI leaves such a choice to the tooling): openapi-core
    finds operations by path and method only, so it cannot judge them with the whole description."""
    from operations import METHODS
    seen, colliding = set(), set()
    keys = [(key, item) for key, item in (spec_dict.get("paths") or {}).items() if isinstance(item, dict)]
    for key, item in keys:
        path = split_path_key(key)[0]
        for method in METHODS:
            if method in item:
                if (path, method) in seen:
                    colliding.add((key, method))
                seen.add((path, method))
                sample = _TEMPLATE.sub("wire-sample-0", path)
                if any(other != key and method in other_item and split_path_key(other)[0] != path
                       and _template_pattern(split_path_key(other)[0]).fullmatch(sample)
                       for other, other_item in keys):
                    colliding.add((key, method))
    return colliding


_TEMPLATE = re.compile(r"\{[^{}/]*\}")


def _template_pattern(path):
    """A regular expression for the URLs a templated path matches (a template is one or more characters but `/`)."""
    parts = _TEMPLATE.split(path)
    return re.compile("[^/]+".join(re.escape(part) for part in parts))


def _queries_of_path_keys_as_parameters(spec_dict, documents):
    """Path keys with a query or fragment as openapi-core can match them: the key as sent, each query item a
    required query parameter of that one value. Of operations that then share a path and method, the first is kept
    (the run reports the others as not judged: `colliding_path_keys`)."""
    from operations import METHODS
    keys = spec_dict.get("paths") or {}
    if not any("?" in key or "#" in key for key in keys):
        return spec_dict
    paths = {}
    for key, item in keys.items():
        path, query = split_path_key(key)
        if not isinstance(item, dict):
            paths.setdefault(path, item)
            continue
        if documents is not None:
            item, _ = documents.deref(item, documents.root_path)
        fixed = [{"name": name, "in": "query", "required": True, "schema": {"type": "string", "enum": [value]}}
                 for name, value in query]
        merged = dict(paths.get(path) or {})
        for field, value in item.items():
            if field in METHODS:
                if field in merged:
                    continue
                value = dict(value, parameters=list(value.get("parameters") or []) + fixed) if fixed else value
            elif field == "parameters" and "parameters" in merged:
                continue
            merged[field] = value
        paths[path] = merged
    spec_dict = dict(spec_dict)
    spec_dict["paths"] = paths
    return spec_dict


def _without_parameters(spec_dict, unjudged, documents):
    """The description without the parameters openapi-core cannot judge (`unjudged`: (path, method, name, in)).

    Path-level parameters move into each operation so that one operation can drop them. What is read from another
    file (a path item, an operation, a parameter) has its own references made absolute, so they still resolve
    against that file once inlined here.
    """
    from operations import METHODS

    def inlined(node, base):
        target, file = documents.deref(node, base)
        return (_absolute_references(target, file) if file != documents.root_path else target), file

    paths = {}
    for path, item in (spec_dict.get("paths") or {}).items():
        if not isinstance(item, dict):
            paths[path] = item
            continue
        resolved, item_file = inlined(item, documents.root_path)
        shared = [inlined(p, item_file)[0] for p in resolved.get("parameters") or []]
        new_item = {k: v for k, v in resolved.items() if k != "parameters"}
        for method in METHODS:
            if not isinstance(resolved.get(method), dict):
                continue
            operation, operation_file = inlined(resolved[method], item_file)
            own = [inlined(p, operation_file)[0] for p in operation.get("parameters") or []]
            names = {(p.get("name"), p.get("in")) for p in own}
            merged = [p for p in shared if (p.get("name"), p.get("in")) not in names] + own
            kept = [p for p in merged if (path, method, p.get("name"), p.get("in")) not in unjudged]
            new_item[method] = dict(operation, parameters=kept)
        paths[path] = new_item
    spec_dict = dict(spec_dict)
    spec_dict["paths"] = paths
    return spec_dict


def _local_servers_everywhere(spec_dict, url, documents=None):
    """`spec_dict` with the `servers` of path items and operations (Twilio names its host per path) replaced by the
    local server too: openapi-core matches a request against the most specific list, and the client was pointed at
    the local server. A path item or operation written in another file (DigitalOcean's `/v1/...` inference
    operations: `post: {$ref: 'resources/inference/....yml'}`, each with `servers` of its own) is read from there
    and inlined with its servers replaced; its own references are made absolute, so they still resolve against the
    file they are written in."""
    from operations import METHODS
    paths = spec_dict.get("paths")
    if not isinstance(paths, dict):
        return spec_dict

    def local(node, base):
        """`node` (a path item or operation, maybe a reference) with local servers, or None when it has none."""
        if documents is not None and isinstance(node, dict) and isinstance(node.get("$ref"), str):
            try:
                target, file = documents.deref(node, base)
            except (OSError, KeyError, IndexError, ValueError, TypeError):
                return None
            if not isinstance(target, dict):
                return None
            found = local(target, file)
            if found is None:
                return None
            return _absolute_references(found, file) if file != documents.root_path else found
        if not isinstance(node, dict):
            return None
        changed = dict(node)
        touched = "servers" in node
        if touched:
            changed["servers"] = [{"url": url}]
        for method in METHODS:
            if method in node:
                operation = local(node[method], base)
                if operation is not None:
                    changed[method] = operation
                    touched = True
        return changed if touched else None

    root = documents.root_path if documents is not None else None
    new_paths = {}
    for key, item in paths.items():
        new_paths[key] = local(item, root) or item
    return dict(spec_dict, paths=new_paths)


def _absolute_references(node, file):
    """`node`, taken out of `file`, with each `$ref` made absolute (`file:///.../x.yml#/a`), so it means the same
    wherever it is inlined."""
    if isinstance(node, list):
        return [_absolute_references(element, file) for element in node]
    if not isinstance(node, dict):
        return node
    result = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str) and "://" not in value and not value.startswith("urn:"):
            file_part, _, fragment = value.partition("#")
            target = (file.parent / urllib.parse.unquote(file_part)).resolve() if file_part else file
            result[key] = target.as_uri() + ("#" + fragment if fragment or "#" in value else "")
        else:
            result[key] = _absolute_references(value, file)
    return result


def _json_media_types(node):
    """The JSON media types (`+json` suffix, or a `/json` subtype) named as `content` keys anywhere in `node`."""
    found = set()
    if isinstance(node, dict):
        content = node.get("content")
        if isinstance(content, dict):
            for name in content:
                bare = str(name).split(";")[0].strip().lower()
                if "*" not in bare and (bare.endswith("+json") or bare.endswith("/json")) and bare != "application/json":
                    found.add(bare)
        for value in node.values():
            found |= _json_media_types(value)
    elif isinstance(node, list):
        for value in node:
            found |= _json_media_types(value)
    return found


def _formats(node):
    found = set()
    if isinstance(node, dict):
        if isinstance(node.get("format"), str):
            found.add(node["format"])
        for value in node.values():
            found |= _formats(value)
    elif isinstance(node, list):
        for value in node:
            found |= _formats(value)
    return found


def _formats_of_documents(documents):
    found = set()
    for document in documents.files.values():
        found |= _formats(document)
    return found


def _multipart_files_as_any(spec_dict, harness_bodies=()):
    """The description with multipart and binary request bodies left to the harness, and the JSON bodies of the
    operations in `harness_bodies` ((path, method)).

    openapi-core 0.23.1 hands a file part over as bytes and then validates it as a JSON string, so every binary
    part of an OpenAPI 3.1 description fails; the harness parses multipart bodies itself (multipart_parts) and
    compares binary bodies byte for byte. It also unmarshals an array element by element with `items`, ignoring
    `prefixItems`, so a tuple's first positions fail: the harness validates those bodies with jsonschema-rs.
    """
    import copy
    spec_dict = copy.deepcopy(spec_dict)
    for path, item in (spec_dict.get("paths") or {}).items():
        for method, operation in (item.items() if isinstance(item, dict) else []):
            body = operation.get("requestBody") if isinstance(operation, dict) else None
            if isinstance(body, dict) and "$ref" not in body:
                for media_type in list((body.get("content") or {})):
                    if media_type.startswith("multipart/") or _is_raw_binary(media_type) \
                            or (path, method.upper()) in harness_bodies:
                        body["content"][media_type] = {}
    return spec_dict


def _is_raw_binary(media_type):
    """A body sent as bytes: openapi-core validates those bytes against `type: string` and fails; the harness
    compares them with the argument itself."""
    media = media_type.split(";")[0].strip().lower()
    is_json = media == "application/json" or media.endswith("+json") or media.endswith("/json") or media == "*/*"
    return not (is_json or media.startswith("text/") or media.startswith("application/x-www-form-urlencoded")
                or media.startswith("multipart/"))


def multipart_parts(body, content_type, types=None, headers=None, read=None):
    """The parts of a multipart body by name: the bytes of each (a repeated name gives a list), or what `read` makes
    of a part's bytes and its header fields (names lowercased). With `types` (a dict), also each part's
    `Content-Type` header by name (`text/plain`, RFC 7578's default, when it has none); with `headers` (a dict), each
    part's header fields by part name, field names lowercased (of a part's first occurrence)."""
    from email.parser import BytesParser
    message = BytesParser().parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + body)
    parts = {}
    for part in message.get_payload() if message.is_multipart() else []:
        name = part.get_param("name", header="content-disposition")
        payload = part.get_payload(decode=True) or b""
        if read is not None:
            payload = read(payload, {key.lower(): str(value) for key, value in part.items()})
        if types is not None:
            types.setdefault(name, (part.get("Content-Type") or "text/plain").split(";")[0].strip().lower())
        if headers is not None:
            headers.setdefault(name, {key.lower(): str(value) for key, value in part.items()})
        if name in parts:
            parts[name] = (parts[name] if isinstance(parts[name], list) else [parts[name]]) + [payload]
        else:
            parts[name] = payload
    return parts


class _MapReferenceFileHandler:
    """openapi-core's reader of referenced files (`file:` URIs), with property maps written as references replaced
    by the maps they point to (`_referenced_maps_inlined`) and defaults their own schema refuses left out."""

    def __init__(self, documents):
        self.documents = documents
        self.plain = FilePathHandler("file")
        self.is_30 = not str(documents.root.get("openapi", "")).startswith("3.1")

    def __call__(self, uri):
        content = self.plain(uri)
        file = pathlib.Path(uri_to_path(uri)).resolve()
        content = _referenced_maps_inlined(content, file, self.documents)
        content = _parameters_without_read_only(content, file, self.documents)
        content = required_members_declared(_read_only_not_required(content, file, self.documents))
        # The same defaults the root document loses (`_without_defaults_it_rejects`), in the files it refers to
        # (DigitalOcean's chat_completion_request.yml: `stop: {default: null, anyOf: [...]}`).
        return python_patterns(_without_defaults_it_rejects(content, is_30=self.is_30)) if isinstance(content, dict) \
            else content


_PARAMETER_LOCATIONS = ("path", "query", "header", "cookie")


def _parameters_without_read_only(node, file, documents):
    """`node` (content of `file`) with `readOnly` left out of parameter schemas. OpenAPI: `readOnly` is "relevant
    only for Schema 'properties' definitions"; openapi-core refuses every request value of a parameter whose schema
    says it (DigitalOcean's `ssh_key_identifier`: `anyOf` of two attribute files marked `readOnly`, which no value
    could then pass). The schema's own level and its `anyOf`/`oneOf`/`allOf` members lose it, read through their
    references; properties keep theirs."""
    if isinstance(node, list):
        return [_parameters_without_read_only(element, file, documents) for element in node]
    if not isinstance(node, dict):
        return node
    result = {key: _parameters_without_read_only(value, file, documents) for key, value in node.items()}
    if result.get("in") in _PARAMETER_LOCATIONS and isinstance(result.get("name"), str) and "schema" in result:
        result["schema"] = _schema_without_read_only(result["schema"], file, documents)
    return result


def _schema_without_read_only(schema, file, documents, depth=0):
    if not isinstance(schema, dict) or depth > 8:
        return schema
    if isinstance(schema.get("$ref"), str):
        target, target_file = documents.resolved_or_none(schema["$ref"], file)
        if not isinstance(target, dict) or not _mentions_read_only(target, target_file, documents):
            return schema
        siblings = {key: value for key, value in schema.items() if key != "$ref"}
        inlined = dict(_absolute_references(target, target_file), **siblings)
        return _schema_without_read_only(inlined, target_file, documents, depth + 1)
    result = {key: value for key, value in schema.items() if key != "readOnly"}
    for key in ("anyOf", "oneOf", "allOf"):
        if isinstance(result.get(key), list):
            result[key] = [_schema_without_read_only(member, file, documents, depth + 1) for member in result[key]]
    return result


def _read_only_not_required(node, file, documents):
    """`node` (content of `file`) without `required` entries whose property is a reference to a schema marked
    `readOnly`. OpenAPI 3.0: a required read-only property is required in responses only; openapi-core honours that
    for `readOnly` on the property itself but not through a reference (Netflix consoleme's `requester_info:
    {$ref: UserModel}`, where `UserModel` is `readOnly`), and refused every request a client sends without it."""
    if isinstance(node, list):
        return [_read_only_not_required(item, file, documents) for item in node]
    if not isinstance(node, dict):
        return node
    copied = {key: _read_only_not_required(value, file, documents) for key, value in node.items()}
    properties, required = node.get("properties"), node.get("required")
    if isinstance(properties, dict) and isinstance(required, list):
        def read_only(name):
            schema = properties.get(name)
            if not isinstance(schema, dict) or not isinstance(schema.get("$ref"), str):
                return False
            target, _ = documents.resolved_or_none(schema["$ref"], file)
            return isinstance(target, dict) and target.get("readOnly") is True
        copied["required"] = [name for name in required if not read_only(name)]
    return copied


def required_members_declared(node):
    """`node` with each member that an object schema's `required` names but its `properties` does not declare added
    to `properties`, with the schema JSON Schema gives it there: the `additionalProperties` schema, or `{}` (any
    value). That leaves the valid instances as they were; it is for openapi-core, which reads a form body through
    the declared properties only, so the member never reached validation and every request failed as "'grant_type'
    is a required property" (Box's token revocation). Left alone: schemas with `allOf`/`anyOf`/`oneOf` (openapi-core
    merges their properties, and `{}` could win over a typed one) and those with `unevaluatedProperties` or
    `additionalProperties: false` (the addition would change what they accept)."""
    if isinstance(node, list):
        return [required_members_declared(item) for item in node]
    if not isinstance(node, dict):
        return node
    copied = {key: required_members_declared(value) for key, value in node.items()}
    properties, required = copied.get("properties"), copied.get("required")
    additional = copied.get("additionalProperties", True)
    if isinstance(properties, dict) and isinstance(required, list) and additional is not False \
            and not any(key in copied for key in ("allOf", "anyOf", "oneOf", "unevaluatedProperties", "$ref")):
        patterns = copied.get("patternProperties") if isinstance(copied.get("patternProperties"), dict) else {}

        def schema_of(name):
            for pattern in patterns:
                try:
                    if re.search(pattern, name):
                        return {}  # the pattern's schema applies to the member whether it is declared or not
                except re.error:
                    return {}
            return additional if isinstance(additional, dict) else {}
        missing = [name for name in required if isinstance(name, str) and name not in properties]
        if missing:
            copied["properties"] = dict(properties, **{name: schema_of(name) for name in missing})
    return copied


def _mentions_read_only(schema, file, documents, depth=0):
    """Whether `schema` or a member it is composed of (through references) says `readOnly`."""
    if not isinstance(schema, dict) or depth > 8:
        return False
    if schema.get("readOnly") is True:
        return True
    if isinstance(schema.get("$ref"), str):
        target, target_file = documents.resolved_or_none(schema["$ref"], file)
        return _mentions_read_only(target, target_file, documents, depth + 1)
    return any(_mentions_read_only(member, file, documents, depth + 1)
               for key in ("anyOf", "oneOf", "allOf") for member in schema.get(key) or [])


def _referenced_maps_inlined(node, file, documents):
    """`node` (content of `file`) with each map of schemas written as a reference, `properties: {$ref: 'a.yml#/m'}`,
    replaced by one reference per entry of the map it points to (`file:///.../a.yml#/m/name`); entries beside the
    `$ref` win. The same reading as apigen's (Docs/configuration.md) and the harness's `SchemaBundler`."""
    if isinstance(node, list):
        return [_referenced_maps_inlined(element, file, documents) for element in node]
    if not isinstance(node, dict):
        return node
    result = {}
    for key, value in node.items():
        if key in REFERENCED_MAP_KEYWORDS and isinstance(value, dict) and isinstance(value.get("$ref"), str):
            value = documents.referenced_map(value, file)
        result[key] = _referenced_maps_inlined(value, file, documents)
    return result


def _discriminator_values_mapped(spec_dict):
    """The description with each discriminator's implicit values written into its `mapping`: a `oneOf`/`anyOf`
    member without a mapping entry is selected by the one value it declares for the property (`role: {enum:
    [assistant]}`), as apigen and the harness's generation read it (spec_documents._with_discriminator_values).

    openapi-core reads an unmapped value as a component name (`#/components/schemas/assistant`) and refuses every
    request of openai's `POST /chat/completions`, whose messages say `role: assistant` for
    `ChatCompletionRequestAssistantMessage`: a disagreement between readers of an under-specified description, not a
    finding. Local references only; a member whose declared value is its component name needs no entry.
    """
    def resolve(reference, within=None):
        if not isinstance(reference, str) or not reference.startswith("#/"):
            raise KeyError(reference)
        target = spec_dict
        for part in reference[2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        return target, within

    def walk(node):
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        result = {key: walk(value) for key, value in node.items()}
        discriminator = node.get("discriminator")
        if isinstance(discriminator, dict) and isinstance(discriminator.get("propertyName"), str):
            mapping = dict(discriminator.get("mapping") or {}) if isinstance(discriminator.get("mapping") or {}, dict) \
                else None
            if mapping is not None:
                mapped = set(mapping.values())
                for member in (node.get("oneOf") or []) + (node.get("anyOf") or []):
                    ref = member.get("$ref") if isinstance(member, dict) else None
                    if not isinstance(ref, str) or not ref.startswith("#/") or ref in mapped:
                        continue
                    value = _declared_value(resolve, ref, discriminator["propertyName"])
                    if value and value not in mapping and value != ref.split("/")[-1]:
                        mapping[value] = ref
                if mapping != (discriminator.get("mapping") or {}):
                    result["discriminator"] = dict(discriminator, mapping=mapping)
        return result
    return walk(spec_dict)


def _without_defaults_it_rejects(spec_dict, is_30=None):
    """The description without defaults their own schema refuses: `default: null` on schemas that refuse null, and
    the other defaults `default_breaks_own_keywords` finds (openai's `{type: integer, default: inf}`).

    openai's 3.1 description writes `{type: object, nullable: true, default: null}` (3.0's `nullable`, which 3.1
    dropped): openapi-core fills that default into every request body it unmarshals and then rejects it against the
    very schema that declares it, so no request could pass. The default is invalid by the description's own rules and
    a client never needs to send it; it is removed from the judge's copy only (Docs/wire-conformance.md).
    """
    if is_30 is None:
        is_30 = not str(spec_dict.get("openapi", "")).startswith("3.1")

    def resolve(node, depth=0):
        reference = node.get("$ref") if isinstance(node, dict) else None
        if not isinstance(reference, str) or not reference.startswith("#/") or depth > 20:
            return node
        target = spec_dict
        for part in reference[2:].split("/"):
            target = target.get(part.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
        return resolve(target, depth + 1) if isinstance(target, dict) else {}

    def admits_null(node, depth=0):
        node = resolve(node)
        if not isinstance(node, dict) or depth > 20:
            return True
        kind = node.get("type")
        if kind is not None:
            # OpenAPI 3.0's `nullable` has effect only next to a `type` (3.0.3), as openapi-core reads it.
            return kind == "null" or (isinstance(kind, list) and "null" in kind) or (is_30 and node.get("nullable") is True)
        alternatives = (node.get("anyOf") or []) + (node.get("oneOf") or [])
        if alternatives:
            return any(admits_null(member, depth + 1) for member in alternatives)
        if isinstance(node.get("enum"), list):
            return None in node["enum"]
        return "$ref" not in node

    def clean(node):
        if isinstance(node, dict):
            copied = {key: clean(value) for key, value in node.items()}
            # The default of a read-only property too: openapi-core fills it into the request body it unmarshals,
            # then refuses it ("Tried to write read-only property": Netflix consoleme's ChangeModel.autogenerated,
            # `{type: boolean, readOnly: true, default: False}`), while a client leaves read-only members out.
            if "default" in copied and (copied["default"] is None and not admits_null(copied)
                                        or copied.get("readOnly") is True
                                        or default_breaks_own_keywords(copied, copied["default"], openapi_30=is_30)):
                del copied["default"]
            return copied
        if isinstance(node, list):
            return [clean(item) for item in node]
        return node

    return clean(spec_dict)
