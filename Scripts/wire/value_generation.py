"""Argument and response values drawn from schemas with hypothesis-jsonschema, plus explicit edge values.

Generation schemas are the bundled JSON Schemas with limits the wire imposes on top of the API description (each
one is listed in Docs/wire-conformance.md): integers stay within their `format` (int64 when none is given, as Swift's
`Int` is), path strings are not empty, header and cookie strings are printable ASCII without leading or trailing
space (HTTP trims those) and cookie strings use cookie-octets only, so that what is compared is the encoding and not
what HTTP itself cannot carry.
"""
import copy
import signal
import time

import hypothesis
import hypothesis.errors
import hypothesis.strategies as st
from hypothesis_jsonschema import from_schema

import schema_instances
from python_patterns import python_patterns

INT_LIMITS = {"int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1), "uint32": (0, 2**32 - 1)}
HEADER_PATTERN = r"^[!-~]+( [!-~]+)*$"
COOKIE_PATTERN = r"^[!#$&-+\-./0-9:<-\[\]-~]+$"
CUSTOM_FORMATS = {
    "uuid": st.uuids().map(str),
    "int32": st.integers(-2**31, 2**31 - 1).map(str),
    "int64": st.integers(-2**63, 2**63 - 1).map(str),
    "byte": st.binary(max_size=24).map(lambda data: __import__("base64").b64encode(data).decode()),
    "binary": st.text(max_size=24),
    "password": st.text(max_size=24),
    # Not a JSON Schema format, but common (Box, Stripe): apigen types it as `URL` like `uri`, so values are URLs.
    "url": st.from_regex(r"\Ahttps://[a-z]{1,12}\.example/[a-z0-9/]{0,16}\Z"),
}
EDGE_STRINGS = ["", "a b", "/?#&=+%", "ü€😀", "a,b", "a|b", "x;y", "100%", "[0]", "..", "\u00e9t\u00e9"]


def _walk(schema, visit):
    """Applies `visit` to every schema object of a bundled schema, `$defs` included."""
    if not isinstance(schema, dict):
        return
    visit(schema)
    for key in ("properties", "patternProperties", "$defs", "dependentSchemas"):
        for sub in (schema.get(key) or {}).values():
            _walk(sub, visit)
    for key in ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
                "unevaluatedProperties", "unevaluatedItems"):
        if isinstance(schema.get(key), dict):
            _walk(schema[key], visit)
    for key in ("allOf", "anyOf", "oneOf", "prefixItems"):
        for sub in schema.get(key) or []:
            _walk(sub, visit)


def _types(schema):
    kind = schema.get("type")
    return set(kind) if isinstance(kind, list) else ({kind} if kind else set())


