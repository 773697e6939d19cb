#!/usr/bin/env python3
"""Clean debug build of the runtime's thin core next to the runtime module before the split (issue 20's target: under half).

    python3 Benchmarks/core-build.py [--baseline c18d896] [--rounds 3] [--no-write]

Each commit is exported (`git archive`) into Benchmarks/out/core-build/<commit>, its dependencies resolved once, and
then, alternating commit by commit for every round, the build products are deleted (checkouts kept) and
`swift build --target APIRuntime` is timed: wall time, and the CPU time (user + sys) of the whole process tree from
wait4. The target's modules (APIRuntime and whatever it depends on) are compiled from scratch each time. The report
(median and min–max per commit, the 1-minute load average around each build) replaces the part of Docs/Runtime.md
between `<!-- core-build:start -->` and `<!-- core-build:end -->`.
"""
import argparse
import datetime
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Benchmarks" / "out" / "core-build"
DOC = ROOT / "Docs" / "Runtime.md"


def export(commit):
    folder = OUT / commit
    if not (folder / "Package.swift").exists():
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        archive = subprocess.run(["git", "archive", commit], cwd=ROOT, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    subprocess.run(["swift", "package", "--scratch-path", str(folder / ".scratch"), "resolve"], cwd=folder, check=True,
                   capture_output=True)
    return folder


def module_lines(folder):
    """Swift lines of the modules `--target APIRuntime` compiles from this package (its own sources)."""
    manifest = (folder / "Package.swift").read_text()
    target = re.search(r'\.target\(name: "APIRuntime"(.*?)\)\s*,\n', manifest, re.S)
    uses_logging = bool(target and "swift-log" in target.group(0))
    lines = sum(len(path.read_text().splitlines()) for path in (folder / "Sources" / "APIRuntime").rglob("*.swift"))
    return lines, uses_logging


def timed_build(folder):
    scratch = folder / ".scratch"
    for entry in scratch.iterdir():
        if entry.name not in ("checkouts", "repositories", "workspace-state.json", "artifacts"):
            shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
    before = os.getloadavg()[0]
    started = time.monotonic()
    process = subprocess.Popen(["swift", "build", "--target", "APIRuntime", "--scratch-path", str(scratch)], cwd=folder,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - started
    if status != 0:
        sys.exit(f"core-build: the build of {folder.name} failed:\n{output.decode()[-2000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "load": (before + os.getloadavg()[0]) / 2}


def describe(values, unit=" s"):
    return f"{statistics.median(values):.1f}{unit} ({min(values):.1f}–{max(values):.1f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", default="c18d896", help="the commit whose APIRuntime is the whole runtime")
    parser.add_argument("--candidate", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-write", action="store_true")
    options = parser.parse_args()
    commits = [subprocess.run(["git", "rev-parse", "--short", name], cwd=ROOT, check=True, capture_output=True,
                              text=True).stdout.strip() for name in (options.baseline, options.candidate)]
    folders = [export(commit) for commit in commits]
    runs = {commit: [] for commit in commits}
    for round_number in range(options.rounds):
        for commit, folder in zip(commits, folders):
            result = timed_build(folder)
            runs[commit].append(result)
            print(f"round {round_number + 1}: {commit}: {result['wall']:.1f} s wall, {result['cpu']:.1f} s CPU, "
                  f"load {result['load']:.2f}", flush=True)
    baseline, candidate = commits
    cpu_ratio = statistics.median(r["cpu"] for r in runs[candidate]) / statistics.median(r["cpu"] for r in runs[baseline])
    wall_ratio = statistics.median(r["wall"] for r in runs[candidate]) / statistics.median(r["wall"] for r in runs[baseline])
    rows = []
    for commit, folder in zip(commits, folders):
        lines, uses_logging = module_lines(folder)
        label = "`APIRuntime`, the whole runtime before the split" if commit == baseline else "`APIRuntime`, the thin core"
        loads = ", ".join("%.1f" % r["load"] for r in runs[commit])
        walls = describe([r["wall"] for r in runs[commit]])
        cpus = describe([r["cpu"] for r in runs[commit]])
        logging = " + swift-log" if uses_logging else ""
        rows.append(f"| {label} ({commit}) | {walls} | {cpus} | {lines / 1000:.1f} k{logging} | {loads} |")
    verdict = "met" if cpu_ratio < 0.5 and wall_ratio < 0.5 else "**not met**"
    section = "\n".join([
        "<!-- core-build:start -->",
        f"Written by `python3 Benchmarks/core-build.py --rounds {options.rounds}` on "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores: a clean debug "
        "`swift build --target APIRuntime` of each commit's package (dependencies resolved beforehand, build products "
        "deleted before every build), the two commits alternating. Median (min–max) over the rounds; CPU is user + "
        "sys of the whole process tree. Other work on the machine shows in the load column (1-minute load average "
        "around each build).",
        "",
        "| module | wall | CPU | Swift lines | load per round |",
        "|---|---|---|---|---|",
        *rows,
        "",
        f"The thin core takes **{cpu_ratio:.0%} of the old runtime's CPU time and {wall_ratio:.0%} of its wall time** "
        f"(target: under half: {verdict}).",
        "<!-- core-build:end -->",
    ])
    print(section)
    if not options.no_write:
        text = DOC.read_text()
        start, end = text.index("<!-- core-build:start -->"), text.index("<!-- core-build:end -->") + len("<!-- core-build:end -->")
        DOC.write_text(text[:start] + section + text[end:])
        print(f"core-build: wrote {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
