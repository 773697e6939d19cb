"""A second generator of values for inlined JSON Schemas, used where hypothesis-jsonschema gives up.

hypothesis-jsonschema canonicalises a schema before it draws, which on large `anyOf`s of large objects (openai's
eval runs, chat completions) takes longer than any session, draws nothing, or raises `FlakyStrategyDefinition`. This
generator walks the schema once with a seeded `random.Random`: it picks one `anyOf`/`oneOf` branch, merges `allOf`
members, includes every required member and some optional ones, and meets the size and range keywords. It makes no
claim of validity itself: every value it produces is checked against the generation schema by jsonschema-rs (the
same judge that filters hypothesis's values), and only valid values are returned.
"""
import base64
import copy
import datetime
import json
import math
import random
import string
import uuid

import hypothesis
import hypothesis.strategies as st

MAX_DEPTH = 6
LETTERS = string.ascii_letters + string.digits


class _Unsatisfiable(Exception):
    """A `false` schema was reached where a value is required."""


def instances(schema, count, seed, is_valid, attempts_per_value=12):
    """Up to `count` distinct values valid against `schema` according to `is_valid(schema, value)`."""
    rng = random.Random(f"{seed}:{json.dumps(schema, sort_keys=True, default=str)[:4096]}")
    found, seen = [], set()
    for _ in range(count * attempts_per_value):
        if len(found) >= count:
            break
        try:
            value = _Generator(rng).value(schema, 0)
        except (_Unsatisfiable, RecursionError):
            continue
        key = json.dumps(value, sort_keys=True, default=str)
        if key in seen:
            continue
        seen.add(key)
        if is_valid(schema, value):
            found.append(value)
    return found


def _types(schema):
    kind = schema.get("type")
    return list(kind) if isinstance(kind, list) else ([kind] if kind else [])


def merge(base, other):
    """`base` and `other` asserted together, as one schema where keywords allow (an approximation: the result is
    only a guide for generation, which the validator checks afterwards)."""
    if other is True or other == {}:
        return base
    if other is False:
        return False
    if base is False:
        return False
    result = dict(base)
    for key, value in other.items():
        if key not in result:
            result[key] = copy.copy(value)
        elif key == "properties":
            merged = dict(result[key])
            for name, sub in value.items():
                merged[name] = {"allOf": [merged[name], sub]} if name in merged else sub
            result[key] = merged
        elif key == "required":
            result[key] = list(dict.fromkeys(list(result[key]) + list(value)))
        elif key == "type":
            mine, theirs = set(_types(result)), set(_types(other))
            common = mine & theirs
            if "integer" in mine | theirs and "number" in mine | theirs and not common - {"null"}:
                common = common | {"integer"}
            result[key] = sorted(common) if common else result[key]
        elif key in ("minimum", "minLength", "minItems", "minProperties", "exclusiveMinimum"):
            if isinstance(value, (int, float)) and not isinstance(value, bool) and isinstance(result[key], (int, float)):
                result[key] = max(result[key], value)
        elif key in ("maximum", "maxLength", "maxItems", "maxProperties", "exclusiveMaximum"):
            if isinstance(value, (int, float)) and not isinstance(value, bool) and isinstance(result[key], (int, float)):
                result[key] = min(result[key], value)
        elif key == "enum":
            common = [v for v in result[key] if v in value]
            result[key] = common or result[key]
        elif key in ("allOf", "anyOf", "oneOf"):
            # Two lists of alternatives: both must hold; keep the second as an `allOf` member.
            result.setdefault("allOf", [])
            result["allOf"] = list(result["allOf"]) + [{key: value}]
        elif key in ("items", "additionalProperties") and isinstance(value, dict) and isinstance(result[key], dict):
            result[key] = {"allOf": [result[key], value]}
    return result