def wire_schema(schema, location=None, allow_empty=False):
    """`schema` with the wire's limits added (a copy)."""
    schema = copy.deepcopy(schema)
    top = schema
    if location == "form":
        # A form or multipart body sends an array property as one pair or part per element, and an object property
        # in a style (`deepObject`, exploded `form`) as one pair per member: an empty one sends nothing and reads
        # back as absent, so no encoding can carry it.
        # That holds for each alternative of a property that is a choice (openai's `files`: one file or a list).
        for member in [top] + [m for m in top.get("allOf") or [] if isinstance(m, dict)]:
            _untyped_form_members_as_text(member)
            for prop in (member.get("properties") or {}).values():
                choices = [c for key in ("oneOf", "anyOf") for c in (prop.get(key) or [])] if isinstance(prop, dict) else []
                for sub in [prop] + [c for c in choices if isinstance(c, dict)]:
                    if isinstance(sub, dict) and ("array" in _types(sub) or "items" in sub):
                        sub.setdefault("minItems", 1)
                    elif isinstance(sub, dict) and ("object" in _types(sub) or "properties" in sub):
                        sub.setdefault("minProperties", 1)
        location = None

    def visit(node):
        kinds = _types(node)
        if not kinds and not any(k in node for k in ("enum", "const")):
            # apigen (like every generator) reads object keywords without a `type` as an object and `items` as
            # an array; JSON Schema would also accept any other value there.
            if any(k in node for k in ("properties", "required", "additionalProperties", "patternProperties")):
                node["type"] = "object"
                kinds = {"object"}
            elif "items" in node or "prefixItems" in node:
                node["type"] = "array"
                kinds = {"array"}
        if "integer" in kinds:
            low, high = INT_LIMITS.get(node.get("format"), INT_LIMITS["int64"])
            if "minimum" not in node and "exclusiveMinimum" not in node:
                node["minimum"] = low
            if "maximum" not in node and "exclusiveMaximum" not in node:
                node["maximum"] = high
        if "number" in kinds and node.get("format") == "float":
            # A 32-bit float prints its shortest decimal, which names another double unless the value is exact:
            # quarters within ±2^19 are exact in both and print the same.
            for bound, value in (("minimum", -2.0**19), ("maximum", 2.0**19)):
                node.setdefault(bound, value)
            node.setdefault("multipleOf", 0.25)
        if "number" in kinds:
            for bound, value in (("minimum", -1e300), ("maximum", 1e300)):
                node.setdefault(bound, value)
        # Strings inside an array or object parameter get the delimiter-free pattern below instead (a header
        # pattern here would admit the `,` that separates the items).
        if "string" in kinds and node is top and not any(k in node for k in ("enum", "const", "format", "pattern")):
            if location == "header":
                node["pattern"] = HEADER_PATTERN
            elif location == "cookie":
                node["pattern"] = COOKIE_PATTERN
            elif location == "path":
                node.setdefault("minLength", 1)
        if "string" in kinds and location in ("header", "cookie", "path"):
            node.setdefault("minLength", 1)
        if location is None:
            return
        # No parameter style can carry an empty array or an empty query value unambiguously (`name=` reads as
        # [""]); values inside arrays and objects must not contain the delimiters of any style.
        if "array" in kinds or "items" in node:
            node.setdefault("minItems", 1)
        if ("object" in kinds or "additionalProperties" in node) and node.get("additionalProperties") is not False:
            # Member names of a map parameter go on the wire like values: none may be empty (`metadata[]=0` reads
            # as an array element, not as the member "") or hold a style's delimiters.
            node.setdefault("propertyNames", {"pattern": r"^[A-Za-z0-9_~-]+$"})
        if "string" in kinds and location == "query" and not allow_empty:
            node.setdefault("minLength", 1)
        if node is top and ("object" in kinds or "properties" in node):
            # An object parameter with no members sends nothing at all: it would read as absent.
            node.setdefault("minProperties", 1)
            if "additionalProperties" not in node and not any(k in node for k in ("allOf", "anyOf", "oneOf")):
                node["additionalProperties"] = False
        if node is not top and "string" in kinds and not any(k in node for k in ("enum", "const", "format", "pattern")):
            node["pattern"] = r"^[A-Za-z0-9_~-]+$"
    _walk(schema, visit)
    return schema


_STRUCTURE_KEYWORDS = ("type", "properties", "items", "prefixItems", "additionalProperties", "patternProperties",
                       "allOf", "anyOf", "oneOf", "not", "$ref", "enum", "const")


def _untyped_form_members_as_text(member):
    """Draws text for the members of a form body that say nothing of their type: a required member that `properties`
    does not declare (Box's token revocation requires `grant_type` and declares only the others), and a declared one
    with no structure keyword. A form pair carries text; an untyped object or null drawn there has no encoding the
    reader can take back (`grant_type={"":null}` reads as a string, a null is left out). Where the description gives
    the undeclared members a schema (`additionalProperties: {...}`), that schema is drawn as it is."""
    if not isinstance(member, dict):
        return
    properties = member.get("properties") if isinstance(member.get("properties"), dict) else {}
    for name, prop in list(properties.items()):
        if isinstance(prop, dict) and not any(key in prop for key in _STRUCTURE_KEYWORDS):
            properties[name] = dict(prop, type="string")
    additional = member.get("additionalProperties", True)
    undeclared = [name for name in member.get("required") or [] if isinstance(name, str) and name not in properties]
    if undeclared and additional is not False and not isinstance(additional, dict):
        member["properties"] = dict(properties, **{name: {"type": "string"} for name in undeclared})


