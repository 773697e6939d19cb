#!/usr/bin/env python3
"""Writes the inputs of the validation benchmark from schema.json, deterministically.

- payload-valid.json: one {status, reason, data} envelope with 100 items (about 18 KB, compact JSON)
- payload-invalid.json: the same payload with five violations deep in the items (see VIOLATIONS)
- api/openapi.yaml: an OpenAPI 3.1 wrapper whose one operation returns schema.json, with `$defs` moved to
  `components.schemas` (refs rewritten) so that apigen compiles exactly the schema the Python validators get

Standard library only. Rerunning it rewrites identical bytes.
"""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ITEM_COUNT = 100

FIRST = ["marta", "jonas", "aiko", "li", "sven", "amara", "diego", "noor", "piotr", "zoe", "kofi", "ines"]
LAST = ["k", "berg", "tan", "okafor", "ruiz", "haddad", "novak", "lee", "silva", "ito"]
CITIES = [("Rio de Janeiro", "BR"), ("Trondheim", "NO"), ("Lisbon", "PT"), ("Osaka", "JP"), ("Ho Chi Minh City", "VN"),
          ("Montevideo", "UY"), ("Krakow", "PL"), ("Melbourne", "AU"), ("Toronto", "CA"), ("Kuala Lumpur", "MY")]
TAGS = ["music", "travel", "chess", "running", "photo", "cooking", "films", "hiking", "games", "books"]
ROLES = ["member"] * 8 + ["moderator", "admin"]
NICKNAMES = ["Mags", "Jo-Jo", "Ai-chan", None, "Sunny", None, "Dee Dee", None, "Pete the cat", "Zed"]


class LCG:
    """A fixed linear congruential generator: the same numbers on every Python version."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self, bound: int) -> int:
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return (self.state >> 33) % bound


def make_items() -> list[dict]:
    rng = LCG(20240917)
    items = []
    for index in range(ITEM_COUNT):
        member_id = 100_000 + index * 37 + rng.next(30)
        first, last = FIRST[rng.next(len(FIRST))], LAST[rng.next(len(LAST))]
        tag_count = 1 + rng.next(4)
        start = rng.next(len(TAGS))
        tags = [TAGS[(start + step * 3) % len(TAGS)] for step in range(tag_count)]
        city, country = CITIES[rng.next(len(CITIES))]
        items.append({
            "id": member_id,
            "ident": str(member_id),
            "username": f"{first}.{last}{rng.next(1000)}",
            "role": ROLES[rng.next(len(ROLES))],
            "karma": rng.next(20_000) - 500,
            "tags": tags,
            "nickname": NICKNAMES[rng.next(len(NICKNAMES))],
            "place": {"city": city, "country": country},
        })
    return items


# (item index, field, new value, keyword it violates): all deep in the list, so a validator walks most of the
# payload before the first one.
VIOLATIONS = [
    (61, "ident", "61x", "pattern"),
    (74, "role", "owner", "enum"),
    (83, "tags", ["music", "chess", "music"], "uniqueItems"),
    (90, "place", {"city": "Lisbon", "country": "PT", "zip": "1100"}, "additionalProperties"),
    (97, "karma", 2_000_000, "maximum"),
]


def envelope(items: list[dict]) -> dict:
    return {"status": "ok", "reason": None, "data": {"items": items, "page": 1, "total": 4213}}


def dump(value) -> bytes:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def rewrite_refs(node):
    if isinstance(node, dict):
        return {key: (value.replace("#/$defs/", "#/components/schemas/") if key == "$ref" else rewrite_refs(value))
                for key, value in node.items()}
    if isinstance(node, list):
        return [rewrite_refs(value) for value in node]
    return node


def yaml_scalar(value) -> str:
    # JSON scalars are valid YAML flow scalars (strings quoted, null/true/false/numbers as is).
    return json.dumps(value, ensure_ascii=False)


def to_yaml(node, indent: int = 0) -> list[str]:
    pad = " " * indent
    lines = []
    if isinstance(node, dict):
        for key, value in node.items():
            label = key if key.replace("_", "").replace("-", "").isalnum() and not key[0].isdigit() else json.dumps(key)
            if isinstance(value, dict) and value:
                lines.append(f"{pad}{label}:")
                lines += to_yaml(value, indent + 2)
            elif isinstance(value, list) and value and any(isinstance(v, (dict, list)) for v in value):
                lines.append(f"{pad}{label}:")
                for element in value:
                    sub = to_yaml(element, indent + 4)
                    lines.append(f"{pad}  - {sub[0].lstrip()}")
                    lines += sub[1:]
            elif isinstance(value, list):
                lines.append(f"{pad}{label}: [{', '.join(yaml_scalar(v) for v in value)}]")
            elif isinstance(value, dict):
                lines.append(f"{pad}{label}: {{}}")
            else:
                lines.append(f"{pad}{label}: {yaml_scalar(value)}")
    return lines


def openapi(schema: dict) -> str:
    schemas = {}
    envelope_schema = {key: value for key, value in schema.items() if key not in ("$schema", "$defs")}
    schemas["Envelope"] = rewrite_refs(envelope_schema)
    for name, definition in schema.get("$defs", {}).items():
        schemas[name] = rewrite_refs(definition)
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Validation benchmark", "version": "1.0.0"},
        "paths": {
            "/members": {
                "get": {
                    "operationId": "listMembers",
                    "responses": {
                        "200": {
                            "description": "One page of members.",
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Envelope"}}},
                        }
                    },
                }
            }
        },
        "components": {"schemas": schemas},
    }
    header = ("# Written by generate.py from ../schema.json: do not edit. The OpenAPI 3.1 wrapper apigen compiles the\n"
              "# benchmark schema from; `$defs` are moved to components.schemas and the refs rewritten.\n")
    return header + "\n".join(to_yaml(document)) + "\n"


def main() -> None:
    schema = json.loads((HERE / "schema.json").read_text())
    items = make_items()
    (HERE / "payload-valid.json").write_bytes(dump(envelope(items)))
    broken = json.loads(json.dumps(items))
    for index, field, value, _ in VIOLATIONS:
        broken[index][field] = value
    (HERE / "payload-invalid.json").write_bytes(dump(envelope(broken)))
    (HERE / "api").mkdir(exist_ok=True)
    (HERE / "api" / "openapi.yaml").write_text(openapi(schema))
    (HERE / "violations.json").write_text(json.dumps(
        [{"instanceLocation": f"/data/items/{index}/{field}", "keyword": keyword} for index, field, _, keyword in VIOLATIONS],
        indent=2) + "\n")


if __name__ == "__main__":
    main()
