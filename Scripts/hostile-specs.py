#!/usr/bin/env python3
"""Random hostile descriptions through the apigen CLI at scale (issue 16, deliverable 7; Docs/robustness.md).

The descriptions come from Tests/APIGenCoreTests/HostileSpecGenerator.swift (the seeds of RandomHostileSpecTests and
RandomHostileOutputTests give the same descriptions). For every seed, in a folder of its own:

- apigen must exit 0 or 1: never a signal, never past --timeout seconds;
- exit 1 must come with an `error:` diagnostic and leave no output folder;
- no file may appear outside the output folder (the run's folder, its parents and `/` are compared before/after);
- exit 0: every output is a `.swift` file with a safe name, with no force unwrap, no raw control character or line
  separator and no injected `struct Injected` declaration; and (unless --compile 0) the output compiles as a module
  of its own against the built APIRuntime (`swiftc -emit-module`, which also runs the SIL diagnostics `-typecheck`
  skips) with zero errors and zero warnings.

    python3 Scripts/hostile-specs.py [--count 10000] [--first-seed 1 | --seeds 434,564] [--jobs 2] [--compile N|all] [--no-build]

Exits 1 when any check failed; failing runs are kept in .build/hostile/failures/<seed>/.
"""
import argparse, concurrent.futures, json, os, re, shutil, subprocess, sys, time, unicodedata

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
state = os.path.join(root, ".build", "hostile")
declaration = re.compile(r"^\s*(?:public |internal |package |private |static |indirect |fileprivate )*"
                         r"(struct|enum|class|typealias|func|case|let|var)\s+(`?[^\s:(<={,`]+`?)", re.M)
unsafe_scalar = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202e]")


def snapshot(folder):
    found = set()
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            found.add(os.path.relpath(os.path.join(base, name), folder))
    return found


def is_identifier(name):
    """Roughly Swift's identifier grammar: a letter or `_`, then letters, digits, `_` and combining marks."""
    def letter(char):
        return char == "_" or unicodedata.category(char)[0] == "L" or (ord(char) > 0x7F and unicodedata.category(char) == "So")
    return bool(name) and letter(name[0]) and all(
        letter(char) or unicodedata.category(char) in ("Nd", "Mn", "Mc", "Pc") for char in name[1:])


def unescaped_quote(line):
    """Whether `line` holds a quote no backslash escapes."""
    escaped = False
    for char in line:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == '"':
            return True
    return False


def check_output(text, path):
    """Problems of one generated file's text."""
    problems = []
    if ")!" in text:
        problems.append(f"{path}: force unwrap")
    if unsafe_scalar.search(text):
        problems.append(f"{path}: a raw control character or line separator")
    in_literal = False
    code_lines = []
    for line in text.split("\n"):
        stripped = line.lstrip(" ")
        if in_literal:
            # A content line of a multi-line string literal (a validator table's row or property name) is text,
            # not code, as long as no unescaped quote can end the literal early; the declaration check below reads
            # code only (a property named `class` followed by one named `$` is not `class $`).
            if stripped.startswith('"""'):
                in_literal = False
                code_lines.append(line)
            else:
                if unescaped_quote(line):
                    problems.append(f"{path}: a quote ends a table literal early: {line.strip()}")
                code_lines.append("")
            continue
        code_lines.append(line)
        if not stripped.startswith("//") and line.endswith('"""'):
            in_literal = True
        elif "struct Injected" in line and not stripped.startswith("//") and '"' not in line:
            problems.append(f"{path}: injected declaration: {line.strip()}")
    for match in declaration.finditer("\n".join(code_lines)):
        name = match.group(2).strip("`")
        if match.group(1) == "case" and (name[:1] in '."' or name[:1].isdigit() or name in ("let", "var")):
            continue
        if not is_identifier(name):
            problems.append(f"{path}: {match.group(1)} {name!r} is not an identifier")
    return problems


