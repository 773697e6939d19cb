"""Exercises one operation: K argument sets against documented responses, and one invalid response.

Checks per case:
- `request`: openapi-core found no error in the request and its unmarshalled parameters and body mean the
  arguments the driver was given;
- `response`: the client returned the documented success (or threw the documented error) for the status the server
  sent, and what it decoded re-encodes to what was sent;
- `invalid`: a body mutated to break one constraint is rejected, at an instance path jsonschema-rs reports too.
"""
import base64
import json
import re
import random

import hypothesis.strategies as st

import jsonschema_rs
import reference_styles

from check_support import (_first, _header_text, _is_binary, _is_header_scalar, _is_json, _is_text, _mutation, _refusal,
                           _replaced, _text_payload, is_valid)
from driver_process import DriverCrash, DriverHang
from judge_server import REDIRECT_STATUSES, REDIRECT_TARGET
from media_ranges import accepts
from operations import stream_kind
from semantic_equality import differences
from stream_bodies import pieces, stream_payload
from stream_checks import StreamChecks
from transfer_checks import TransferChecks
from value_generation import DrawTimeout, GenerationError, draw_samples, strategy, strip_read_only, strip_undeclared, expected_after_defaults, within_wire_limits, with_defaults, without_optional_defaults

SPARE_STATUSES = [500, 502, 503, 418, 599]


# Fields the HTTP layer writes or reads itself: a drawn value would be replaced by the server (GitHub documents
# `Content-Length` as a string for POST /markdown) or would change how the body is read.
_FRAMING_HEADERS = {"content-length", "transfer-encoding", "content-encoding", "connection", "keep-alive", "upgrade",
                    "trailer", "te"}


