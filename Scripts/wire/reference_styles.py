"""The harness's own reference for parameter styles openapi-core 0.23.1 cannot deserialize.

openapi-core reads label and matrix path parameters only from templates written `{.name}` / `{;name}`, splits
spaceDelimited values on a literal `%20` after the query was decoded, and reads exploded form objects from one
`name` pair. Parameters in those styles are removed from the description openapi-core judges and checked here:
the raw request is compared, after percent-decoding, with the serialization the OpenAPI specification's "Style
Examples" table gives for the arguments.
"""
import urllib.parse


def reference_only(parameter):
    """Whether openapi-core cannot judge this parameter (see the module documentation)."""
    if parameter.content_type:
        return False
    kind = _kind(parameter.resolved_schema)
    if parameter.location == "path" and parameter.style in ("label", "matrix"):
        return True
    if parameter.location == "query" and parameter.style == "spaceDelimited":
        return True
    if parameter.location == "query" and parameter.style == "form" and parameter.explode and kind == "object":
        return True
    return False


def _kind(schema):
    if not isinstance(schema, dict):
        return "primitive"
    alternatives = [s for s in (schema.get("anyOf") or []) + (schema.get("oneOf") or [])
                    if not (isinstance(s, dict) and s.get("type") == "null")]
    if "type" not in schema and len(alternatives) == 1:
        # OpenAPI 3.1's nullable object, `anyOf: [{type: object}, {type: "null"}]`: openapi-core looks for one
        # `name` pair, as for a primitive.
        return _kind(alternatives[0])
    kind = schema.get("type")
    if kind == "array" or "items" in schema:
        return "array"
    if kind == "object" or "properties" in schema or "allOf" in schema:
        return "object"
    return "primitive"


def _text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    return str(value)


def path_value(parameter, value, schema):
    """The decoded text that replaces `{name}` in the path."""
    name, explode, style = parameter.name, parameter.explode, parameter.style
    if isinstance(value, list):
        items = [_text(v) for v in value]
        if style == "label":
            return "." + (".".join(items) if explode else ",".join(items))
        if style == "matrix":
            return "".join(f";{name}={v}" for v in items) if explode else f";{name}=" + ",".join(items)
        return ",".join(items)
    if isinstance(value, dict):
        pairs = sorted((k, _text(v)) for k, v in value.items() if v is not None)
        if style == "label":
            return "".join(f".{k}={v}" for k, v in pairs) if explode else "." + ",".join(f"{k},{v}" for k, v in pairs)
        if style == "matrix":
            return "".join(f";{k}={v}" for k, v in pairs) if explode else f";{name}=" + ",".join(f"{k},{v}" for k, v in pairs)
        return ",".join(f"{k}={v}" if explode else f"{k},{v}" for k, v in pairs)
    if style == "label":
        return "." + _text(value)
    if style == "matrix":
        return f";{name}={_text(value)}"
    return _text(value)


def query_pairs(parameter, value):
    """The decoded `(name, value)` pairs the parameter adds to the query."""
    name, explode, style = parameter.name, parameter.explode, parameter.style
    separator = {"spaceDelimited": " ", "pipeDelimited": "|"}.get(style, ",")
    if isinstance(value, list):
        items = [_text(v) for v in value]
        return [(name, v) for v in items] if explode else [(name, separator.join(items))]
    if isinstance(value, dict):
        pairs = sorted((k, _text(v)) for k, v in value.items() if v is not None)
        if style == "deepObject":
            return [(f"{name}[{k}]", v) for k, v in pairs]
        if explode:
            return pairs
        return [(name, separator.join(x for pair in pairs for x in pair))]
    return [(name, _text(value))]


def check(parameters, all_parameters, arguments, raw_uri, path_template, base_path):
    """Differences between the raw request and the reference serialization of the reference-only parameters."""
    found = []
    split = urllib.parse.urlsplit(raw_uri)
    actual_pairs = urllib.parse.parse_qsl(split.query, keep_blank_values=True)
    for parameter in parameters:
        if parameter.location != "query":
            continue
        value = (arguments.get("query") or {}).get(parameter.name)
        expected = query_pairs(parameter, value) if value is not None else []
        names = {n for n, _ in expected} | {parameter.name}
        if parameter.style == "form" and parameter.explode and isinstance(value, dict):
            names |= set(value)
        actual = [(n, v) for n, v in actual_pairs if n in names]
        if sorted(expected) != sorted(actual):
            found.append(f"query/{parameter.name}: expected {expected!r}, got {actual!r} (reference serialization)")
    if any(p.location == "path" for p in parameters):
        expected_path = base_path + path_template
        for parameter in all_parameters:
            if parameter.location == "path":
                value = (arguments.get("path") or {}).get(parameter.name)
                expected_path = expected_path.replace("{" + parameter.name + "}", path_value(parameter, value, None))
        actual_path = urllib.parse.unquote(split.path)
        if actual_path != expected_path:
            found.append(f"path: expected {expected_path!r}, got {actual_path!r} (reference serialization)")
    return found