def run_one(seed, args, modules):
    """Runs apigen on one description; returns (seed, outcome, problems, compiled, warnings)."""
    home = os.path.join(state, "runs", str(seed))
    work = os.path.join(home, "work")
    shutil.rmtree(home, ignore_errors=True)
    os.makedirs(work)
    shutil.copy(os.path.join(state, "specs", f"{seed}.yaml"), os.path.join(work, "spec.yaml"))
    # Every other run also generates the opt-in wire dispatcher, and two in three give error cases their headers, as
    # RandomHostileOutputTests does.
    with open(os.path.join(work, "apigen.yml"), "w") as handle:
        handle.write(f"spec: spec.yaml\noutput: Out\nwireDispatcher: {'true' if seed % 2 == 0 else 'false'}\n"
                     f"errorHeaders: {'true' if seed % 3 != 0 else 'false'}\n")
    problems, compiled, warnings = [], False, 0
    try:
        result = subprocess.run([args.apigen], cwd=work, capture_output=True, timeout=args.timeout)
        status, stderr = result.returncode, result.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        status, stderr = "hang", ""
        problems.append(f"no exit after {args.timeout}s")
    if status not in (0, 1, "hang"):
        problems.append(f"exit {status}" + (" (signal)" if status < 0 else ""))
    written = snapshot(home)
    allowed = {"work", "work/spec.yaml", "work/apigen.yml", "work/Out"}
    escaped = sorted(p for p in written if p not in allowed and not p.startswith("work/Out/"))
    if escaped:
        problems.append(f"files outside the output folder: {escaped[:5]}")
    outcome = "generated" if status == 0 else "refused" if status == 1 else str(status)
    if status == 1:
        if ": error: " not in stderr:
            problems.append("exit 1 without an error diagnostic")
        if "work/Out" in written:
            problems.append("a failed run left an output folder")
    if status == 0:
        out = os.path.join(work, "Out")
        sources = []
        for relative in sorted(p for p in written if p.startswith("work/Out/")):
            path = os.path.join(home, relative)
            if os.path.isdir(path):
                continue
            name = relative[len("work/Out/"):]
            if name == ".apigen-manifest":
                continue  # apigen's list of what it wrote (Docs/configuration.md)
            if not name.endswith(".swift") or "\\" in name or any(s in ("", ".", "..") for s in name.split("/")) \
                    or unsafe_scalar.search(name):
                problems.append(f"unsafe output path {name!r}")
            with open(path, encoding="utf-8", errors="replace") as handle:
                problems += check_output(handle.read(), name)
            sources.append(path)
        if args.compile_left() and sources:
            try:
                check = subprocess.run(
                    ["swiftc", "-emit-module", "-emit-module-path", os.path.join(home, "RandomClient.swiftmodule"), "-wmo",
                     "-swift-version", "6", "-module-name", "RandomClient", "-I", modules,
                     "-I", os.path.join(root, "Sources", "CSQLite")] + sources,
                    cwd=home, capture_output=True, timeout=600)
                text = check.stderr.decode("utf-8", "replace")
                warnings = sum(1 for line in text.splitlines() if ": warning:" in line)
                compiled = True
                if check.returncode != 0 or warnings:
                    problems.append(f"swiftc exit {check.returncode}, {warnings} warnings:\n" + text[:3000])
            except subprocess.TimeoutExpired:
                problems.append("swiftc did not finish in 600s")
    if problems:
        keep = os.path.join(state, "failures", str(seed))
        shutil.rmtree(keep, ignore_errors=True)
        shutil.copytree(home, keep, dirs_exist_ok=True)
        with open(os.path.join(keep, "problems.txt"), "w") as handle:
            handle.write("\n".join(problems) + "\n--- stderr ---\n" + stderr)
    shutil.rmtree(home, ignore_errors=True)
    return seed, outcome, problems, compiled, warnings


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--seeds", help="only these seeds (comma-separated), e.g. to re-check failures")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--compile", default="all", help="how many generated outputs to compile (all, or a number)")
    parser.add_argument("--timeout", type=int, default=120, help="seconds one apigen run may take")
    parser.add_argument("--no-build", action="store_true", help="use the apigen and APIRuntime already in .build/debug")
    args = parser.parse_args()

    os.makedirs(state, exist_ok=True)
    if not args.no_build:
        for target in (["--product", "apigen"], ["--target", "APIRuntime"]):
            subprocess.run(["swift", "build"] + target, cwd=root, check=True, stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True, capture_output=True,
                              text=True).stdout.strip()
    # Copies, so that a build during the run cannot change what is being tested halfway.
    shutil.rmtree(os.path.join(state, "bin"), ignore_errors=True)
    os.makedirs(os.path.join(state, "bin"))
    args.apigen = shutil.copy(os.path.join(bin_path, "apigen"), os.path.join(state, "bin", "apigen"))
    modules = shutil.copytree(os.path.join(bin_path, "Modules"), os.path.join(state, "bin", "Modules"))
    writer = os.path.join(state, "hostile-spec-writer")
    subprocess.run(["swiftc", "-O", "-swift-version", "6", os.path.join(root, "Tests/APIGenCoreTests/HostileSpecGenerator.swift"),
                    os.path.join(root, "Scripts/hostile-specs/main.swift"), "-o", writer], check=True)
    shutil.rmtree(os.path.join(state, "specs"), ignore_errors=True)
    seeds = [int(seed) for seed in args.seeds.split(",")] if args.seeds else list(range(args.first_seed, args.first_seed + args.count))
    args.count = len(seeds)
    subprocess.run([writer, os.path.join(state, "specs"), str(min(seeds)), str(max(seeds) - min(seeds) + 1)], check=True)

    budget = [float("inf") if args.compile == "all" else int(args.compile)]
    def compile_left():
        if budget[0] <= 0:
            return False
        budget[0] -= 1
        return True
    args.compile_left = compile_left  # called from worker threads one at a time per run; a rough budget is enough

    outside = [os.path.dirname(state), "/"]
    before = {folder: set(os.listdir(folder)) for folder in outside}
    started = time.monotonic()
    counts = {"generated": 0, "refused": 0, "other": 0, "compiled": 0, "failed": 0, "warnings": 0}
    failures = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for done, (seed, outcome, problems, compiled, warnings) in enumerate(pool.map(lambda s: run_one(s, args, modules), seeds), 1):
            counts[outcome if outcome in counts else "other"] += 1
            counts["compiled"] += compiled
            counts["warnings"] += warnings
            if problems:
                counts["failed"] += 1
                failures.append(seed)
                print(f"seed {seed}: " + "; ".join(p.splitlines()[0] for p in problems), flush=True)
            if done % 500 == 0:
                print(f"{done} of {args.count} ({time.monotonic() - started:.0f}s): {counts}", flush=True)
    for folder in outside:
        appeared = set(os.listdir(folder)) - before[folder]
        if appeared:
            counts["failed"] += 1
            print(f"files appeared in {folder} during the run: {sorted(appeared)}")
    elapsed = time.monotonic() - started
    summary = dict(counts, specs=args.count, first_seed=min(seeds), seconds=round(elapsed), failing_seeds=failures[:100])
    with open(os.path.join(state, "summary.json"), "w") as handle:
        json.dump(summary, handle, indent=2)
    print(f"hostile specs: {args.count} run (seeds {min(seeds)}-{max(seeds)}) in {elapsed:.0f}s: "
          f"{counts['generated']} generated, {counts['refused']} refused with diagnostics, {counts['other']} other; "
          f"{counts['compiled']} outputs compiled, {counts['warnings']} warnings; {counts['failed']} failed checks")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
