#!/usr/bin/env python3
"""The OpenAPI Initiative's own schema tests as a judge of what apigen accepts and what it reports.

The OpenAPI Specification repository keeps, next to the JSON Schemas of OpenAPI 3.1 and 3.2, folders of documents
its schema must accept (`tests/schema/pass`) and refuse (`tests/schema/fail`). The corpus holds both sets
(../shared/corpus/specs/oai-examples/tests-schema-v3.1 and -v3.2; SOURCE.txt names the commits). For each document
apigen generates in a folder of its own:

- a **pass** document must generate with no error, and its output must type-check against the built APIRuntime
  (`swiftc -typecheck -swift-version 6`, skipped with --no-compile) with no error and no warning;
- a **fail** document must get an error or a warning whose `[at /pointer]` lies at or below the pointer listed for
  it in EXPECTED below (the object the document breaks), unless EXPECTED says apigen does not read that object
  (then it is counted as not judged, with the reason, and a document that is reported anyway says so);
- a document missing from EXPECTED fails the run, so a newer copy of the tests cannot pass unseen.

    swift build --product apigen && python3 Scripts/oas-schema-tests.py [--no-compile] [--jobs 2] [--write]

--write rewrites Docs/oas-schema-tests.md from this run. Exits 1 when a check failed, 2 without ../shared/corpus.
"""
import argparse, concurrent.futures, os, pathlib, re, shutil, subprocess, sys, tempfile

root = pathlib.Path(__file__).resolve().parent.parent
tests = root.parent / "shared" / "corpus" / "specs" / "oai-examples"
apigen = root / ".build" / "debug" / "apigen"
modules = root / ".build" / "debug" / "Modules"

# A fail document may be listed as ("unread", reason) when it breaks only an object apigen does not read; none is today.

# Fail documents by version and file name: the pointer a diagnostic must lie at or below, or why it is not judged.
EXPECTED = {
    "3.1": {
        "example-examples.yaml": ("at", "/components/parameters/animal"),
        "header-object-allowReserved.yaml": ("at", "/components/headers/Style"),
        "invalid_schema_types.yaml": ("at", "/components/schemas"),
        "link-object-no-body.yaml": ("at", "/components/links/Link-Object-with-body-property"),
        "no_containers.yaml": ("at", ""),
        "parameter-object-cookie-form-allowReserved.yaml": ("at", "/components/parameters"),
        "parameter-object-header-allowReserved.yaml": ("at", "/components/parameters/header"),
        "parameter-object-path-allowReserved.yaml": ("at", "/components/parameters/path"),
        "server_enum_empty.yaml": ("at", "/servers/0/variables/var"),
        "servers.yaml": ("at", "/servers"),
        "unknown_container.yaml": ("at", "/overlays"),
    },
    "3.2": {
        "encoding-enc-item-exclusion.yaml": ("at", "/components/requestBodies/encoding-with-prefixEncoding-not-allowed/content/multipart~1mixed"),
        "encoding-enc-prefix-exclusion.yaml": ("at", "/components/requestBodies/encoding-with-itemEncoding-not-allowed/content/multipart~1mixed"),
        "example-examples.yaml": ("at", "/components/parameters/animal"),
        "example-object-old-exclusions.yaml": ("at", "/components/examples/CannotHaveBoth"),
        "example-object-old-vs-data.yaml": ("at", "/components/examples/NoValueWithDataValue"),
        "example-object-old-vs-ser.yaml": ("at", "/components/examples/CannotHaveBoth"),
        "example-object-ser-exclusions.yaml": ("at", "/components/examples/CannotHaveBoth"),
        "header-object-allowReserved.yaml": ("at", "/components/headers/Style"),
        "header-object-name.yaml": ("at", "/paths/~1foo/get/responses/default/headers"),
        "invalid_schema_types.yaml": ("at", "/components/schemas"),
        "media-type-enc-item-exclusion.yaml": ("at", "/components/requestBodies/encoding-with-itemEncoding-not-allowed/content/multipart~1mixed"),
        "media-type-enc-prefix-exclusion.yaml": ("at", "/components/requestBodies/encoding-with-prefixEncoding-not-allowed/content/multipart~1mixed"),
        "no_containers.yaml": ("at", ""),
        "operation-object-query-with-querystring.yaml": ("at", "/components/pathItems/my-path-item/get/parameters"),
        "operation-object-two-querystrings.yaml": ("at", "/components/pathItems/my-path-item/get/parameters"),
        "parameter-object-content-not-with-style.yaml": ("at", "/components/parameters/content-not-with-style"),
        "parameter-object-cookie-allowReserved.yaml": ("at", "/components/parameters/my_cookie"),
        "parameter-object-header-allowReserved.yaml": ("at", "/components/parameters/header"),
        "parameter-object-header-name.yaml": ("at", "/components/parameters/BadHeader"),
        "parameter-object-path-name.yaml": ("at", "/components/parameters/BadPath"),
        "parameter-object-querystring-not-with-schema.yaml": ("at", "/components/parameters/querystring-not-with-schema"),
        "path-item-object-conflicting-additional-operation.yaml": ("at", "/paths/~1pets~1{id}/additionalOperations/POST"),
        "path-item-object-query-with-querystring.yaml": ("at", "/components/pathItems/my-path-item/parameters"),
        "path-item-object-two-querystrings.yaml": ("at", "/components/pathItems/my-path-item/parameters"),
        "server_enum_empty.yaml": ("at", "/servers/0/variables/var"),
        "servers.yaml": ("at", "/servers"),
        "unknown_container.yaml": ("at", "/overlays"),
        "xml-attr-exclusion.yaml": ("at", "/components/schemas/Attr/xml"),
        "xml-wrapped-exclusion.yaml": ("at", "/components/schemas/List/xml"),
    },
}