def _draft7_tuples(schema):
    """`schema` with 2020-12 tuples (`prefixItems`, then `items` for the rest) spelled as draft 7 (`items: [...]`,
    `additionalItems`), which hypothesis-jsonschema reads (it ignores `prefixItems`); validity is still judged on the
    2020-12 original."""
    schema = copy.deepcopy(schema)

    def visit(node):
        if isinstance(node.get("prefixItems"), list):
            rest = node.pop("items", None)
            node["items"] = node.pop("prefixItems")
            if rest is not None:
                node["additionalItems"] = rest
    _walk(schema, visit)
    return schema


class GenerationError(Exception):
    """A schema hypothesis-jsonschema cannot generate values for (recursion through `$ref`, unsatisfiable)."""


def strategy(schema, location=None, validator=None, allow_empty=False, fallback_seed=None):
    """A strategy for values valid against `schema`, with edge values mixed in where they are valid.

    With `fallback_seed`, values come from `schema_instances` (checked by `validator`) instead of
    hypothesis-jsonschema: the harness asks for that when hypothesis-jsonschema drew nothing in time.
    """
    generation = wire_schema(schema, location, allow_empty)
    edges = []
    if validator is not None:
        candidates = list(EDGE_STRINGS) + [0, -1, 2**63 - 1, -2**63, 2**31 - 1, 1.5, [], {}, True]
        edges = [value for value in candidates if _is_valid(validator, generation, value)]
    if fallback_seed is not None:
        pool = schema_instances.instances(generation, 8, fallback_seed, lambda s, v: _is_valid(validator, s, v))
        if not pool and not edges:
            raise GenerationError("neither hypothesis-jsonschema nor the fallback generator found a valid value")
        return st.sampled_from(edges + pool)
    try:
        base = from_schema(python_patterns(_draft7_tuples(generation)), allow_x00=False, codec="utf-8", custom_formats=CUSTOM_FORMATS)
    except Exception as error:  # hypothesis-jsonschema raises several types for unsupported schemas
        raise GenerationError(f"{type(error).__name__}: {error}") from None
    if validator is not None:
        # hypothesis-jsonschema ignores some formats and keywords; jsonschema-rs has the last word on validity.
        base = base.filter(lambda value: _is_valid(validator, generation, value))
    if edges:
        return st.one_of(st.sampled_from(edges), base)
    return base


def _is_valid(validator, schema, value):
    try:
        return validator(schema, value)
    except Exception:
        return False


class DrawTimeout(Exception):
    """hypothesis-jsonschema drew for longer than the draw budget (the harness then falls back)."""


def draw_samples(build, count, seed, budget=None):
    """Up to `count` values drawn by `build(data)` under one seeded hypothesis run; the first is the simplest.

    With `budget` (seconds), a run still drawing after it raises `DrawTimeout`. The timer nests inside the
    per-operation limit of wire.py: whichever comes first fires, and the outer one keeps its remaining time.
    """
    samples = []

    @hypothesis.settings(max_examples=count, database=None, deadline=None, phases=[hypothesis.Phase.generate],
                         suppress_health_check=list(hypothesis.HealthCheck))
    @hypothesis.seed(seed)
    @hypothesis.given(st.data())
    def collect(data):
        samples.append(build(data))

    with _draw_budget(budget):
        try:
            collect()
        except hypothesis.errors.Unsatisfiable:
            pass
        except Exception as error:  # hypothesis-jsonschema reports unsupported schemas when drawing
            if not samples:
                raise GenerationError(f"{type(error).__name__}: {str(error)[:300]}") from None
    return samples


