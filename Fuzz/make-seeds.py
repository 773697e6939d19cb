#!/usr/bin/env python3
"""Rebuilds the seed corpora in Fuzz/corpus/ from this repository's own files (api-spec/, Tests/): run from anywhere.

Reproducers of fixed findings are kept as `regression-*` files and are never touched here."""
import glob, hashlib, json, os, re, sys, warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
corpus = os.path.join(root, "Fuzz", "corpus")


def read(path):
    with open(os.path.join(root, path), encoding="utf-8") as handle:
        return handle.read()


def write(harness, data, limit=8192):
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data or len(data) > limit:
        return
    folder = os.path.join(corpus, harness)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed-" + hashlib.sha1(data).hexdigest()[:16]), "wb") as handle:
        handle.write(data)


def swift_literals(paths):
    """The contents of raw string literals (#"..."#) and multi-line literals in Swift test files, unescaped roughly."""
    for path in paths:
        text = read(path)
        for match in re.finditer(r'#"(.*?)"#', text):
            yield match.group(1)
        for match in re.finditer(r'"""\n(.*?)\n\s*"""', text, re.S):
            body = match.group(1)
            indent = min((len(l) - len(l.lstrip(" ")) for l in body.splitlines() if l.strip()), default=0)
            yield "\n".join(l[indent:] for l in body.splitlines()) + "\n"
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', text):
            yield match.group(1).encode().decode("unicode_escape", errors="ignore")


def tests(pattern):
    return sorted(glob.glob(os.path.join(root, "Tests", pattern), recursive=True))


def main():
    for folder in glob.glob(os.path.join(corpus, "*")):
        for seed in glob.glob(os.path.join(folder, "seed-*")):
            os.remove(seed)

    # spec: the example description, its referenced files, fixtures and the YAML/JSON descriptions of the core tests.
    for path in sorted(glob.glob(os.path.join(root, "api-spec", "**", "*.*"), recursive=True)) + tests("Fixtures/**/*.yaml"):
        if path.endswith((".yaml", ".json")):
            write("spec", read(path), limit=64 * 1024)
    for literal in swift_literals(tests("APIGenCoreTests/*.swift")):
        if re.search(r"^(openapi|swagger|\$schema|type|paths|components):", literal, re.M) or literal.lstrip().startswith('{"'):
            write("spec", literal)

    # json: every JSON body of the runtime and example-client tests, and the JSON schemas of api-spec/.
    for literal in swift_literals(tests("APIRuntimeTests/**/*.swift") + tests("ExampleAPITests/**/*.swift")):
        try:
            json.loads(literal)
        except ValueError:
            continue
        if literal.lstrip()[:1] in "{[\"0123456789-tfn":
            write("json", literal)
            if '"status"' in literal or '"code"' in literal:
                write("envelope", literal)
    for path in glob.glob(os.path.join(root, "api-spec", "schemas", "*.json")):
        write("json", read(path))
    for identifier in ["42", "-7", "\"42\"", "\"042\"", "\"x42\"", "9223372036854775807", "\"-9223372036854775808\"", "4.2", "[1, \"1\", \"01\"]"]:
        write("envelope", '{"status": "ok", "data": {"id": %s, "ids": [%s], "owner": null}}' % (identifier, identifier))
        write("envelope", '{"code": 200, "msg": "x", "result": [%s]}' % identifier)

    # regex: flag byte, pattern, NUL, subject; patterns from api-spec/ and the pattern tests.
    patterns = set(re.findall(r"pattern\"?:\s*['\"](.+?)['\"],?\s*$", "\n".join(
        read(p) for p in glob.glob(os.path.join(root, "api-spec", "**", "*.*"), recursive=True)
        if p.endswith((".yaml", ".json"))), re.M))
    patterns |= {"^(a+)+$", "(?<=\\$)\\d+(\\.\\d\\d)?", "^\\p{Lu}\\p{Ll}*$", "(?<year>\\d{4})-\\k<year>", "[\\u{1F600}-\\u{1F64F}]",
                 "^[^\\s@]+@[^\\s@]+$", "\\bfoo\\B", "(a|b)*?c{2,}", "[\\d\\w-]", "\\cJ", "a{,3}", "\\-\\a]"}
    subjects = ["", "abc", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "USD", "12:59", "1.2.3", "$12.50", "Ωmega", "x@y", "2024-2024", "😀"]
    for index, pattern in enumerate(sorted(patterns)):
        for flag in (0, 1):
            write("regex", bytes([flag]) + pattern.encode() + b"\0" + subjects[index % len(subjects)].encode())

    # http-fields: field value, LF, body.
    fields = set()
    for literal in swift_literals(tests("APIRuntimeTests/CacheControlTests.swift") + tests("APIRuntimeTests/HTTPDateTests.swift")
                                  + tests("APIRuntimeTests/MediaTypeSnifferTests.swift") + tests("APIRuntimeTests/HTTPCacheTests.swift")):
        if 0 < len(literal) < 200 and "\n" not in literal:
            fields.add(literal)
    fields |= {"Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
               "application/json; charset=utf-8", "image/jpg", "application/octet-stream", "no-store", "max-age=60, private"}
    bodies = [b"", b"{\"a\": 1}", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", b"%PDF-1.7", b"<?xml version=\"1.0\"?><svg/>", b"GIF89a", b"\xff\xd8\xff\xe0"]
    for index, field in enumerate(sorted(fields)):
        write("http-fields", field.encode() + b"\n" + bodies[index % len(bodies)])


if __name__ == "__main__":
    sys.exit(main())