# What the judge found when it was introduced (2026-11-29), kept in the results document.
FINDINGS = [
    "## What this judge found",
    "",
    "Its first run (apigen of ba55f62) refused 3 of the 72 pass documents (the 3.1 and 3.2 security scheme examples, 3.2's",
    "parameter examples) and reported 5 of the 40 fail documents at all. Fixed since:",
    "",
    "- `in: querystring` (3.2) was an error, so a valid 3.2 document was refused; it is generated now (Docs/generated-code.md).",
    "- A security scheme that is a remote reference refused the whole document although no operation used it.",
    "- `servers` written as a mapping lost every server without a word; server variables with an empty `enum` or a",
    "  `default` outside it, and documents with no `paths`, `components` or `webhooks`, said nothing.",
    "- Components no operation uses were never read, so a broken parameter, header, request body, response or path item",
    "  there was silent until the day an operation referred to it; querystring rules, `allowReserved` where it does",
    "  nothing, header names that are no token, fields of header and media type objects were not checked.",
    "- `allowReserved` on a 3.2 path parameter was ignored; it is sent as RFC 6570 reserved expansion now.",
    "",
    "- Examples were not read: `example` beside `examples` and Example Objects with fields that exclude each other",
    "  (`value` and `externalValue`, 3.2's `dataValue` and `serializedValue`) said nothing.",
    "",
    "- Link and XML Objects were not read: a misspelt link field, a link `operationId` no operation has, and 3.2's",
    "  `nodeType` beside the `attribute` or `wrapped` it replaces said nothing.",
]

diagnostic = re.compile(r": (error|warning): (.*?)(?: \[at (.*)\])?$")