class _Expired(BaseException):
    """Raised by the draw timer; a BaseException so that hypothesis and the generation code do not catch it."""


class _draw_budget:
    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        self.outer_remaining = signal.getitimer(signal.ITIMER_REAL)[0]
        self.active = self.seconds is not None and (self.outer_remaining == 0 or self.seconds < self.outer_remaining)
        if not self.active:
            return self
        self.started = time.monotonic()

        def expire(signum, frame):
            raise _Expired()
        self.outer_handler = signal.signal(signal.SIGALRM, expire)
        signal.setitimer(signal.ITIMER_REAL, self.seconds)
        return self

    def __exit__(self, kind, error, trace):
        if not self.active:
            return False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.outer_handler)
        if self.outer_remaining > 0:
            left = self.outer_remaining - (time.monotonic() - self.started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))
        if kind is _Expired:
            raise DrawTimeout(f"still drawing after {self.seconds:.0f} s") from None
        return False


def strip_undeclared(value, schema):
    """`value` without object members the schema does not declare (where it does not allow others explicitly).

    A schema without `additionalProperties` allows any member, but apigen's models keep only declared ones (an
    explicit `additionalProperties` is kept): the harness sends what a model can carry, and checks the rest apart.
    """
    schemas = _expand(schema)
    if isinstance(value, dict):
        open_ended = any(isinstance(s, dict) and (s.get("additionalProperties") not in (None, False)
                                                  or s.get("patternProperties")) for s in schemas)
        # A member `required` names without declaring it is required with any value: apigen keeps it as JSON.
        required = {name for s in schemas if isinstance(s, dict) for name in (s.get("required") or [])
                    if isinstance(name, str)}
        result = {}
        for key, member in value.items():
            children = [s["properties"][key] for s in schemas
                        if isinstance(s, dict) and key in (s.get("properties") or {})]
            if not children and not open_ended and key not in required:
                continue
            children += [s["additionalProperties"] for s in schemas
                         if isinstance(s, dict) and isinstance(s.get("additionalProperties"), dict)]
            result[key] = _strip_all(member, children)
        return result
    if isinstance(value, list):
        return [_strip_all(item, _item_schemas(schemas, index)) for index, item in enumerate(value)]
    return value


def _item_schemas(schemas, index):
    """The schemas that apply to the array element at `index`: a tuple position (`prefixItems`, draft-04 `items: [...]`)
    or, past the positions, `items` (`additionalItems` in draft-04)."""
    found = []
    for s in schemas:
        if not isinstance(s, dict):
            continue
        positions = s.get("prefixItems") if isinstance(s.get("prefixItems"), list) else \
            s.get("items") if isinstance(s.get("items"), list) else None
        if positions is not None and index < len(positions):
            found.append(positions[index])
            continue
        rest = s.get("additionalItems") if isinstance(s.get("items"), list) else s.get("items")
        if isinstance(rest, dict):
            found.append(rest)
    return [f for f in found if isinstance(f, dict)]


def strip_read_only(value, schema):
    """`value` without the object members its schema marks `readOnly` (at any depth): a client leaves them out of
    what it sends (OpenAPI: "SHOULD NOT be sent as part of the request")."""
    schemas = _expand(schema)
    if isinstance(value, dict):
        result = {}
        for key, member in value.items():
            children = [s["properties"][key] for s in schemas
                        if isinstance(s, dict) and isinstance(s.get("properties"), dict) and key in s["properties"]]
            if any(_is_read_only(c) for c in children):
                continue
            result[key] = strip_read_only(member, {"allOf": children}) if children else member
        return result
    if isinstance(value, list):
        return [strip_read_only(item, {"allOf": items}) if (items := _item_schemas(schemas, index)) else item
                for index, item in enumerate(value)]
    return value


