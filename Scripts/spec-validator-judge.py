#!/usr/bin/env python3
"""openapi-spec-validator as a second judge of the descriptions apigen reads.

openapi-spec-validator (the validator openapi-core builds on, installed in the wire harness's virtualenv with it) checks
each root of ../shared/corpus/roots.tsv against the OpenAPI 2.0, 3.0 or 3.1 specification, following `$ref`s, schemas
included. apigen reads the same root (`generate --dry-run`, the corpus as reference folder). For every root:

- **valid** by the validator: apigen must generate it without an error;
- **invalid**: apigen must report something (an error or a warning) unless every finding of the validator is in a part
  apigen does not read (`info`, the form of the `openapi` version string), which is counted as not judged;
- the validator crashed or timed out on it: not judged, with the reason.

The validator's findings carry paths relative to the schema it was checking, not document pointers, so the judge
compares per root, not per finding; the table lists both sides' words for reading by hand.

    python3 Scripts/spec-validator-judge.py [--filter SUBSTRING] [--write]

--write rewrites Docs/spec-validator-results.md. Exits 1 when a root fails, 2 without ../shared/corpus.
"""
import argparse, json, pathlib, re, shutil, signal, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "Scripts"), str(ROOT / "Scripts" / "wire")]
from wire import ensure_virtualenv  # noqa: E402  (the wire harness's virtualenv: openapi-core brings the validator)

CORPUS = ROOT.parent / "shared" / "corpus"
APIGEN = ROOT / ".build" / "debug" / "apigen"
UNREAD = "only in parts apigen does not read (info, the form of the version string)"


class Timeout(Exception):
    pass


def validator_findings(path, version):
    """("valid" | "invalid" | "crash", [finding text]) for one root."""
    import yaml
    from jsonschema_path import SchemaPath
    from spec_documents import _stringify_keys
    from openapi_spec_validator import OpenAPIV2SpecValidator, OpenAPIV30SpecValidator, OpenAPIV31SpecValidator
    text = path.read_text()
    try:
        document = json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except Exception as error:  # noqa: BLE001  (any reader failure is the validator's verdict)
        return "crash", [f"cannot read: {str(error)[:160]}"]
    validator = {"2": OpenAPIV2SpecValidator, "3.0": OpenAPIV30SpecValidator}.get(
        "2" if version.startswith("2") else version[:3], OpenAPIV31SpecValidator)
    signal.signal(signal.SIGALRM, lambda *_: (_ for _ in ()).throw(Timeout()))
    signal.alarm(120)
    try:
        spec = SchemaPath.from_dict(_stringify_keys(document), base_uri=path.resolve().as_uri())
        findings = []
        for error in validator(spec).iter_errors():
            where = "/".join(str(part) for part in getattr(error, "absolute_path", []))
            findings.append((where + ": " if where else "") + error.message[:200])
        return ("invalid" if findings else "valid"), findings
    except Timeout:
        return "crash", ["timed out after 120 s"]
    except Exception as error:  # noqa: BLE001
        return "crash", [f"{type(error).__name__}: {str(error)[:160]}"]
    finally:
        signal.alarm(0)


def unread(finding):
    return finding.startswith("info/") or finding.startswith("info:") or re.match(r"openapi: .* does not match", finding) is not None


def apigen_diagnostics(path):
    work = pathlib.Path(tempfile.mkdtemp(prefix="apigen-spec-judge-"))
    try:
        (work / "apigen.yml").write_text(f"spec: {path}\noutput: {work / 'out'}\nreferenceFolders: [{CORPUS}]\n")
        run = subprocess.run([str(APIGEN), "generate", "--dry-run", "--config", str(work / "apigen.yml")],
                             capture_output=True, text=True, timeout=300)
        lines = [line for line in run.stderr.splitlines() if ": error:" in line or ": warning:" in line]
        return run.returncode, lines
    finally:
        shutil.rmtree(work, ignore_errors=True)


