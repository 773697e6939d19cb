"""What the wire judge's checks share: JSON Schema validity and instance paths (jsonschema-rs), how apigen reads a
media type, how a value is written in a header, and how a body is broken to break its schema."""
import copy
import json

import jsonschema_rs

from operations import stream_kind


def is_valid(schema, value, formats=True):
    return jsonschema_rs.Draft202012Validator(schema, validate_formats=formats).is_valid(value)


def instance_paths(schema, value):
    validator = jsonschema_rs.Draft202012Validator(schema, validate_formats=True)
    paths = set()
    for error in validator.iter_errors(value):
        paths.add("".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in error.instance_path))
    return paths


def _is_json(media_type):
    base = (media_type or "").split(";")[0].strip().lower()
    return base == "application/json" or base.endswith("+json") or base.endswith("/json") or base == "*/*"


def _is_binary(media_type):
    """A response apigen returns as `Data`: not JSON (nor `application/*`), text (CSV is bytes) or a stream."""
    base = (media_type or "").split(";")[0].strip().lower()
    return not _is_json(base) and base != "application/*" and not _is_text(base) and not stream_kind(base)


def _is_text(media_type):
    """A response apigen returns as a `String`: `text/*` but CSV (returned as bytes) and event streams."""
    base = (media_type or "").split(";")[0].strip().lower()
    return base.startswith("text/") and "csv" not in base and base != "text/event-stream"


def _is_header_scalar(schema):
    """A header schema `<method>WithHeaders` reads as a typed value: string, integer, number or boolean."""
    return isinstance(schema, dict) and schema.get("type") in ("string", "integer", "number", "boolean") \
        and not schema.get("oneOf") and not schema.get("anyOf")


def _first(header_sets):
    """The first drawn set of a plan's header values (a case that breaks something else sends valid headers)."""
    return header_sets[0] if header_sets else {}


def _header_text(value):
    """A drawn header value as OpenAPI's `simple` style writes it: a list's items joined with commas, an object's
    names and values too (`explode: false`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_header_text(item) for item in value)
    if isinstance(value, dict):
        return ",".join(f"{name},{_header_text(item)}" for name, item in value.items())
    if isinstance(value, float):
        return repr(value)
    return str(value)


def _text_payload(text):
    """A text response body as a server may send it: ISO-8859-1 when the text fits and is not ASCII (what servlet
    containers and Spring's StringHttpMessageConverter send by default), else UTF-8; the charset is named."""
    charset = "iso-8859-1" if not text.isascii() and all(ord(c) < 256 for c in text) else "utf-8"
    return text.encode(charset), charset


def _refusal(outcome, schema, mutated, what):
    """(passed, message) for the outcome of a response carrying `mutated`, which breaks `schema`: it must be refused
    with `APIError.invalidResponse` at instance paths jsonschema-rs reports too (formats asserted)."""
    if outcome.get("kind") != "invalidResponse":
        return False, (f"{what} breaking the schema was accepted ({outcome.get('kind')} {outcome.get('caseName') or ''}): "
                       f"{json.dumps(mutated)[:200]}")
    expected_paths = instance_paths(schema, mutated)
    reported = {v["instanceLocation"] for v in outcome.get("violations") or [] if not v.get("header")}
    if not reported or reported - expected_paths:
        return False, f"reported instance paths {sorted(reported)} are not among jsonschema-rs's {sorted(expected_paths)}"
    return True, None


def _mutation(body, schema, rng):
    """A copy of `body` with one value changed so that it breaks `schema`, or None when none of the tries does.

    It must break more than a `format`: formats are annotations in JSON Schema 2020-12 and in a generated client's
    default `ValidationOptions` (a malformed date still fails decoding, as a typed error). GitHub's nullable
    `last_edited_at: {type: string, format: date-time}` turned from null into "not-a-number" broke only that."""
    leaves = []

    def walk(value, path):
        leaves.append(path)
        if isinstance(value, dict):
            for key, child in value.items():
                walk(child, path + [key])
        elif isinstance(value, list):
            for index, child in enumerate(value):
                walk(child, path + [index])
    walk(body, [])
    replacements = [lambda v: 12345 if isinstance(v, str) else "not-a-number", lambda v: None, lambda v: [v],
                    lambda v: {"unexpected": v}, lambda v: True]
    tries = [(path, replace) for path in reversed(leaves) for replace in replacements]
    rng.shuffle(tries)
    tries.sort(key=lambda t: -len(t[0]))
    for path, replace in tries[:200]:
        candidate = _replaced(body, path, replace)
        if not is_valid(schema, candidate, formats=False):
            return candidate
    if isinstance(body, dict):
        for key in body:
            candidate = {k: v for k, v in body.items() if k != key}
            if not is_valid(schema, candidate, formats=False):
                return candidate
    return None


def _replaced(body, path, replace):
    """A copy of `body` whose value at `path` (keys and indices) is `replace(value)`."""
    if not path:
        return replace(copy.deepcopy(body))
    candidate = copy.deepcopy(body)
    parent = candidate
    for part in path[:-1]:
        parent = parent[part]
    parent[path[-1]] = replace(parent[path[-1]])
    return candidate