class OperationChecks(StreamChecks, TransferChecks):
    def __init__(self, operation, bundler, judge, driver, cases, seed, envelope=None, draw_budget=60.0):
        self.parameter_schemas = {}
        self.draw_budget = draw_budget
        self.fallback_seed = None
        self.body_schema = None
        self.operation = operation
        self.bundler = bundler
        self.judge = judge
        self.driver = driver
        self.cases = cases
        self.seed = seed
        self.envelope = envelope
        self.result = {"operation": operation.key, "operationId": operation.operation_id, "cases": [],
                       "checks": {"request": [0, 0], "response": [0, 0], "invalid": [0, 0], "invalidHeader": [0, 0],
                                  "evolution": [0, 0], "errorBody": [0, 0], "invalidItem": [0, 0], "truncated": [0, 0], "download": [0, 0], "upload": [0, 0], "filesOnDisk": [0, 0], "reconnect": [0, 0]}, "failures": []}

    # MARK: - Planning

    def _argument_strategy(self):
        parts = []
        self.parameter_schemas = {}
        for parameter in self.operation.parameters:
            schema = self.bundler.inline(parameter.schema, parameter.base)
            self.parameter_schemas[(parameter.location, parameter.name)] = schema
            values = strategy(schema, parameter.location, is_valid, parameter.allow_empty, self.fallback_seed)
            parts.append((parameter, values.map(lambda value, schema=schema: strip_undeclared(value, schema))))
        body = self.operation.body
        body_strategy = None
        if body is not None:
            media = body.media_type.split(";")[0].strip().lower()
            if body.raw:
                body_strategy = st.binary(min_size=1 if body.required else 0, max_size=64).map(
                    lambda data: base64.b64encode(data).decode())
            elif body.schema is not None and (_is_json(media) or media.startswith("application/x-www-form-urlencoded")
                                            or media.startswith("multipart/form-data")):
                self.body_schema = self.bundler.inline(body.schema, body.base)
                self.body_read_only_schema = self.bundler.inline_keeping_read_only(body.schema, body.base)
                body_strategy = strategy(self.body_schema, None if _is_json(media) else "form", is_valid,
                                         fallback_seed=self.fallback_seed).map(
                    lambda value: strip_undeclared(value, self.body_schema))
            elif media.startswith("text/"):
                # An empty body reads as no body at all (openapi-core: "Missing required request body").
                text_schema = self.bundler.inline(body.schema, body.base) if body.schema is not None else None
                if isinstance(text_schema, dict) and text_schema.get("type") == "string":
                    # Drawn from the schema (its enum, pattern, lengths), which openapi-core holds the body to.
                    body_strategy = strategy(text_schema, None, is_valid, fallback_seed=self.fallback_seed).filter(
                        lambda value: isinstance(value, str) and (value or not body.required))
                else:
                    body_strategy = st.text(min_size=1 if body.required else 0, max_size=40)
            elif not _is_json(media):
                body_strategy = st.binary(min_size=1 if body.required else 0, max_size=64).map(
                    lambda data: base64.b64encode(data).decode())
            else:
                body_strategy = st.just({})

        # Each header of a multipart part is drawn like a header parameter, when its part is sent.
        header_values = []
        for header in (body.part_headers if body is not None else []):
            schema = self.bundler.inline(header.schema, header.base)
            header_values.append((header, strategy(schema, "header", is_valid, fallback_seed=self.fallback_seed)))

        def build(data):
            arguments = {}
            for parameter, values in parts:
                if parameter.required or data.draw(st.booleans()):
                    arguments.setdefault(parameter.location, {})[parameter.name] = data.draw(values)
            if body_strategy is not None and (body.required or data.draw(st.booleans())):
                arguments["body"] = data.draw(body_strategy)
            if body is not None and body.raw:
                from operations import wildcard_default_type
                media = body.media_type.split(";")[0].strip().lower()
                if wildcard_default_type(media) is None:
                    # apigen's required `contentType` argument (`image/*` has no default), read like a header.
                    arguments.setdefault("header", {})["Content-Type"] = media.replace("*", "x-wire")
            sent_parts = arguments["body"] if isinstance(arguments.get("body"), dict) else {}
            for header, values in header_values:
                if sent_parts.get(header.part) is not None and (header.required or data.draw(st.booleans())):
                    arguments.setdefault("partHeaders", {}).setdefault(header.part, {})[header.name] = data.draw(values)
            return arguments
        return build

    def _response_plans(self, rng):
        documented = {r.status for r in self.operation.responses}
        codes = {int(s) for s in documented if s.isdigit()}
        has_success = any(s.startswith("2") for s in documented)
        # The header apigen's `<method>WithHeaders` reads for each name: the first success response's of that name.
        exposed = {}
        for response in self.operation.responses:
            if response.status.startswith("2") or (response.status == "default" and not has_success):
                for header in response.headers:
                    exposed.setdefault(header.name.lower(), (response.status, header))
        plans = []
        for response in self.operation.responses:
            status = response.status
            if status.isdigit():
                code = int(status)
            elif status.upper().endswith("XX") and status[0].isdigit():
                code = next(c for c in range(int(status[0]) * 100, int(status[0]) * 100 + 100) if c not in codes)
            else:
                code = next(c for c in SPARE_STATUSES if c not in codes)
            if 100 <= code < 200:
                continue  # an informational status is never a final answer (RFC 9110 §15.2): no client can get one
            success = status.startswith("2") or (status == "default" and not has_success)
            bodies = [None]
            schema = inline = None
            stream = None
            if code in (204, 205, 304):
                pass  # HTTP carries no content with these, whatever the description says
            elif response.stream is not None:
                stream = self._stream_plan(response.stream, status, rng)
                bodies = stream["bodies"]
            elif response.media_type and _is_json(response.media_type):
                # No schema: any JSON value (`{}`), the description's examples first among them.
                declared = response.schema if response.schema is not None else {}
                schema = self.bundler.bundle(declared, response.base)
                try:
                    inline = self.bundler.inline(declared, response.base)
                    bodies = self._draw(lambda fallback: strategy(inline, None, is_valid, fallback_seed=fallback),
                                        f"response {status}", rng.randrange(2**32))
                    bodies = [self._envelope_status(strip_undeclared(b, inline), success) for b in bodies]
                    bodies = [b for b in bodies if is_valid(schema, b)]
                except GenerationError as error:
                    bodies = []
                    # An example the schema refuses points at the description (an unsatisfiable schema, e.g.
                    # `additionalProperties: false` beside an `allOf` that adds every property), not at apigen.
                    refused = sum(1 for e in response.examples if not is_valid(schema, e))
                    note = (f" (the schema refuses {refused} of the description's {len(response.examples)} "
                            "example(s) too: the description is wrong)") if refused else ""
                    self.result["failures"].append(f"response {status}: cannot generate a body: {error}{note}")
                # Examples too carry only what a model can (undeclared members are checked apart, as for drawn ones).
                bodies += [strip_undeclared(e, inline) if inline is not None else e
                           for e in response.examples if is_valid(schema, e) and within_wire_limits(e)]
            elif response.media_type and self.operation.method.lower() != "head" and _is_binary(response.media_type):
                # Returned as `Data`: random bytes (one empty body among them), which must come back unchanged.
                bodies = [{"base64": base64.b64encode(rng.randbytes(0 if index == 0 else rng.randrange(1, 64))).decode()}
                          for index in range(self.cases * 3)]
            elif _is_text(response.media_type):
                # Returned as a `String`, decoded in the charset the response names (judged by the round trip).
                declared = self.bundler.inline(response.schema, response.base) if response.schema is not None else {}
                kept = {k: v for k, v in (declared if isinstance(declared, dict) else {}).items()
                        if k in ("enum", "const", "minLength", "maxLength", "pattern")}
                schema = inline = {"type": "string", **kept}
                bodies = self._draw(lambda fallback: strategy(inline, None, is_valid, fallback_seed=fallback).filter(
                    lambda value: isinstance(value, str)), f"response {status}", rng.randrange(2**32))
            # Every documented header is drawn (the client checks each response's own, errors' too), and what
            # `<method>WithHeaders` read is compared for the ones it exposes from this status; an error case carries
            # all of its own response's.
            header_sets = self._header_sets(response.headers, rng)
            plans.append({"status": status, "code": code, "success": success, "media_type": response.media_type,
                          "schema": schema, "bodies": bodies, "inline": inline if schema is not None else {},
                          "text": _is_text(response.media_type), "header_sets": header_sets,
                          "exposed_headers": {h.name.lower() for h in response.headers
                                              if (not success or exposed.get(h.name.lower(), (None, None))[0] == status)
                                              and self._readable_header(h)},
                          "headers": response.headers, "stream": stream})
        if not self.operation.responses:
            # OpenAPI 3.1 lets an operation document no response: the request is still judged, and a bodiless
            # 200 must reach the caller as success.
            plans.append({"status": "200", "code": 200, "success": True, "media_type": None, "schema": None,
                          "bodies": [None], "inline": {}, "text": False, "header_sets": [], "exposed_headers": set(),
                          "headers": []})
        return [p for p in plans if p["bodies"]]

    def _readable_header(self, header):
        """Whether the header's schema is a scalar or a list of scalars, the types `<method>WithHeaders` reads
        typed (anything else it returns as text, which says nothing new)."""
        schema = self.bundler.inline(header.schema, header.base) if header.schema is not None else {"type": "string"}
        return _is_header_scalar(schema) or (isinstance(schema, dict) and schema.get("type") == "array"
                                             and _is_header_scalar(schema.get("items")))

    def _header_sets(self, headers, rng):
        """Values for a success response's documented headers, one dict per case: drawn from each header's schema as
        header parameters are (printable ASCII, lists without delimiters). Scalars and lists of scalars are drawn,
        and any header the description marks `required` (an object in `simple` style), since the client checks it."""
        columns = []
        for header in headers:
            if header.name.lower() in _FRAMING_HEADERS:
                continue
            schema = self.bundler.inline(header.schema, header.base) if header.schema is not None else {"type": "string"}
            if not self._readable_header(header) and not header.required:
                continue
            values = self._draw(lambda fallback, schema=schema: strategy(schema, "header", is_valid, fallback_seed=fallback),
                                f"header {header.name}", rng.randrange(2**32))
            if values:
                columns.append((header.name, values))
        return [{name: values[index % len(values)] for name, values in columns} for index in range(self.cases * 3)] \
            if columns else []

    def _draw(self, make_strategy, what, seed):
        """Bodies drawn by hypothesis-jsonschema within the draw budget, else by the fallback generator."""
        try:
            values = make_strategy(None)
            bodies = draw_samples(lambda data: data.draw(values), self.cases * 3, seed, self.draw_budget)
            if bodies:
                return bodies
            self._fell_back(what, "hypothesis-jsonschema drew no value")
        except (GenerationError, DrawTimeout) as error:
            self._fell_back(what, error)
        values = make_strategy(seed)
        return draw_samples(lambda data: data.draw(values), self.cases * 3, seed)

    def _fell_back(self, what, reason):
        """Notes (not as a failure) that `what` came from the fallback generator, and why."""
        self.result.setdefault("fallbacks", []).append(f"{what}: {str(reason)[:200]}")

    def _envelope_status(self, body, success):
        """A success body of an API with `envelope:` carries one of the configured success values."""
        if self.envelope and success and isinstance(body, dict) and self.envelope.get("status") in body:
            body = dict(body)
            body[self.envelope["status"]] = str((self.envelope.get("success") or ["ok"])[0])
        return body

    # MARK: - Running

    def run(self):
        rng = random.Random(f"{self.seed}:{self.operation.key}")
        seed = rng.randrange(2**32)
        try:
            samples = draw_samples(self._argument_strategy(), self.cases * 3, seed, self.draw_budget)
            if not samples:
                self._fell_back("arguments", "hypothesis-jsonschema drew no argument set")
        except (GenerationError, DrawTimeout) as error:
            self._fell_back("arguments", error)
            samples = []
        if not samples:
            try:
                self.fallback_seed = seed
                samples = draw_samples(self._argument_strategy(), self.cases * 3, seed)
            except GenerationError as error:
                self.result["failures"].append(f"arguments: cannot generate: {error}")
                return self._finish()
            finally:
                self.fallback_seed = None
        if not samples:
            self.result["failures"].append("arguments: neither generator produced an argument set")
            return self._finish()
        plans = self._response_plans(rng)
        if not plans:
            self.result["failures"].append("responses: no documented response the harness can produce")
            return self._finish()
        chosen = [samples[0]] + rng.sample(samples[1:], min(len(samples) - 1, self.cases - 1))
        while len(chosen) < self.cases:
            chosen.append(samples[len(chosen) % len(samples)])
        for index, arguments in enumerate(chosen):
            plan = plans[index % len(plans)]
            body = plan["bodies"][rng.randrange(len(plan["bodies"]))] if plan["bodies"] else None
            self._case(arguments, plan, body)
        self._invalid_case(plans, rng, chosen[0])
        self._invalid_item_case(plans, rng, chosen[0])
        self._truncated_stream_case(plans, chosen[0])
        self._reconnect_case(plans, chosen[0])
        self._download_case(plans, chosen[0])
        self._upload_case(plans, chosen)
        self._files_on_disk_case(plans, chosen)
        self._invalid_header_case(plans, chosen[0])
        self._evolution_case(plans, rng, chosen[0])
        self._error_body_case(plans, chosen[0])
        return self._finish()

    def _send(self, arguments, code, body, media_type, headers=None, key=None):
        if body is None:
            payload = b""
        elif isinstance(body, dict) and set(body) == {"base64"} and media_type and _is_binary(media_type):
            payload = base64.b64decode(body["base64"])
        elif isinstance(body, dict) and media_type and stream_kind(media_type) and "stream" in body:
            payload = stream_payload(body)
            if body.get("pieces"):
                payload = pieces(payload)
        elif media_type and _is_json(media_type):
            payload = json.dumps(body).encode("utf-8")
        elif isinstance(body, str) and _is_text(media_type):
            payload, charset = _text_payload(body)
            media_type = f"{media_type.split(';')[0].strip()}; charset={charset}"
        else:
            payload = str(body).encode("utf-8")
        self.judge.expect(code, payload, media_type if body is not None else None,
                          {name: _header_text(value) for name, value in (headers or {}).items()})
        answer = self.driver.call(key or self.operation.key, arguments, self.judge.base_url)
        return answer, self.judge.records()

    def _send_for(self, check, arguments, plan, body, sent_headers=None, key=None, **marks):
        """`_send` for one check: the case is recorded (with `marks`) and (answer, records) returned; a driver that hung
        or crashed fails `check` and gives None."""
        try:
            answer, records = self._send(arguments, plan["code"], body, plan["media_type"], sent_headers, key=key)
        except (DriverHang, DriverCrash) as error:
            self._count(check, False, f"driver: {error}")
            return None
        self.result["cases"].append({"arguments": arguments, "status": plan["code"], "body": body, "answer": answer, **marks})
        return answer, records

    def _count(self, check, passed, message=None):
        self.result["checks"][check][1] += 1
        if passed:
            self.result["checks"][check][0] += 1
        elif message:
            self.result["failures"].append(f"{check}: {message}")

    def _case(self, arguments, plan, body):
        headers = plan["header_sets"][len(self.result["cases"]) % len(plan["header_sets"])] if plan["header_sets"] else {}
        case = {"arguments": arguments, "status": plan["code"], "body": body}
        if headers:
            case["headers"] = headers
        self.result["cases"].append(case)
        try:
            answer, records = self._send(arguments, plan["code"], body, plan["media_type"], headers)
        except (DriverHang, DriverCrash) as error:
            case["error"] = str(error)
            self._count("request", False, f"driver: {error}")
            self._count("response", False)
            return
        case["answer"] = answer
        passed, message = self._request_verdict(arguments, records)
        if passed:
            passed, message = self._accept_verdict(records[0], plan)
        self._count("request", passed, message)
        self._count("response", *self._response_verdict(answer, plan, body, headers))

    def _accept_verdict(self, record, plan):
        """The planned response's media type must be one the request's `Accept` admits (media_ranges.py): a
        content-negotiating server answers 406 otherwise. Statuses that carry no content are not judged."""
        media_type = plan.get("media_type")
        if not media_type or plan["code"] in (204, 205, 304):
            return True, None
        accept = next((v for k, v in record["headers"].items() if k.lower() == "accept"), None)
        if accepts(accept, media_type):
            return True, None
        return False, (f"Accept: {accept!r} does not admit {media_type}, the documented {plan['status']} response's "
                       f"media type (sent {record['raw_uri']})")

    def _request_verdict(self, arguments, records):
        if not records:
            return False, "no request reached the server"
        if len(records) > 1:
            return False, f"{len(records)} requests for one call"
        record = records[0]
        if record.get("errors"):
            return False, f"openapi-core: {record['errors'][0]} (sent {record['raw_uri']})"
        if not self.operation.security:
            # `security: []` (or none declared): the client must not send any of its credentials.
            carried = [k for k, v in record["headers"].items() if "wire-" in str(v)]
            if "wire-" in (record["raw_uri"] or ""):
                carried.append("query")
            if carried:
                return False, f"credentials sent to an operation without security: {carried}"
        references = [p for p in self.operation.parameters if reference_styles.reference_only(p)]
        skipped = {(p.location, p.name) for p in references}
        found = reference_styles.check(references, self.operation.parameters, arguments, record["raw_uri"],
                                       self.operation.path, self.judge.base_path)
        for location in ("path", "query", "header", "cookie"):
            expected = {k: v for k, v in (arguments.get(location) or {}).items()
                        if v is not None and (location, k) not in skipped}
            for (where, name), schema in self.parameter_schemas.items():
                if where == location and name not in expected and isinstance(schema, dict) and "default" in schema:
                    expected[name] = schema["default"]
            if location == "query":
                # The items of a query written in the path key are sent on every call (Docs/wire-conformance.md).
                from judge_server import split_path_key
                for name, value in split_path_key(self.operation.path)[1]:
                    expected.setdefault(name, value)
            actual = record["parameters"][location]
            if location == "path":
                actual = {k: _unquote(v) for k, v in actual.items()}
            if location == "header":
                # OpenAPI: header parameters named Accept, Content-Type or Authorization are ignored.
                ignored = {"accept", "content-type", "authorization"}
                expected = {k.lower(): v for k, v in expected.items() if k.lower() not in ignored}
                actual = {k.lower(): v for k, v in actual.items() if k.lower() not in ignored}
            found += differences(expected, actual, f"{location}", wire_scalars=True)
        if "body" in arguments and arguments["body"] is not None and self.operation.body is not None:
            media = self.operation.body.media_type
            if self.operation.body.raw:
                found += self._raw_wildcard_body_differences(arguments, record)
            elif _is_json(media) or media.startswith("application/x-www-form-urlencoded") \
                    or media.startswith("multipart/form-data"):
                read_only = getattr(self, "body_read_only_schema", None)
                # Arguments may carry read-only members (a model fetched and sent back); the client leaves them out.
                without_read_only = (lambda value: strip_read_only(value, read_only)) if read_only is not None \
                    else (lambda value: value)
                expected = without_read_only(arguments["body"])
                actual = record.get("unmarshalled_body")
                sent_type = record["headers"].get("Content-Type", "")
                if (self.operation.path, self.operation.method.upper()) in self.judge.harness_bodies:
                    # A tuple body (openapi-core cannot read prefixItems): parsed and validated here.
                    actual = _json_or_text(record["body"].decode("utf-8", "replace"))
                    if not is_valid(self.body_schema, actual):
                        found.append(f"body: not valid against the description (jsonschema-rs): {str(actual)[:80]}")
                if actual is None and record["body"] and _is_json(sent_type) and "*" in media:
                    # openapi-core unmarshals no body for a wildcard media type; the client said it sent JSON.
                    actual = _json_or_text(record["body"].decode("utf-8", "replace"))
                if media.startswith("multipart/form-data"):
                    from judge_server import multipart_parts
                    # Parts are the method's arguments, and one left out is not sent (the server applies its
                    # default); but the driver decodes a structured part's argument into its generated model, which
                    # fills in the defaults of absent members, so a member left out of the draw arrives with its
                    # default, as in a JSON body (openai's realtime `session` part). Defaults only an ambiguous
                    # union's alternative explains may be there or not (`expected_after_defaults`).
                    sent = arguments["body"]
                    strict, loose = sent, sent
                    if self.body_schema:
                        strict = {k: v for k, v in with_defaults(sent, self.body_schema, ambiguous=False).items() if k in sent}
                        loose = {k: v for k, v in with_defaults(sent, self.body_schema).items() if k in sent}
                    expected = {k: _part_text(v) for k, v in strict.items() if v is not None}
                    part_types, part_headers = {}, {}
                    actual = multipart_parts(record["body"], record["headers"].get("Content-Type", ""),
                                             part_types, part_headers, read=_part_as_read)
                    found += self._part_header_differences(arguments, part_headers)
                    encoding = self.operation.body.encoding
                    for name, value in strict.items():
                        declared = str((encoding.get(name) or {}).get("contentType") or "").split(";")[0].strip().lower()
                        # A structured part (or one the description's encoding declares JSON) is JSON: compared by
                        # meaning, not by how the encoder escapes it.
                        if (_is_structured_part(value) or _is_json(declared)) and isinstance(actual.get(name), str):
                            expected[name] = value
                            actual[name] = without_optional_defaults(_json_or_text(actual[name]), value, loose.get(name))
                        # A part's declared content type (one media type, no wildcard) is the one it must carry.
                        if value is not None and declared and "*" not in declared and "," not in declared \
                                and name in part_types and part_types[name] != declared:
                            found.append(f"body/{name}: part sent as {part_types[name]}, the encoding says {declared}")
                    for name, value in expected.items():
                        # An array of one element is one part, which reads back as that element alone.
                        if isinstance(value, list) and isinstance(actual.get(name), str):
                            actual[name] = [actual[name]]
                elif self.body_schema:
                    expected, actual = expected_after_defaults(arguments["body"], self.body_schema, actual,
                                                               then=without_read_only)
                if media.startswith("application/x-www-form-urlencoded") and expected == {} and actual is None:
                    # A form with no members is an empty body, which reads as no body at all: the wire cannot tell.
                    actual = {}
                found += differences(expected, actual, "body")
            elif media.startswith("text/"):
                # Read as a server reads it: in the charset the Content-Type names, else US-ASCII, the default of
                # text/plain (RFC 2046 §4.1.2, RFC 6657) and of text/csv (RFC 7111); servlet containers read
                # ISO-8859-1, which garbles UTF-8 just as well.
                sent_type = record["headers"].get("Content-Type", "")
                charset = _media_type_parameter(sent_type, "charset") or "us-ascii"
                try:
                    sent = record["body"].decode(charset)
                except (LookupError, UnicodeDecodeError) as error:
                    sent = f"<not {charset}: {error}>"
                if sent != arguments["body"]:
                    found.append(f"body: expected text {arguments['body'][:40]!r}, got {sent[:40]!r} "
                                 f"(read as {charset}, the Content-Type being {sent_type!r})")
            elif not _is_json(media):
                if record["body"] != base64.b64decode(arguments["body"]):
                    found.append(f"body: expected {len(base64.b64decode(arguments['body']))} bytes as given, "
                                 f"got {record['body'][:40]!r}")
        if found:
            return False, "; ".join(found[:3]) + f" (sent {record['raw_uri']})"
        return True, None

    def _raw_wildcard_body_differences(self, arguments, record):
        """A raw body under a wildcard media type: the bytes as given, with a concrete Content-Type the wildcard
        allows (the one the call named, else apigen's default for the wildcard)."""
        from operations import wildcard_default_type
        found = []
        expected_bytes = base64.b64decode(arguments["body"])
        if record["body"] != expected_bytes:
            found.append(f"body: expected {len(expected_bytes)} bytes as given, got {record['body'][:40]!r}")
        media = self.operation.body.media_type.split(";")[0].strip().lower()
        sent = record["headers"].get("Content-Type", "").split(";")[0].strip().lower()
        named = ((arguments.get("header") or {}).get("Content-Type") or "").lower()
        expected_type = named or wildcard_default_type(media)
        kind, _, subtype = media.partition("/")
        fits = "*" not in sent and "/" in sent and (kind == "*" or sent.split("/")[0] == kind)
        if not fits or (expected_type and sent != expected_type):
            found.append(f"body: Content-Type {sent!r} for a `{media}` body, expected {expected_type or 'a concrete type'!r}")
        return found

    def _part_header_differences(self, arguments, part_headers):
        """Where the headers the parts carry differ from the headers given for them (`simple` style: an array's
        elements joined by `,`); names compare case-insensitively, as HTTP's do."""
        found = []
        declared = {(h.part, h.name.lower()) for h in self.operation.body.part_headers}
        for part, given in (arguments.get("partHeaders") or {}).items():
            sent = part_headers.get(part) or {}
            for name, value in given.items():
                if value is None:
                    continue
                got = sent.get(name.lower())
                values = value if isinstance(value, list) else [value]
                texts = [] if got is None else got.split(",") if isinstance(value, list) else [got]
                if got is None or len(texts) != len(values) or not all(map(_text_means, values, texts)):
                    expected = ",".join(_part_text(v) for v in values)
                    found.append(f"body/{part}: header {name}: expected {expected!r}, got {got!r}")
        for part, sent in part_headers.items():
            for name in sent:
                if name not in ("content-disposition", "content-type") and (part, name) not in declared:
                    found.append(f"body/{part}: header {name} is not in the part's encoding")
        return found

    def _response_verdict(self, answer, plan, body, headers=None):
        if "failure" in answer:
            return False, f"driver could not dispatch: {answer['failure']}"
        outcome = answer["outcome"]
        expected_kind = "success" if plan["success"] else "documentedError"
        if outcome.get("kind") != expected_kind:
            return False, (f"HTTP {plan['code']} ({plan['status']}): expected {expected_kind}, got {outcome.get('kind')}"
                           f" {outcome.get('caseName') or ''}: {(outcome.get('message') or '')[:300]}")
        if expected_kind == "documentedError" and outcome.get("status") != plan["code"]:
            return False, f"HTTP {plan['code']}: the error carries status {outcome.get('status')}"
        if expected_kind == "documentedError" and outcome.get("caseName") == "undocumentedBody":
            # A documented error whose body and headers are the documented ones is its own case, not the fallback.
            return False, (f"HTTP {plan['code']} ({plan['status']}): thrown as undocumentedBody: "
                           f"{(outcome.get('message') or '')[:300]}")
        headers = {k: v for k, v in (headers or {}).items() if k.lower() in plan.get("exposed_headers", ())}
        if plan["code"] in REDIRECT_STATUSES:
            # The judge's server sends its own `Location` with a redirect, whatever was drawn (judge_server.py).
            headers = {k: REDIRECT_TARGET if k.lower() == "location" else v for k, v in headers.items()}
        if headers:
            # What `<method>WithHeaders` read, each as JSON text, must mean what the server sent.
            read = {k.lower(): v for k, v in (outcome.get("headers") or {}).items()}
            found = differences({k.lower(): v for k, v in headers.items()},
                                {k.lower(): json.loads(read[k.lower()]) for k in headers if k.lower() in read},
                                "headers", wire_scalars=True)
            if found:
                return False, f"HTTP {plan['code']} headers: " + "; ".join(found[:3])
        if body is not None and plan.get("stream") is not None:
            return self._stream_verdict(outcome, plan, body)
        if isinstance(body, dict) and set(body) == {"base64"}:
            read = base64.b64decode(outcome.get("base64") or "")
            sent = base64.b64decode(body["base64"])
            if read != sent:
                return False, f"HTTP {plan['code']} {plan['media_type']}: {len(sent)} bytes sent, {len(read)} returned" \
                              + ("" if len(read) != len(sent) else " (different bytes)")
            return True, None
        if body is None or plan["schema"] is None:
            return True, None
        # The dispatcher reports a decoded Swift `String` as `text`, whatever the media type it came in.
        actual = outcome["body"] if "body" in outcome else outcome.get("text")
        unwrapped = (lambda value: value.get(self.envelope["data"])) \
            if self.envelope and plan["success"] and isinstance(body, dict) and self.envelope["status"] in body \
            else (lambda value: value)
        expected, actual = expected_after_defaults(body, plan["inline"], actual, then=unwrapped)
        found = differences(expected, actual, "")
        if found:
            return False, f"HTTP {plan['code']} round trip: " + "; ".join(found[:3])
        return True, None

    # MARK: - Invalid responses

    def _invalid_case(self, plans, rng, arguments):
        # A text response has nothing to validate: apigen returns whatever text arrives.
        plan = next((p for p in plans if p["success"] and p["schema"] is not None and not p["text"]), None)
        if plan is None:
            return
        for body in plan["bodies"]:
            mutated = _mutation(body, plan["schema"], rng)
            if mutated is not None:
                break
        else:
            return
        sent = self._send_for("invalid", arguments, plan, mutated, _first(plan["header_sets"]), mutated=True)
        if sent is not None:
            self._count("invalid", *_refusal(sent[0].get("outcome") or {}, plan["schema"], mutated, "a body"))

    def _invalid_header_case(self, plans, arguments):
        """A response whose documented header is missing (when `required`) or not of its documented type (an integer,
        number or boolean header carrying a word) is refused like a body breaking its schema, with the header named;
        the body and the other headers are valid. A success response fails the call (`invalidResponse`); a documented
        error is thrown as its enum's `undocumentedBody`, with the status, the report naming the header. One header of
        a success response and one of an error response are broken per operation."""
        for success in (True, False):
            broken = next(((plan, header, self._broken_header(header))
                           for plan in plans if plan["success"] == success and plan["bodies"]
                           for header in plan.get("headers", ()) if self._broken_header(header) is not None), None)
            if broken is None:
                continue
            plan, header, (value, keyword) = broken
            headers = {k: v for k, v in _first(plan["header_sets"]).items() if k.lower() != header.name.lower()}
            if value is not None:
                headers[header.name] = value
            body = plan["bodies"][0]
            sent = self._send_for("invalidHeader", arguments, plan, body, headers, headers=headers, brokenHeader=header.name)
            if sent is None:
                return
            answer = sent[0]
            outcome = answer.get("outcome") or {}
            named = [v for v in outcome.get("violations") or []
                     if (v.get("header") or "").lower() == header.name.lower() and v.get("keyword") == keyword]
            what = "missing" if value is None else f"{value!r}"
            refused = outcome.get("kind") == "invalidResponse" if success else \
                (outcome.get("kind"), outcome.get("caseName"), outcome.get("status")) == \
                ("documentedError", "undocumentedBody", plan["code"])
            if not refused:
                self._count("invalidHeader", False, f"HTTP {plan['code']} with header {header.name} {what} was "
                                                    f"accepted ({outcome.get('kind')} {outcome.get('caseName') or ''}): "
                                                    f"{(outcome.get('message') or '')[:200]}")
            elif not named:
                self._count("invalidHeader", False, f"HTTP {plan['code']} with header {header.name} {what}: no "
                                                    f"`{keyword}` violation names the header: "
                                                    f"{outcome.get('violations')}"[:300])
            else:
                self._count("invalidHeader", True)

    def _broken_header(self, header):
        """How to break `header`: (None, "required") to leave a required one out, (text, "type") to send a word
        where a number or boolean is documented; None when neither applies."""
        if header.name.lower() in _FRAMING_HEADERS:
            return None
        if header.required:
            return None, "required"
        schema = self.bundler.inline(header.schema, header.base) if header.schema is not None else None
        if isinstance(schema, dict) and not any(k in schema for k in ("oneOf", "anyOf", "allOf", "not", "$ref")):
            kind = schema.get("type")
            if kind in ("integer", "number"):
                return "not-a-number", "type"
            if kind == "boolean":
                return "maybe", "type"
        return None

    # MARK: - Evolution and error bodies

    def _evolution_case(self, plans, rng, arguments):
        """A success body with a value no `enum` lists (servers add them without a new version) is returned, and the
        new value comes back unchanged."""
        for plan in (p for p in plans if p["success"] and p["schema"] is not None and not p["text"]):
            for body in plan["bodies"]:
                evolved = _evolve(body, plan["inline"], plan["schema"])
                if evolved is None:
                    continue
                sent = self._send_for("evolution", arguments, plan, evolved, _first(plan["header_sets"]), evolved=True)
                if sent is not None:
                    self._count("evolution", *self._response_verdict(sent[0], plan, evolved))
                return

    def _error_body_case(self, plans, arguments):
        """A documented error status whose body is a proxy's HTML page still reaches the caller with its status."""
        plan = next((p for p in plans if not p["success"] and p["schema"] is not None), None)
        if plan is None:
            return
        page = "<html><body>Bad Gateway</body></html>"
        try:
            self.judge.expect(plan["code"], page.encode(), "text/html")
            answer = self.driver.call(self.operation.key, arguments, self.judge.base_url)
        except (DriverHang, DriverCrash) as error:
            self._count("errorBody", False, f"driver: {error}")
            return
        outcome = answer.get("outcome") or {}
        passed = outcome.get("kind") == "documentedError" and outcome.get("status") == plan["code"]
        self._count("errorBody", passed, f"HTTP {plan['code']} with an HTML body: got {outcome.get('kind')} "
                                         f"{outcome.get('caseName') or ''} status {outcome.get('status')}: "
                                         f"{(outcome.get('message') or answer.get('failure') or '')[:200]}")

    def _finish(self):
        checks = self.result["checks"]
        self.result["passed"] = not self.result["failures"] and all(p == n for p, n in checks.values()) \
            and checks["request"][1] > 0
        return self.result