def _is_read_only(schema, depth=0):
    """`readOnly` on the schema itself or on one of its `allOf` members (DigitalOcean's `connection: {allOf: [{$ref:
    ...}, {readOnly: true}]}`: OpenAPI 3.0 ignores a `$ref`'s siblings, so annotations go in an `allOf`)."""
    if not isinstance(schema, dict) or depth > 32:
        return False
    return schema.get("readOnly") is True or any(_is_read_only(member, depth + 1) for member in schema.get("allOf") or [])


def _strip_all(value, schemas):
    if not schemas:
        return value
    return strip_undeclared(value, {"allOf": schemas})


def _expand(schema):
    """The schema and every schema its `allOf`, `anyOf`, `oneOf`, `then` and `else` hold, at any depth."""
    return _expand_for(None, schema)


def _contradicts(node, value, depth=0):
    """Whether an object `value` cannot be an instance of `node`: a member's `const` or `enum` rules its value out,
    in `node` or in any of its `allOf` members (a discriminated variant is `allOf: [variant, {its tag}]` here)."""
    if not isinstance(node, dict) or not isinstance(value, dict) or depth > 16:
        return False
    for key, member in (node.get("properties") or {}).items():
        if key in value and isinstance(member, dict):
            if "const" in member and value[key] != member["const"]:
                return True
            if isinstance(member.get("enum"), list) and value[key] not in member["enum"]:
                return True
    return any(_contradicts(sub, value, depth + 1) for sub in node.get("allOf") or [])


def _expand_for(value, schema, ambiguous=True, definitions=None):
    """`_expand`, leaving out the `anyOf`/`oneOf` alternatives `value` contradicts (another variant's defaults do
    not apply: openai's `{type: logs}` data source gets no `include_sample_schema` of the `custom` one). Without
    `ambiguous`, a union of which `value` is an instance of more than one alternative contributes none: which one a
    reader takes (and so whose defaults) is not the description's to say."""
    found, stack = [], [schema]
    while stack and len(found) < 200:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        found.append(node)
        stack.extend(node.get("allOf") or [])
        for key in ("anyOf", "oneOf"):
            members = [member for member in node.get(key) or [] if not _contradicts(member, value)]
            if not ambiguous and len(members) > 1:
                members = [member for member in members if _is_instance(value, member, definitions)]
                if len(members) > 1:
                    members = []
            stack.extend(members)
        for key in ("then", "else"):
            if isinstance(node.get(key), dict):
                stack.append(node[key])
    return found


def _is_instance(value, schema, definitions):
    """Whether jsonschema-rs finds `value` valid against `schema` (with the bundle's `$defs`); True when it cannot
    tell (the alternative then counts as possible)."""
    import jsonschema_rs
    if not isinstance(schema, dict):
        return schema is not False
    try:
        whole = dict(schema, **({"$defs": definitions} if definitions and "$defs" not in schema else {}))
        return jsonschema_rs.Draft202012Validator(whole, validate_formats=True).is_valid(value)
    except Exception:  # noqa: BLE001 - a schema jsonschema-rs refuses decides nothing here
        return True


def _admits_null(schema, depth=0):
    """Whether a bundled schema (3.0's `nullable` already written as a `null` type) accepts null; a `$ref` is
    assumed to."""
    if not isinstance(schema, dict) or depth > 20 or "$ref" in schema:
        return True
    kind = schema.get("type")
    if kind is not None:
        return kind == "null" or (isinstance(kind, list) and "null" in kind)
    alternatives = (schema.get("anyOf") or []) + (schema.get("oneOf") or [])
    if alternatives:
        return any(_admits_null(member, depth + 1) for member in alternatives)
    if isinstance(schema.get("enum"), list):
        return None in schema["enum"]
    return True