class _Generator:
    def __init__(self, rng):
        self.rng = rng

    def value(self, schema, depth):
        if schema is True:
            return self.rng.choice(["x", 1, True, None, {}])
        if schema is False:
            raise _Unsatisfiable()
        if not isinstance(schema, dict):
            return {}
        schema = self._flatten(schema, depth)
        if schema is False:
            raise _Unsatisfiable()
        if "const" in schema:
            return copy.deepcopy(schema["const"])
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            return copy.deepcopy(self.rng.choice(schema["enum"]))
        kinds = _types(schema) or self._implied_types(schema)
        non_null = [k for k in kinds if k != "null"]
        if "null" in kinds and (not non_null or self.rng.random() < 0.15):
            return None
        kind = self.rng.choice(non_null)
        return getattr(self, "_" + kind, self._unknown)(schema, depth)

    def _flatten(self, schema, depth):
        """`schema` with its `allOf` merged in and one `anyOf`/`oneOf` alternative chosen (repeatedly: merged
        members may bring their own)."""
        for _ in range(16):
            members = [key for key in ("allOf", "anyOf", "oneOf") if isinstance(schema.get(key), list)]
            if not members:
                return schema
            key = members[0]
            rest = {k: v for k, v in schema.items() if k != key}
            if key == "allOf":
                for member in schema[key]:
                    rest = merge(rest, member) if rest is not False else False
                schema = rest
            else:
                options = [m for m in schema[key] if m is not False]
                if not options:
                    return False
                chosen = self.rng.choice(options)
                schema = merge(rest, chosen)
            if schema is False:
                return False
        return schema

    @staticmethod
    def _implied_types(schema):
        if any(k in schema for k in ("properties", "required", "additionalProperties", "patternProperties")):
            return ["object"]
        if "items" in schema or "prefixItems" in schema:
            return ["array"]
        return ["string", "integer", "boolean", "object"]

    def _unknown(self, schema, depth):
        return None

    def _boolean(self, schema, depth):
        return self.rng.random() < 0.5

    def _integer(self, schema, depth):
        low, high = self._bounds(schema, integer=True)
        step = schema.get("multipleOf")
        if isinstance(step, (int, float)) and not isinstance(step, bool) and step > 0 and float(step).is_integer():
            step = int(step)
            first = -(-low // step) * step
            count = (high - first) // step
            if count < 0:
                raise _Unsatisfiable()
            return first + step * self.rng.choice([0, count, self.rng.randint(0, min(count, 1000))])
        if high < low:
            raise _Unsatisfiable()
        near = self.rng.randint(max(low, -1000), min(high, 1000)) if max(low, -1000) <= min(high, 1000) else low
        return self.rng.choice([low, high, near, near])

    def _number(self, schema, depth):
        low, high = self._bounds(schema, integer=False)
        step = schema.get("multipleOf")
        if isinstance(step, (int, float)) and not isinstance(step, bool) and step > 0:
            first = -(-low // step) * step
            count = int(min((high - first) // step, 10**6))
            if count < 0:
                raise _Unsatisfiable()
            return first + step * self.rng.randint(0, count)
        if high < low:
            raise _Unsatisfiable()
        centre = min(max(0.0, low), high)
        candidates = [low, high, centre, centre + 0.5 if centre + 0.5 <= high else centre]
        return float(self.rng.choice(candidates))

    def _bounds(self, schema, integer):
        low = schema.get("minimum", -2**63 if integer else -1e300)
        high = schema.get("maximum", 2**63 - 1 if integer else 1e300)
        exclusive_low, exclusive_high = schema.get("exclusiveMinimum"), schema.get("exclusiveMaximum")
        if isinstance(exclusive_low, (int, float)) and not isinstance(exclusive_low, bool):
            low = max(low, exclusive_low + (1 if integer else 1e-6))
        elif exclusive_low is True:
            low = low + (1 if integer else 1e-6)
        if isinstance(exclusive_high, (int, float)) and not isinstance(exclusive_high, bool):
            high = min(high, exclusive_high - (1 if integer else 1e-6))
        elif exclusive_high is True:
            high = high - (1 if integer else 1e-6)
        if integer:
            low, high = math.ceil(low), math.floor(high)
        return low, high

    def _string(self, schema, depth):
        format_ = schema.get("format")
        if "pattern" in schema:
            drawn = self._from_pattern(schema["pattern"], schema)
            if drawn is not None:
                return drawn
        if format_ in FORMATS:
            return FORMATS[format_](self.rng)
        low = int(schema.get("minLength", 0))
        high = int(schema.get("maxLength", max(low, 12)))
        high = min(high, low + 16)
        if high < low:
            raise _Unsatisfiable()
        length = self.rng.randint(low, high)
        return "".join(self.rng.choice(LETTERS) for _ in range(length))

    def _from_pattern(self, pattern, schema):
        try:
            strategy = st.from_regex(pattern)
            low, high = schema.get("minLength"), schema.get("maxLength")
            if low is not None or high is not None:
                strategy = strategy.filter(lambda s: (low is None or len(s) >= low) and (high is None or len(s) <= high))
            drawn = []

            @hypothesis.settings(max_examples=1, database=None, deadline=None, phases=[hypothesis.Phase.generate],
                                 suppress_health_check=list(hypothesis.HealthCheck))
            @hypothesis.seed(self.rng.randrange(2**32))
            @hypothesis.given(strategy)
            def draw(value):
                drawn.append(value)
            draw()
            return drawn[0] if drawn else None
        except Exception:
            return None

    def _object(self, schema, depth):
        properties = schema.get("properties") or {}
        required = [name for name in schema.get("required") or [] if isinstance(name, str)]
        result = {}
        extra = schema.get("additionalProperties")
        for name in required:
            sub = properties.get(name)
            if sub is None:
                sub = extra if isinstance(extra, dict) else True
            result[name] = self.value(sub, depth + 1)
        optional = [name for name in properties if name not in result]
        self.rng.shuffle(optional)
        chance = 0.6 if depth < 2 else (0.25 if depth < MAX_DEPTH else 0.0)
        for name in optional:
            if self.rng.random() < chance:
                try:
                    result[name] = self.value(properties[name], depth + 1)
                except _Unsatisfiable:
                    pass
        minimum = int(schema.get("minProperties", 0))
        index = 0
        while len(result) < minimum and index < 32:
            spare = [name for name in properties if name not in result]
            if spare:
                result[spare[0]] = self.value(properties[spare[0]], depth + 1)
            elif extra is not False:
                result[f"key{index}"] = self.value(extra if isinstance(extra, dict) else {"type": "string"}, depth + 1)
            index += 1
        if isinstance(extra, dict) and not properties and depth < MAX_DEPTH and self.rng.random() < 0.5:
            result.setdefault("extra", self.value(extra, depth + 1))
        maximum = schema.get("maxProperties")
        if isinstance(maximum, int):
            for name in [n for n in result if n not in required][: max(0, len(result) - maximum)]:
                result.pop(name)
        return result

    def _array(self, schema, depth):
        prefix = schema.get("prefixItems") if isinstance(schema.get("prefixItems"), list) else None
        items = schema.get("items", True)
        if isinstance(items, list):  # draft 4-7 tuples
            prefix, items = items, schema.get("additionalItems", True)
        low = int(schema.get("minItems", 0))
        high = int(schema.get("maxItems", low + 3))
        if prefix is not None:
            low = max(low, len(prefix))
        high = min(high, low + (2 if depth < 3 else 0))
        if high < low:
            raise _Unsatisfiable()
        length = self.rng.randint(low, high)
        result = []
        for index in range(length):
            sub = prefix[index] if prefix is not None and index < len(prefix) else items
            result.append(self.value(sub, depth + 1))
        if schema.get("uniqueItems"):
            unique = []
            for element in result:
                if element not in unique:
                    unique.append(element)
            result = unique
        return result


def _date_time(rng):
    moment = datetime.datetime(2000, 1, 1, tzinfo=datetime.timezone.utc) + datetime.timedelta(
        seconds=rng.randrange(10**9))
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ") if rng.random() < 0.5 else moment.strftime("%Y-%m-%dT%H:%M:%S.123Z")


FORMATS = {
    "date-time": _date_time,
    "date": lambda rng: _date_time(rng)[:10],
    "time": lambda rng: _date_time(rng)[11:19] + "Z",
    "email": lambda rng: "".join(rng.choice(string.ascii_lowercase) for _ in range(6)) + "@example.com",
    "idn-email": lambda rng: "user@example.com",
    "uri": lambda rng: "https://example.com/" + "".join(rng.choice(string.ascii_lowercase) for _ in range(5)),
    "url": lambda rng: "https://example.com/" + "".join(rng.choice(string.ascii_lowercase) for _ in range(5)),
    "uri-reference": lambda rng: "/" + "".join(rng.choice(string.ascii_lowercase) for _ in range(5)),
    "iri": lambda rng: "https://example.com/a",
    "hostname": lambda rng: "".join(rng.choice(string.ascii_lowercase) for _ in range(8)) + ".example",
    "ipv4": lambda rng: ".".join(str(rng.randrange(256)) for _ in range(4)),
    "ipv6": lambda rng: ":".join(f"{rng.randrange(65536):x}" for _ in range(8)),
    "uuid": lambda rng: str(uuid.UUID(int=rng.getrandbits(128), version=4)),
    "byte": lambda rng: base64.b64encode(bytes(rng.randrange(256) for _ in range(rng.randrange(12)))).decode(),
    "int32": lambda rng: str(rng.randint(-2**31, 2**31 - 1)),
    "int64": lambda rng: str(rng.randint(-2**63, 2**63 - 1)),
    "duration": lambda rng: f"P{rng.randrange(1, 30)}D",
}
