#!/usr/bin/env python3
"""Adds seeds to the corpora in Fuzz/corpus/ from this repository's own files (api-spec/, Tests/): run from anywhere.

    python3 Fuzz/make-seeds.py [--prune] [HARNESS ...]

Seeds are only added (a seed is named by the hash of its bytes, so one already there is written again unchanged):
the committed corpus is what earlier runs made from the tests of their day, and a test rewritten since would
otherwise take its old inputs out of the corpus. HARNESS names limit the run to those folders (spec, json, envelope,
regex, http-fields, streams). `--prune` first deletes the named folders' `seed-*` files, so that they hold exactly what this
run makes. Reproducers of fixed findings are kept as `regression-*` files and are never touched here."""
import argparse, glob, hashlib, json, os, re, sys, warnings

warnings.filterwarnings("ignore", category=DeprecationWarning)

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
corpus = os.path.join(root, "Fuzz", "corpus")


def read(path):
    with open(os.path.join(root, path), encoding="utf-8") as handle:
        return handle.read()


HARNESSES = ("spec", "json", "envelope", "regex", "http-fields", "streams")
chosen = set(HARNESSES)


def write(harness, data, limit=8192):
    if harness not in chosen:
        return
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("harnesses", nargs="*", choices=[[]] + list(HARNESSES), metavar="HARNESS",
                        help="folders to add seeds to (default: all of " + ", ".join(HARNESSES) + ")")
    parser.add_argument("--prune", action="store_true", help="delete the folders' seed-* files first")
    arguments = parser.parse_args()
    chosen.intersection_update(arguments.harnesses or HARNESSES)
    before = {harness: set(os.listdir(os.path.join(corpus, harness))) if os.path.isdir(os.path.join(corpus, harness))
              else set() for harness in chosen}
    if arguments.prune:
        for harness in chosen:
            for seed in glob.glob(os.path.join(corpus, harness, "seed-*")):
                os.remove(seed)
    make_seeds()
    for harness in sorted(chosen):
        after = set(os.listdir(os.path.join(corpus, harness)))
        print(f"{harness}: {len(after - before[harness])} added, {len(before[harness] - after)} removed, {len(after)} in all")


def make_seeds():

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

    # streams: one byte choosing the chunk sizes, then a body (Fuzz/Sources/FuzzStreams): event streams with every
    # line end, a byte order mark, comments, ids, names, retry and data over several lines; JSON Lines and Sequences.
    events = [
        "data: first\n\ndata: second\n\n",
        "\ufeff: keep-alive\r\nid: 7\r\nevent: price\r\nretry: 1500\r\ndata: {\"a\": 1}\r\n\r\n",
        "id: 1\rdata: one\rdata: two\r\rid\rdata\r\r",
        "id: a\0b\ndata:  leading space\n\nretry: soon\nevent\ndata: x\n\nid: 2\n\n",
        "data: cut off at the end",
        ": only a comment\n",
    ]
    items = ['{"id": 1}\n{"id": 2}\n', '{"id": 1}\r\n\r\n[1, 2]\n"text"', "\x1e{\"a\": 1}\n\x1e2\n", "\x1e{\"cut\":"]
    for index, body in enumerate(events + items):
        for cutting in (0, 1 + index):
            write("streams", bytes([cutting]) + body.encode("utf-8"))
    for path in ["Tests/Fixtures/wire/streams.yaml"]:
        write("streams", b"\x05" + read(path).encode("utf-8")[:4096])


if __name__ == "__main__":
    sys.exit(main())