def default_breaks_own_keywords(schema, value, openapi_30=False):
    """Whether `value`, the `default` of `schema`, breaks one of that schema's own keywords: `type` (with 3.0's
    `nullable`), `enum`, the lengths, item counts and number bounds. openai writes `{type: integer, default: inf}` and
    `{type: array, minItems: 1, default: []}`: a reader that applies defaults (openapi-core, `with_defaults`) would make
    every request that leaves the member out invalid by the description's own rules, so such a default is ignored by
    both (Docs/wire-conformance.md). A `null` default is `_admits_null`'s to judge."""
    if not isinstance(schema, dict) or value is None:
        return False
    kind = schema.get("type")
    kinds = [kind] if isinstance(kind, str) else kind if isinstance(kind, list) else None
    is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
    matches = {
        "string": isinstance(value, str), "boolean": isinstance(value, bool), "object": isinstance(value, dict),
        "array": isinstance(value, list), "number": is_number, "null": False,
        "integer": is_number and (isinstance(value, int) or value.is_integer()),
    }
    if kinds is not None and not any(matches.get(name, True) for name in kinds if isinstance(name, str)):
        return True
    if isinstance(schema.get("enum"), list) and not any(
            (value is member) if isinstance(value, bool) or isinstance(member, bool) else value == member
            for member in schema["enum"]):
        return True

    def bound(name):
        limit = schema.get(name)
        return limit if isinstance(limit, (int, float)) and not isinstance(limit, bool) else None

    if isinstance(value, str):
        if bound("minLength") is not None and len(value) < bound("minLength"):
            return True
        if bound("maxLength") is not None and len(value) > bound("maxLength"):
            return True
    if isinstance(value, list):
        if bound("minItems") is not None and len(value) < bound("minItems"):
            return True
        if bound("maxItems") is not None and len(value) > bound("maxItems"):
            return True
    if is_number:
        exclusive_30 = openapi_30 or isinstance(schema.get("exclusiveMinimum"), bool) or isinstance(schema.get("exclusiveMaximum"), bool)
        if bound("minimum") is not None and (value < bound("minimum") or (exclusive_30 and schema.get("exclusiveMinimum") is True
                                                                          and value == bound("minimum"))):
            return True
        if bound("maximum") is not None and (value > bound("maximum") or (exclusive_30 and schema.get("exclusiveMaximum") is True
                                                                          and value == bound("maximum"))):
            return True
        if not exclusive_30 and bound("exclusiveMinimum") is not None and value <= bound("exclusiveMinimum"):
            return True
        if not exclusive_30 and bound("exclusiveMaximum") is not None and value >= bound("exclusiveMaximum"):
            return True
    return False


def within_wire_limits(value, schema=None):
    """Whether every integer in `value` fits the integer limits the harness draws within (a `format`'s, int64 when
    none is given, as Swift's `Int` is): DigitalOcean's kafka `flush_messages` has `example` and `default`
    9223372036854776000 (int64's maximum printed through a double, one past it), which no `Int` holds; apigen warns
    and leaves such a default out, so neither is expected or sent."""
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        low, high = INT_LIMITS.get(schema.get("format") if isinstance(schema, dict) else None, INT_LIMITS["int64"])
        return low <= value <= high or (isinstance(schema, dict) and "integer" not in _types(schema))
    if isinstance(value, dict):
        return all(within_wire_limits(member) for member in value.values())
    if isinstance(value, list):
        return all(within_wire_limits(member) for member in value)
    return True


def _meets_own_format(schema, value):
    """Whether a string default meets its schema's `format` (jsonschema-rs, formats asserted). GitHub's deployment
    status says `environment_url: {type: string, format: uri, default: ""}`: the empty string is no URI, apigen warns
    that a `URL` cannot hold it and generates no default, so it is not expected."""
    fmt = schema.get("format") if isinstance(schema, dict) else None
    if not isinstance(value, str) or not isinstance(fmt, str):
        return True
    import jsonschema_rs
    try:
        return jsonschema_rs.Draft202012Validator({"format": fmt}, validate_formats=True).is_valid(value)
    except Exception:  # noqa: BLE001 - a format jsonschema-rs does not know decides nothing
        return True


