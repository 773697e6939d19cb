"""Patterns as Python's `re` reads them (openapi-core and hypothesis-jsonschema both use it)."""
import re

_PCRE_END_ANCHOR = re.compile(r"(?<!\\)((?:\\\\)*)\\z")


def python_patterns(node):
    """`node` with each `pattern` readable by Python's `re`, which openapi-core uses: PCRE's end anchor `\\z` (Apple's
    package registry writes `\\A...\\z`) is Python's `\\Z`; before Python 3.14 `re` refuses `\\z` ("bad escape"), and
    openapi-core then judges no request at all. `\\A` means the same in both. (ECMA-262, which OpenAPI names, reads
    both as the letters A and z; the description means anchors, and apigen does not check parameter patterns.)"""
    if isinstance(node, dict):
        return {key: (_PCRE_END_ANCHOR.sub(r"\1\\Z", value) if key == "pattern" and isinstance(value, str)
                      else python_patterns(value)) for key, value in node.items()}
    if isinstance(node, list):
        return [python_patterns(value) for value in node]
    return node
