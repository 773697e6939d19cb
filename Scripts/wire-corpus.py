#!/usr/bin/env python3
"""Runs Scripts/wire.py over the `real` and `example` roots of ../shared/corpus/roots.tsv and writes the summary.

    python3 Scripts/wire-corpus.py [--seed N] [--cases K] [--budget SECONDS] [--limit N] [--out Docs/wire-results.md]

Roots run smallest first (by operation count); a root whose run exceeds `--timeout` is recorded as a hang. Results
per root are kept in .build/wire/corpus/*.json; with `--resume` roots that already have one are not run again, so a
long run can be continued. The summary counts only what ran: roots not reached within the budget are listed as such.
A run judges with what was there when it started: apigen is copied, and the judge (Scripts/wire*) and the runtime run
from a snapshot of the last commit, so commit before a run and edit freely during it.
"""
import argparse
import collections
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
RESULTS = ROOT / ".build" / "wire" / "corpus"


def roots():
    rows = [line.split("\t") for line in (CORPUS / "roots.tsv").read_text().splitlines()[1:] if line.strip()]
    chosen = [r for r in rows if r[1] in ("real", "example")]
    return sorted(chosen, key=lambda r: (int(r[5] or 0), r[0]))


def cause(failure):
    """A failure message without the values that differ between cases, so that failures group by cause."""
    text = re.sub(r"\(sent [^)]*\)", "", failure)
    text = re.sub(r"'[^']*'|\"[^\"]*\"|b'[^']*'", "…", text)
    text = re.sub(r"\d+", "N", text)
    return text[:160].strip()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=3)
    parser.add_argument("--budget", type=float, default=3600.0)
    parser.add_argument("--timeout", type=float, default=900.0)
    parser.add_argument("--operation-timeout", type=float, default=300.0,
                        help="seconds one operation may take before wire.py reports it as not judged")
    parser.add_argument("--draw-timeout", type=float, default=60.0,
                        help="seconds hypothesis-jsonschema may draw before the fallback generator takes over")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--summary-only", action="store_true", help="write the summary of the results kept so far")
    parser.add_argument("--out", default=str(ROOT / "Docs" / "wire-results.md"))
    options = parser.parse_args()
    if not CORPUS.exists():
        print(f"wire-corpus: {CORPUS} not found: nothing to run")
        return 0
    RESULTS.mkdir(parents=True, exist_ok=True)
    selected = roots()[: options.limit] if options.limit else roots()
    if options.summary_only:
        write_summary(selected, pathlib.Path(options.out), options)
        return 0
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    previous = RESULTS / "commit.txt"
    if previous.exists() and previous.read_text().strip() != commit:
        # Results written before roots recorded their commit carry the previous run's, before commit.txt moves on.
        for result_path in RESULTS.glob("*.json"):
            result = json.loads(result_path.read_text())
            if "commit" not in result:
                result["commit"] = previous.read_text().strip()
                result_path.write_text(json.dumps(result, indent=1, default=str))
    previous.write_text(commit)
    subprocess.run(["swift", "build", "--product", "apigen"], cwd=ROOT, check=True, capture_output=True)
    apigen = RESULTS.parent / "apigen-corpus"
    shutil.copyfile(ROOT / ".build" / "debug" / "apigen", apigen)
    apigen.chmod(0o755)
    os.environ["WIRE_APIGEN"] = str(apigen)
    # The runtime the clients compile against is the committed one, not the work tree being edited meanwhile.
    snapshot = RESULTS.parent / "runtime-snapshot"
    shutil.rmtree(snapshot, ignore_errors=True)
    snapshot.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "HEAD"], cwd=ROOT, check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(snapshot)], input=archive, check=True)
    os.environ["WIRE_RUNTIME_ROOT"] = str(snapshot)
    # So is the judge: wire.py and its modules run from the snapshot, so editing Scripts/wire/ during a run cannot
    # judge the rest of it with rules the copied apigen was not written against. The snapshot shares the virtualenv.
    subprocess.run([sys.executable, str(ROOT / "Scripts" / "wire.py"), "--help"], check=True, capture_output=True)
    (snapshot / ".build").mkdir()
    (snapshot / ".build" / "wire-venv").symlink_to(ROOT / ".build" / "wire-venv")
    judge = [str(ROOT / ".build" / "wire-venv" / "bin" / "python"), str(snapshot / "Scripts" / "wire.py")]
    started = time.monotonic()
    for row in selected:
        path = row[0]
        out = RESULTS / (re.sub(r"[^A-Za-z0-9]+", "_", path) + ".json")
        unfinished = out.exists() and json.loads(out.read_text()).get("unfinished")
        if options.resume and out.exists() and not unfinished:
            continue
        if time.monotonic() - started > options.budget:
            break
        command = [*judge, str(CORPUS / path), "--seed", str(options.seed),
                   "--cases", str(options.cases), "--json", str(out), "--work", str(RESULTS.parent / "corpus-package"),
                   "--no-apigen-build", "--operation-timeout", str(options.operation_timeout),
                   "--draw-timeout", str(options.draw_timeout),
                   *(["--continue"] if options.resume and unfinished else []),
                   # Corpus roots refer to schemas in sibling folders of their project (matrix's event-schemas).
                   "--reference-folder", str(CORPUS / "specs" / pathlib.Path(path).relative_to("specs").parts[0])]
        began = time.monotonic()
        try:
            run = subprocess.run(command, capture_output=True, text=True, timeout=options.timeout)
            last = (run.stdout.strip().splitlines() or ["(no output)"])[-1]
            if not out.exists():
                out.write_text(json.dumps({"spec": path, "crashed": (run.stderr or run.stdout)[-2000:]}))
            # Each root says which commit judged it: a run continued with --resume after a commit mixes them.
            result = json.loads(out.read_text())
            result["commit"] = commit
            out.write_text(json.dumps(result))
        except subprocess.TimeoutExpired:
            # wire.py writes its result after every operation: what was judged before the timeout is kept, unfinished,
            # and a later --resume continues it.
            partial = json.loads(out.read_text()) if out.exists() else {}
            if partial.get("unfinished"):
                partial["commit"] = commit
                out.write_text(json.dumps(partial, indent=1, default=str))
                last = f"timeout after {len(partial.get('operations', []))} of {partial.get('total')} operations"
            else:
                out.write_text(json.dumps({"spec": path, "hang": f"no result within {options.timeout:.0f} s",
                                           "commit": commit}))
                last = "timeout"
        print(f"{time.monotonic() - began:6.1f} s  {path}: {last}", flush=True)
    write_summary(selected, pathlib.Path(options.out), options)
    return 0