def judge(version, kind, path, compile_output):
    work = pathlib.Path(tempfile.mkdtemp(prefix="apigen-oas-tests-"))
    try:
        (work / "apigen.yml").write_text(f"spec: {path}\noutput: {work / 'out'}\naccess: public\n")
        run = subprocess.run([str(apigen), "generate", "--config", str(work / "apigen.yml")],
                             capture_output=True, text=True, timeout=120)
        found = []
        for line in run.stderr.splitlines():
            match = diagnostic.search(line)
            if match and line.startswith(str(path)):
                found.append((match.group(1), match.group(2), match.group(3) or ""))
        errors = [d for d in found if d[0] == "error"]
        result = dict(version=version, kind=kind, name=path.name, diagnostics=found, status="", detail="")
        if run.returncode not in (0, 1):
            return dict(result, status="FAIL", detail=f"apigen exited {run.returncode}: {run.stderr.strip()[-200:]}")
        if kind == "pass":
            if run.returncode != 0 or errors:
                first = errors[0][1] if errors else run.stderr.strip()[-200:]
                return dict(result, status="FAIL", detail=f"refused: {first}")
            if not compile_output:
                return dict(result, status="ok", detail="generated (not compiled: --no-compile)")
            files = sorted(str(p) for p in (work / "out").rglob("*.swift"))
            compiled = subprocess.run(["swiftc", "-typecheck", "-wmo", "-swift-version", "6", "-I", str(modules),
                                       "-I", str(root / "Sources" / "CSQLite"), "-module-name", "OASTestClient",
                                       "-parse-as-library"] + files, capture_output=True, text=True, timeout=600)
            problems = [l for l in compiled.stderr.splitlines() if ": error:" in l or ": warning:" in l]
            if compiled.returncode != 0 or problems:
                return dict(result, status="FAIL", detail="output does not type-check cleanly: " + (problems or [compiled.stderr])[0][:200])
            return dict(result, status="ok", detail=f"generated and type-checked ({len(files)} files)")
        expectation = EXPECTED.get(version, {}).get(path.name)
        if expectation is None:
            return dict(result, status="FAIL", detail="not in EXPECTED: read the document and say what apigen must report")
        how, value = expectation
        if how == "unread":
            note = f" (reported anyway: {found[0][1]})" if found else ""
            return dict(result, status="not judged", detail=value + note)
        at = [d for d in found if d[2] == value or d[2].startswith(value + "/") or value == ""]
        if not at:
            seen = "; ".join(f"{d[0]} at {d[2] or '/'}: {d[1]}" for d in found) or "nothing"
            return dict(result, status="FAIL", detail=f"nothing reported at {value or '/'} (reported: {seen})")
        severity, message, pointer = at[0]
        return dict(result, status="ok", detail=f"{severity} at {pointer or '/'}: {message}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--no-compile", action="store_true", help="do not type-check the output of pass documents")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write", action="store_true", help="rewrite Docs/oas-schema-tests.md")
    args = parser.parse_args()
    if not tests.is_dir():
        print(f"oas-schema-tests: skipped: {tests} does not exist (the corpus is in ../shared)")
        return 2
    if not apigen.exists():
        print(f"oas-schema-tests: {apigen} is missing: run `swift build --product apigen` first")
        return 1
    jobs = []
    for version in ("3.1", "3.2"):
        for kind in ("pass", "fail"):
            folder = tests / f"tests-schema-v{version}" / kind
            jobs += [(version, kind, path) for path in sorted(folder.iterdir()) if path.suffix in (".yaml", ".yml", ".json")]
    listed = {(version, name) for version, names in EXPECTED.items() for name in names}
    present = {(version, path.name) for version, kind, path in jobs if kind == "fail"}
    stale = sorted(listed - present)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda job: judge(*job, not args.no_compile), jobs))
    failed = [r for r in results if r["status"] == "FAIL"]
    for r in results:
        print(f"{r['status']:>10}  v{r['version']} {r['kind']}/{r['name']}: {r['detail']}")
    for version, name in stale:
        print(f"      FAIL  v{version} fail/{name}: listed in EXPECTED but not in the corpus")
    passes = [r for r in results if r["kind"] == "pass"]
    fails = [r for r in results if r["kind"] == "fail"]
    judged = [r for r in fails if r["status"] != "not judged"]
    summary = (f"oas-schema-tests: pass documents {sum(r['status'] == 'ok' for r in passes)} of {len(passes)} accepted"
               f"{'' if args.no_compile else ' and type-checked'}; fail documents {sum(r['status'] == 'ok' for r in judged)} "
               f"of {len(judged)} judged reported at the broken object ({len(fails) - len(judged)} not judged: apigen does not read what they break)")
    if args.write:
        write_doc(results, summary, args.no_compile)
    print(summary)
    return 1 if failed or stale else 0


def write_doc(results, summary, no_compile):
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True).stdout.strip()
    lines = ["# The OpenAPI Initiative's schema tests", "",
             "`python3 Scripts/oas-schema-tests.py --write" + (" --no-compile" if no_compile else "") + f"` on commit `{commit}`. "
             "The documents are the OpenAPI Specification repository's `tests/schema/pass` and `tests/schema/fail` for 3.1 and 3.2 "
             "(../shared/corpus/specs/oai-examples/SOURCE.txt names the commits): what the OpenAPI Initiative's own JSON Schema "
             "accepts and refuses. A pass document must generate without an error and its output type-check; a fail document must "
             "get an error or a warning at (or below) the object it breaks. What the script judges and why is in its docstring.", "",
             "- " + summary.removeprefix("oas-schema-tests: "), "", *FINDINGS, ""]
    lines += ["| version | set | document | result | what apigen said, or why it is not judged |", "|---|---|---|---|---|"]
    for r in results:
        detail = r["detail"].replace("|", "\\|")
        lines.append(f"| {r['version']} | {r['kind']} | `{r['name']}` | {r['status']} | {detail} |")
    (root / "Docs" / "oas-schema-tests.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