def _media_type_parameter(media_type, name):
    """The value of parameter `name` of a Content-Type value (quotes removed, lowercased), or None."""
    for parameter in media_type.split(";")[1:]:
        key, _, value = parameter.partition("=")
        if key.strip().lower() == name:
            return value.strip().strip('"').lower() or None
    return None


def _unquote(value):
    """Path parameter values reach openapi-core with `/ , ; = %` still encoded (judge_server); one pass decodes
    them, so that an encoded `%` never makes a second escape."""
    if isinstance(value, str):
        return re.sub(r"%(2[FfCc5]|3[BbDd])", lambda match: chr(int(match.group(1), 16)), value)
    if isinstance(value, list):
        return [_unquote(v) for v in value]
    if isinstance(value, dict):
        return {_unquote(k): _unquote(v) for k, v in value.items()}
    return value


def _evolve(body, inline, schema):
    """`body` with one string that an `enum` constrains replaced by a value the enum does not list, or None."""
    from value_generation import _expand
    paths = []

    def walk(value, node_schema, path):
        schemas = _expand(node_schema)
        if isinstance(value, str) and any(isinstance(s, dict) and isinstance(s.get("enum"), list)
                                          and all(isinstance(v, str) for v in s["enum"]) for s in schemas):
            paths.append(path)
        elif isinstance(value, dict):
            for key, member in value.items():
                children = [s["properties"][key] for s in schemas if isinstance(s, dict) and key in (s.get("properties") or {})]
                if children:
                    walk(member, {"allOf": children}, path + [key])
        elif isinstance(value, list):
            items = [s["items"] for s in schemas if isinstance(s, dict) and isinstance(s.get("items"), dict)]
            for index, item in enumerate(value):
                if items:
                    walk(item, {"allOf": items}, path + [index])
    walk(body, inline, [])
    for path in paths:
        candidate = _replaced(body, path, lambda _: "apigen-new-value")
        validator = jsonschema_rs.Draft202012Validator(schema, validate_formats=True)
        kinds = {type(error.kind).__name__ for error in validator.iter_errors(candidate)}
        if kinds == {"Enum"}:
            return candidate
    return None