def write_summary(selected, out, options):
    commit_file = RESULTS / "commit.txt"
    commit = commit_file.read_text().strip() if commit_file.exists() else "unknown"
    # Roots record the commit that judged them; results from before that record carry commit.txt's.
    judged_by = collections.Counter()
    for row in selected:
        result_path = RESULTS / (re.sub(r"[^A-Za-z0-9]+", "_", row[0]) + ".json")
        if result_path.exists():
            judged_by[json.loads(result_path.read_text()).get("commit", commit)] += 1
    if len(judged_by) > 1:
        commit = " and ".join(f"{name} ({count} roots)" for name, count in judged_by.most_common())
    lines = ["# Wire conformance over the corpus", "",
             f"`python3 Scripts/wire-corpus.py --seed {options.seed} --cases {options.cases}` run on commit `{commit}` "
             "(apigen and APIRuntime of that commit; Scripts/wire.py per root; Docs/wire-conformance.md explains the "
             "checks). Generated by the script: every number below is from the per-root results in "
             "`.build/wire/corpus/` of that run.", ""]
    totals = collections.Counter()
    causes = collections.Counter()
    examples = {}
    table = []
    not_run = []
    for row in selected:
        path = row[0]
        result_path = RESULTS / (re.sub(r"[^A-Za-z0-9]+", "_", path) + ".json")
        if not result_path.exists():
            not_run.append(path)
            continue
        result = json.loads(result_path.read_text())
        if "hang" in result or "crashed" in result:
            totals["roots that crashed or hung"] += 1
            table.append(f"| {path} | harness: {'hang' if 'hang' in result else 'crash'} | | | | |")
            key = "harness " + ("hang" if "hang" in result else "crash")
            causes[key] += 1
            examples.setdefault(key, path)
            continue
        ops = result.get("operations", [])
        checks = collections.Counter()
        for op in ops:
            for name, (passed, total) in op["checks"].items():  # older results lack the later checks
                checks[name + "_p"] += passed
                checks[name + "_n"] += total
            for failure in op["failures"]:
                key = cause(failure)
                causes[key] += 1
                examples.setdefault(key, f"{path} {op['operation']}")
        totals["roots"] += 1
        # An unfinished root (stopped at the timeout, continued by --resume) counts the operations judged so far.
        judged = len(ops) if result.get("unfinished") else result.get("total", len(ops))
        totals["operations"] += judged
        totals["passed"] += result.get("passed", 0)
        if result.get("unfinished"):
            totals["unfinished roots"] += 1
        for name in ("request", "response", "invalid", "invalidHeader", "evolution", "errorBody", "invalidItem",
                     "truncated", "reconnect", "download", "upload", "filesOnDisk"):
            totals[name + "_p"] += checks[name + "_p"]
            totals[name + "_n"] += checks[name + "_n"]
        note = result.get("skipped", "")
        if note:
            key = cause(note)
            causes[key] += 1
            examples.setdefault(key, path)
        if result.get("unfinished"):
            note = f"unfinished: {len(ops)} of {result.get('total')} operations judged so far (`--resume` continues)"
        table.append(f"| {path} | {result.get('passed', 0)} of {judged} | "
                     f"{checks['request_p']}/{checks['request_n']} | {checks['response_p']}/{checks['response_n']} | "
                     f"{checks['invalid_p']}/{checks['invalid_n']} | {note[:120]} |")
    lines += ["## Totals", "",
              f"- roots run: {totals['roots'] + totals['roots that crashed or hung']} of {len(selected)} selected "
              f"({len(not_run)} not reached in this run's time budget)",
              f"- operations passed: {totals['passed']} of {totals['operations']}",
              f"- request conformance checks: {totals['request_p']} of {totals['request_n']}",
              f"- response round-trip checks: {totals['response_p']} of {totals['response_n']}",
              f"- invalid-response rejections: {totals['invalid_p']} of {totals['invalid_n']}",
              f"- responses with a missing or mistyped documented header rejected: "
              f"{totals['invalidHeader_p']} of {totals['invalidHeader_n']}",
              f"- evolved responses (a new enum value) accepted: {totals['evolution_p']} of {totals['evolution_n']}",
              f"- documented error statuses with an HTML body surfaced: {totals['errorBody_p']} of {totals['errorBody_n']}",
              f"- streams: an item breaking its schema refused {totals['invalidItem_p']} of {totals['invalidItem_n']}, "
              f"a dropped connection reported as truncated {totals['truncated_p']} of {totals['truncated_n']}, "
              f"event streams reconnected with Last-Event-ID {totals['reconnect_p']} of {totals['reconnect_n']}",
              f"- transfer variants: downloads to a file {totals['download_p']} of {totals['download_n']}, uploads from a "
              f"file {totals['upload_p']} of {totals['upload_n']}, multipart files sent from disk "
              f"{totals['filesOnDisk_p']} of {totals['filesOnDisk_n']}",
              f"- roots whose harness run crashed or hung: {totals['roots that crashed or hung']}",
              f"- roots judged only in part so far (unfinished, counted by the operations judged): "
              f"{totals['unfinished roots']}", "",
              "## Failures by cause", "", "| count | cause (values elided) | first seen |", "| ---: | --- | --- |"]
    for key, count in causes.most_common(60):
        lines.append(f"| {count} | {key.replace('|', '/')} | {examples[key].replace('|', '/')} |")
    lines += ["", "## Per root", "", "| root | operations passed | request | response | invalid | note |",
              "| --- | --- | --- | --- | --- | --- |"] + table
    if not_run:
        lines += ["", "## Not run", ""] + [f"- {path}" for path in not_run]
    out.write_text("\n".join(lines) + "\n")
    print(f"wire-corpus: {totals['passed']} of {totals['operations']} operations passed in {totals['roots']} roots; "
          f"summary in {out}")


if __name__ == "__main__":
    sys.exit(main())