def judge(row):
    path, klass, version = row[0], row[1], row[2]
    verdict, findings = validator_findings(CORPUS / path, version)
    code, diagnostics = apigen_diagnostics(CORPUS / path)
    errors = [d for d in diagnostics if ": error:" in d]
    result = dict(path=path, klass=klass, validator=verdict, findings=findings, apigen_code=code,
                  errors=len(errors), warnings=len(diagnostics) - len(errors), first=(errors or diagnostics or [""])[0])
    if code not in (0, 1):
        return dict(result, status="FAIL", detail=f"apigen exited {code}")
    if verdict == "valid":
        return dict(result, status="ok" if code == 0 else "FAIL",
                    detail="valid; generated" if code == 0 else "valid, but apigen refused it: " + result["first"])
    if verdict == "crash":
        return dict(result, status="not judged", detail="the validator failed: " + findings[0])
    if all(unread(f) for f in findings):
        return dict(result, status="not judged", detail=UNREAD)
    if diagnostics:
        return dict(result, status="ok", detail=f"invalid; apigen reported {len(errors)} errors, {len(diagnostics) - len(errors)} warnings")
    return dict(result, status="FAIL", detail="invalid, and apigen said nothing")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--filter", default="")
    parser.add_argument("--write", action="store_true", help="rewrite Docs/spec-validator-results.md")
    args = parser.parse_args()
    if not (CORPUS / "roots.tsv").exists():
        print(f"spec-validator-judge: skipped: {CORPUS} does not exist (the corpus is in ../shared)")
        return 2
    if not APIGEN.exists():
        print(f"spec-validator-judge: {APIGEN} is missing: run `swift build --product apigen` first")
        return 1
    ensure_virtualenv(__file__)
    rows = [line.split("\t") for line in (CORPUS / "roots.tsv").read_text().splitlines()[1:]]
    rows = [row for row in rows if args.filter in row[0]]
    results = [judge(row) for row in rows]
    for r in results:
        if r["status"] != "ok" or r["validator"] != "valid":
            print(f"{r['status']:>10}  {r['path']}: {r['detail']}")
    counts = {key: sum(1 for r in results if r["validator"] == key) for key in ("valid", "invalid", "crash")}
    valid_ok = sum(1 for r in results if r["validator"] == "valid" and r["status"] == "ok")
    judged_invalid = [r for r in results if r["validator"] == "invalid" and r["status"] != "not judged"]
    invalid_ok = sum(1 for r in judged_invalid if r["status"] == "ok")
    summary = (f"spec-validator-judge: {valid_ok} of {counts['valid']} roots the validator accepts generate; "
               f"{invalid_ok} of {len(judged_invalid)} it refuses get a diagnostic from apigen "
               f"({counts['invalid'] - len(judged_invalid)} refused {UNREAD}; the validator failed on {counts['crash']})")
    if args.write:
        write_doc(results, summary)
    print(summary)
    return 1 if any(r["status"] == "FAIL" for r in results) else 0


def write_doc(results, summary):
    from importlib.metadata import version
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    lines = ["# openapi-spec-validator over the corpus", "",
             f"`python3 Scripts/spec-validator-judge.py --write` on commit `{commit}`, openapi-spec-validator "
             f"{version('openapi-spec-validator')}: each root of ../shared/corpus/roots.tsv validated against the OpenAPI "
             "specification (refs followed) and generated by apigen (`--dry-run`). A root the validator accepts must generate; "
             "one it refuses must get a diagnostic from apigen. The script's docstring says why the comparison is per root.", "",
             "- " + summary.removeprefix("spec-validator-judge: "), "",
             "## What this judge found", "",
             "Its first run (apigen of 2922d2e) found the validator's complaints about OpenAI's published description",
             "(`exclusiveMinimum: true` in a 3.1 document, seven times; names twice in `required`; `$recursiveRef` in a 2020-12",
             "dialect) and Apple's package registry (`\\A`/`\\z` anchored patterns, not ECMA-262) with no word from apigen about",
             "them: each is a warning now (Docs/generated-code.md). Every root apigen refuses, the validator refuses too.", "",
             "## Roots the validator refuses or cannot read", "",
             "| root | class | validator | apigen | result | the validator's first findings |", "|---|---|---|---|---|---|"]
    for r in results:
        if r["validator"] == "valid" and r["status"] == "ok":
            continue
        findings = "; ".join(r["findings"][:3]).replace("|", "\\|").replace("\n", " ")[:300]
        lines.append(f"| `{r['path']}` | {r['klass']} | {r['validator']} | {r['errors']}E/{r['warnings']}W | "
                     f"{r['status']}: {r['detail'].replace('|', chr(92) + '|')} | {findings} |")
    (ROOT / "Docs" / "spec-validator-results.md").write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