def _is_scalar(value):
    return isinstance(value, (str, int, float, bool))


def _is_structured_part(value):
    """A value sent as one JSON part: an object, or an array with a non-scalar element (an array of scalars is one
    text part per element, OpenAPI 3.1.1)."""
    return isinstance(value, dict) or (isinstance(value, list) and not all(_is_scalar(v) for v in value))


def _json_or_text(text):
    try:
        return json.loads(text)
    except ValueError:
        return text


def _part_as_read(payload, headers):
    """A part's bytes as a server reads them: a text part (one of a `text/*` type, or of none: `text/plain` by
    RFC 7578) without a file name in the charset its `Content-Type` names, else in US-ASCII (RFC 2046's default;
    servlet containers read ISO-8859-1, which garbles UTF-8 just as well); any other part as UTF-8 (JSON is UTF-8 by
    RFC 8259)."""
    content_type = headers.get("content-type", "text/plain")
    is_file = _media_type_parameter("x/x; " + headers.get("content-disposition", ""), "filename") is not None
    if is_file or not content_type.split(";")[0].strip().lower().startswith("text/"):
        return payload.decode("utf-8", "replace")
    charset = _media_type_parameter(content_type, "charset") or "us-ascii"
    try:
        return payload.decode(charset)
    except (LookupError, UnicodeDecodeError) as error:
        return f"<a text part not in {charset}, the charset its Content-Type {content_type!r} implies: {error}>"


def _part_text(value):
    """What a multipart part carries for an argument: a string as is, a scalar as text, anything else as JSON."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list) and all(_is_scalar(v) for v in value):
        return [_part_text(v) for v in value]
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _text_means(value, text):
    """Whether `text` (a header's or a part's text) means the scalar `value`: numbers by value, not spelling."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return float(text) == float(value) and (not isinstance(value, int) or int(text) == value)
        except ValueError:
            return False
    return _part_text(value) == text