def with_defaults(value, schema, ambiguous=True, definitions=None):
    """`value` with the `default` of every declared, absent object member filled in (what a reader that applies
    defaults, like openapi-core or an apigen model, makes of it). Without `ambiguous`, only defaults every reader
    must apply: none from an alternative of a union that `value` is an instance of more than once
    (`expected_after_defaults`)."""
    if definitions is None and isinstance(schema, dict) and isinstance(schema.get("$defs"), dict):
        definitions = schema["$defs"]
    schemas = _expand_for(value, schema, ambiguous, definitions)
    if isinstance(value, dict):
        result = dict(value)
        for node in schemas:
            if not isinstance(node, dict):
                continue
            for key, member in (node.get("properties") or {}).items():
                if key not in result and isinstance(member, dict) and "default" in member \
                        and (member["default"] is not None or _admits_null(member)) \
                        and not default_breaks_own_keywords(member, member["default"]) \
                        and within_wire_limits(member["default"], member) \
                        and _meets_own_format(member, member["default"]):
                    # A default its own schema refuses is a description error the judge leaves out too.
                    result[key] = member["default"]
        for key in list(result):
            children = [s["properties"][key] for s in schemas
                        if isinstance(s, dict) and key in (s.get("properties") or {})]
            if children:
                result[key] = with_defaults(result[key], {"allOf": children}, ambiguous, definitions)
            elif not any(isinstance(s, dict) and s.get("patternProperties") for s in schemas):
                # A map's values (`additionalProperties`) have defaults too (DigitalOcean's plan `tier_coverage`).
                extra = [s["additionalProperties"] for s in schemas
                         if isinstance(s, dict) and isinstance(s.get("additionalProperties"), dict)]
                if extra:
                    result[key] = with_defaults(result[key], {"allOf": extra}, ambiguous, definitions)
        return result
    if isinstance(value, list):
        items = [s["items"] for s in schemas if isinstance(s, dict) and isinstance(s.get("items"), dict)]
        return [with_defaults(item, {"allOf": items}, ambiguous, definitions) for item in value] if items else value
    return value


def expected_after_defaults(sent, schema, actual, then=lambda value: value):
    """What a round trip of `sent` must give, and `actual` with the members only an ambiguous union's defaults
    explain left out.

    A value that is an instance of several alternatives of an `anyOf`/`oneOf` (DigitalOcean's logsink `config`:
    `{url, index_prefix}` fits the rsyslog, elasticsearch and opensearch variants, whose defaults differ) may be
    read as any of them: apigen takes one, openapi-core may take another or all. Defaults every reader applies are
    required; a member an ambiguous alternative's default explains may be there (with that default) or not. `then`
    is applied to both expectations (leaving out read-only members)."""
    strict = then(with_defaults(sent, schema, ambiguous=False))
    loose = then(with_defaults(sent, schema))
    return strict, without_optional_defaults(actual, strict, loose)


def without_optional_defaults(actual, strict, loose):
    """`actual` without the members that only `loose` (defaults of every alternative) has, holding that default."""
    if isinstance(actual, dict) and isinstance(strict, dict) and isinstance(loose, dict):
        result = {}
        for key, member in actual.items():
            if key not in strict and key in loose and _same_default(member, loose[key]):
                continue
            result[key] = without_optional_defaults(member, strict.get(key), loose.get(key)) if key in strict else member
        return result
    if isinstance(actual, list) and isinstance(strict, list) and isinstance(loose, list) \
            and len(actual) == len(strict) == len(loose):
        return [without_optional_defaults(a, s, l) for a, s, l in zip(actual, strict, loose)]
    return actual


def _same_default(value, default):
    if isinstance(value, bool) or isinstance(default, bool):
        return value is default
    return value == default
