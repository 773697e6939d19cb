#!/usr/bin/env python3
"""Runs apigen on every root of ../shared/corpus/roots.tsv, type-checks the output against APIRuntime,
and writes Docs/corpus-results.md.

Not part of `swift test` (it takes minutes). Usage, from the repository root:
    swift build && python3 Scripts/corpus.py [--filter SUBSTRING] [--jobs N] [--setting 'access: package' ...]

`--setting` adds a line to every root's apigen.yml (repeatable), to judge other configurations than the default
(an `access: package` run found validators declared `@_spi(Generated) package`, which Swift rejects); such a run
writes its table to --output only when one is given.
"""
import argparse, os, pathlib, subprocess, sys, tempfile, time, shutil, concurrent.futures

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root.parent / "shared" / "corpus"
apigen = root / ".build" / "debug" / "apigen"
modules = root / ".build" / "debug" / "Modules"

SETTINGS = []

def run_one(row):
    path, klass, operations = row["path"], row["class"], row["operations"]
    spec = corpus / path
    work = pathlib.Path(tempfile.mkdtemp(prefix="apigen-corpus-"))
    try:
        # The corpus is trusted as a whole: its roots may refer to shared files anywhere in it.
        settings = "".join(line + "\n" for line in SETTINGS)
        access = "" if any(line.startswith("access:") for line in SETTINGS) else "access: public\n"
        (work / "apigen.yml").write_text(f"spec: {spec}\noutput: {work / 'out'}\n{access}referenceFolders: [{corpus}]\n{settings}")
        started = time.monotonic()
        try:
            generated = subprocess.run([str(apigen), "generate", "--config", str(work / "apigen.yml")],
                                       capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return dict(row, gen="timeout", diags="", compile="-", seconds=300.0, note="generation timed out")
        gen_seconds = time.monotonic() - started
        stderr = generated.stderr
        errors = stderr.count(": error:")
        warnings = stderr.count(": warning:")
        crashed = generated.returncode not in (0, 1)
        if crashed:
            return dict(row, gen=f"CRASH ({generated.returncode})", diags=f"{errors}E/{warnings}W", compile="-",
                        seconds=round(gen_seconds, 2), note=stderr.strip().splitlines()[-1][:120] if stderr.strip() else "")
        if generated.returncode != 0:
            first = next((l for l in stderr.splitlines() if ": error:" in l), "")
            return dict(row, gen="diagnostics", diags=f"{errors}E/{warnings}W", compile="-",
                        seconds=round(gen_seconds, 2), note=first.replace(str(corpus) + "/", "")[:160])
        files = sorted(str(p) for p in (work / "out").rglob("*.swift"))
        started = time.monotonic()
        try:
            compiled = subprocess.run(["swiftc", "-typecheck", "-wmo", "-swift-version", "6", "-I", str(modules), "-I", str(root / "Sources" / "CSQLite"),
                                       "-module-name", "CorpusClient", "-package-name", "corpus", "-parse-as-library"] + files,
                                      capture_output=True, text=True, timeout=900)
            compile_ok = compiled.returncode == 0
            output = compiled.stderr
        except subprocess.TimeoutExpired:
            compile_ok, output = False, "type-check timed out"
        compile_seconds = time.monotonic() - started
        compile_warnings = output.count(": warning:")
        first_error = next((l for l in output.splitlines() if ": error:" in l), output.strip()[:160])
        note = "" if compile_ok else first_error.replace(str(work) + "/out/", "")[:160]
        if compile_ok and compile_warnings:
            note = f"{compile_warnings} compiler warnings"
        return dict(row, gen="ok", diags=f"{errors}E/{warnings}W",
                    compile="ok" if compile_ok else "FAIL", seconds=round(gen_seconds + compile_seconds, 2), note=note)
    finally:
        shutil.rmtree(work, ignore_errors=True)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--filter", default="")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--output", default=None, help="default: Docs/corpus-results.md, for runs without --setting")
    parser.add_argument("--setting", action="append", default=[], help="a line added to every apigen.yml")
    args = parser.parse_args()
    SETTINGS.extend(args.setting)
    if args.output is None and not SETTINGS:
        args.output = str(root / "Docs" / "corpus-results.md")
    if not corpus.exists():
        sys.exit(f"no corpus at {corpus}")
    lines = (corpus / "roots.tsv").read_text().splitlines()
    header = lines[0].split("\t")
    rows = [dict(zip(header, l.split("\t"))) for l in lines[1:] if l.strip()]
    rows = [r for r in rows if args.filter in r["path"]]
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(run_one, rows))
    order = {"real": 0, "example": 1, "fixture": 2}
    results.sort(key=lambda r: (order.get(r["class"], 3), r["path"]))
    out = ["# Corpus results", "",
           "Every root of `../shared/corpus/roots.tsv`: apigen generates, then `swiftc -typecheck -swift-version 6` checks the",
           "output against APIRuntime. Produced by `python3 Scripts/corpus.py` (see Docs/corpus.md).", ""]
    for klass in ("real", "example", "fixture"):
        subset = [r for r in results if r["class"] == klass]
        if not subset: continue
        gen_ok = sum(r["gen"] == "ok" for r in subset)
        compile_ok = sum(r["compile"] == "ok" for r in subset)
        crashes = sum(r["gen"].startswith("CRASH") for r in subset)
        out.append(f"- **{klass}**: {len(subset)} roots, {gen_ok} generate, {compile_ok} compile, {crashes} crashes")
    out += ["", "| spec | class | operations | generate | diagnostics | compile | seconds | note |",
            "|---|---|---|---|---|---|---|---|"]
    for r in results:
        note = r["note"].replace("|", "\\|")
        out.append(f"| {r['path']} | {r['class']} | {r['operations']} | {r['gen']} | {r['diags']} | {r['compile']} | {r['seconds']} | {note} |")
    if SETTINGS:
        out.insert(4, "Settings added to every apigen.yml: " + ", ".join(f"`{line}`" for line in SETTINGS) + ".\n")
    if args.output:
        pathlib.Path(args.output).write_text("\n".join(out) + "\n")
    print("\n".join(out[:10]))
    failed = [r for r in results if r["gen"] == "ok" and r["compile"] != "ok"]
    for r in failed:
        print(f"FAIL {r['path']}: {r['note']}")

if __name__ == "__main__":
    main()
