#!/usr/bin/env python3
"""apigen's benchmark harness: apigen against its anchors, on the same inputs, in the same run.

Run through Benchmarks/run.sh (which passes its arguments here). Standard library only.

    python3 Benchmarks/bench.py [--quick] [--only gen,size,compile,runtime] [--no-write]

It builds what it needs (apigen in release under ../.build-bench, swift-openapi-generator 1.14.3 in release
under Benchmarks/.build, openapi-generator-cli 7.26.0 in Benchmarks/venv), runs every tool alternately
(A B C A B C ...) after a warm-up, and writes ../Docs/benchmarks.md from what this run measured: nothing in that
file comes from anywhere else. Raw figures go to Benchmarks/out/results.json.

Peak memory: generation rows use the ru_maxrss that wait4() returns for the command, i.e. the resident set of
the largest single process in its tree (the JVM for openapi-generator, whose launcher is a Python script).
Compile rows report that figure and, in addition, the peak of the summed RSS of the whole `swift build` process
tree, sampled from /proc every 0.2 s.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import http.server
import json
import os
import platform
import re
import shutil
import signal
import socketserver
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
MAIN = BENCH.parent
SHARED = Path(os.environ.get("APIGEN_SHARED", MAIN.parent / "shared")).resolve()
CORPUS = SHARED / "corpus"
OUT = BENCH / "out"
DOC = MAIN / "Docs" / "benchmarks.md"

APIGEN_SCRATCH = MAIN / ".build-bench"
APIGEN_BIN = APIGEN_SCRATCH / "release" / "apigen"
SOG_BIN = BENCH / ".build" / "release" / "swift-openapi-generator"
VENV = BENCH / "venv"
OGEN_BIN = VENV / "bin" / "openapi-generator-cli"
SOG_VERSION = "1.14.3"
OGEN_VERSION = "7.26.0"
OPENAPI_RUNTIME_VERSION = "1.13.4"
OPENAPI_URLSESSION_VERSION = "1.4.0"

# (key, title, path in roots.tsv)
SPECS = [
    ("github", "GitHub REST", "specs/github/api.github.com.yaml"),
    ("openai", "OpenAI (3.1)", "specs/real-world/openai/openapi.yaml"),
    ("box", "Box", "specs/swift-openapi-generator-tests/compat-test-documents/box__box-openapi/openapi.json"),
    ("digitalocean", "DigitalOcean (multi-file)",
     "specs/real-world/digitalocean/specification/DigitalOcean-public.v2.yaml"),
]

TOOLS = [
    ("apigen", "apigen"),
    ("sog", f"swift-openapi-generator {SOG_VERSION}"),
    ("ogen", f"openapi-generator {OGEN_VERSION} (swift5)"),
]
TOOL_TITLE = dict(TOOLS)
# A compile-only variant: apigen's output with `modelEquality: equatable` (models not Hashable): what it saves.
VARIANT = "apigen-equatable"
COMPILE_TITLE = {"apigen": "apigen's output (default: models `Hashable`)",
                 VARIANT: "apigen's output with `modelEquality: equatable`",
                 "sog": f"{TOOL_TITLE['sog']}'s output"}
COMPILE_TOOLS = ("apigen", VARIANT, "sog")

COMPILE_TARGET = "GitHubAPI"


def log(message: str) -> None:
    stamp = time.strftime("%H:%M:%S")
    print(f"[{stamp}] {message}", flush=True)


# ---------------------------------------------------------------------------------------------------------------
# Running and measuring commands
# ---------------------------------------------------------------------------------------------------------------

class TreePoller:
    """Samples the RSS of a process and all its descendants from /proc: peak of the sum, peak of one process."""

    def __init__(self, root_pid: int, interval: float = 0.2):
        self.root = root_pid
        self.interval = interval
        self.peak_sum_kb = 0
        self.peak_one_kb = 0
        self._stop = threading.Event()
        self._page_kb = os.sysconf("SC_PAGE_SIZE") // 1024
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _children(self) -> dict[int, list[int]]:
        children: dict[int, list[int]] = {}
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                with open(f"/proc/{entry}/stat", "rb") as handle:
                    stat = handle.read()
            except OSError:
                continue
            # The command name may contain spaces and parentheses: the fields after the last ')' are fixed.
            fields = stat[stat.rfind(b")") + 2:].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        return children

    def _sample(self) -> None:
        children = self._children()
        stack, total, largest = [self.root], 0, 0
        while stack:
            pid = stack.pop()
            stack.extend(children.get(pid, []))
            try:
                with open(f"/proc/{pid}/statm", "rb") as handle:
                    rss = int(handle.read().split()[1]) * self._page_kb
            except (OSError, IndexError, ValueError):
                continue
            total += rss
            largest = max(largest, rss)
        self.peak_sum_kb = max(self.peak_sum_kb, total)
        self.peak_one_kb = max(self.peak_one_kb, largest)

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            self._stop.wait(self.interval)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def run_measured(cmd: list[str], log_path: Path, cwd: Path | None = None, timeout: float | None = None,
                 poll_tree: bool = False, env: dict | None = None) -> dict:
    """Runs cmd with output to log_path; returns wall seconds, CPU seconds, ru_maxrss (KiB) and the exit code."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as output:
        start = time.perf_counter()
        process = subprocess.Popen(cmd, cwd=cwd, stdout=output, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True, env=env)
        poller = TreePoller(process.pid) if poll_tree else None
        timed_out = threading.Event()

        def kill() -> None:
            timed_out.set()
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

        timer = threading.Timer(timeout, kill) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        if timer:
            timer.cancel()
        if poller:
            poller.stop()
        process.returncode = os.waitstatus_to_exitcode(status)
    result = {
        "load_after": load_average(),
        "wall": wall,
        "cpu": usage.ru_utime + usage.ru_stime,
        "maxrss_kb": usage.ru_maxrss,
        "exit": process.returncode,
        "timed_out": timed_out.is_set(),
    }
    if poller:
        result["tree_peak_sum_kb"] = poller.peak_sum_kb
        result["tree_peak_one_kb"] = poller.peak_one_kb
    return result


def load_average() -> float:
    """The 1-minute load average: the machine is shared, and a figure taken under load says so in the report."""
    try:
        return float(Path("/proc/loadavg").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return -1.0


def first_error_line(log_path: Path) -> str:
    """The first line of a log that says error (else its last non-empty line), shortened for a table."""
    try:
        lines = log_path.read_text(errors="replace").splitlines()
    except OSError:
        return "(no output)"
    chosen = next((line for line in lines if re.search(r"\berror\b|exception|fatal", line, re.I)), None)
    if chosen is None:
        chosen = next((line for line in reversed(lines) if line.strip()), "(no output)")
    # swift-openapi-generator prints its configuration and the diagnostic on one line: keep `PATH: error: ...`.
    located = re.search(r"(/[^\s:<>]+(?::\d+)*: error: .*)", chosen)
    if located:
        chosen = located.group(1)
    chosen = chosen.strip().replace(str(CORPUS) + "/", "").replace(str(BENCH) + "/", "Benchmarks/")
    chosen = chosen.replace("|", "\\|")
    return chosen if len(chosen) <= 400 else chosen[:397] + "..."


def check_call(cmd: list[str], what: str, log_path: Path, cwd: Path | None = None, retries: int = 0,
               retry_wait: float = 120.0) -> dict:
    """Runs a setup step; retries (for builds of a main package that others are editing) then aborts."""
    for attempt in range(retries + 1):
        result = run_measured(cmd, log_path, cwd=cwd)
        if result["exit"] == 0:
            return result
        if attempt < retries:
            log(f"{what} failed ({first_error_line(log_path)}); retrying in {retry_wait:.0f} s")
            time.sleep(retry_wait)
    sys.exit(f"error: {what} failed: {first_error_line(log_path)} (full log: {log_path})")


def capture(cmd: list[str], cwd: Path | None = None) -> str:
    try:
        done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120)
        return (done.stdout + done.stderr).strip()
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"({error})"


# ---------------------------------------------------------------------------------------------------------------
# Statistics and formatting
# ---------------------------------------------------------------------------------------------------------------

def summary(values: list[float]) -> dict | None:
    if not values:
        return None
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def fmt_seconds(value: float) -> str:
    if value >= 100:
        return f"{value:.0f} s"
    if value >= 10:
        return f"{value:.1f} s"
    return f"{value:.2f} s"


def fmt_mib(kb: float) -> str:
    mib = kb / 1024
    if mib >= 1024:
        return f"{mib / 1024:.2f} GiB"
    return f"{mib:.0f} MiB"


def fmt_us(value: float) -> str:
    return f"{value:.0f} µs" if value >= 100 else f"{value:.1f} µs"


def fmt_range(stats: dict, fmt) -> str:
    return f"{fmt(stats['median'])} ({fmt(stats['min'])}–{fmt(stats['max'])})"


def fmt_ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.2f}×" if denominator else "–"


def fmt_int(value: int) -> str:
    return f"{value:,}"


# ---------------------------------------------------------------------------------------------------------------
# Setup: machine, builds, versions
# ---------------------------------------------------------------------------------------------------------------

def machine_info() -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = capture(["free", "-h"]).splitlines()
    mem_total = memory[1].split()[1] if len(memory) > 1 else "unknown"
    git_head = capture(["git", "-C", str(MAIN), "rev-parse", "--short", "HEAD"])
    dirty = capture(["git", "-C", str(MAIN), "status", "--porcelain", "--untracked-files=no"])
    return {
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "nproc": capture(["nproc"]),
        "cpu": cpu,
        "memory": mem_total,
        "kernel": capture(["uname", "-r"]),
        "os": platform.platform(),
        "swift": capture(["swift", "--version"]).splitlines()[0],
        "java": capture(["java", "-version"]).splitlines()[0],
        "python": platform.python_version(),
        "apigen": f"{git_head}" + (" + uncommitted changes" if dirty else ""),
    }


def build_tools(need_sog: bool, need_ogen: bool, results: dict) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    log("building apigen (release, scratch path .build-bench)")
    build = check_call(["swift", "build", "-c", "release", "--product", "apigen", "--package-path", str(MAIN),
                        "--scratch-path", str(APIGEN_SCRATCH)], "building apigen", OUT / "logs" / "build-apigen.log",
                       retries=2)
    results["builds"]["apigen"] = build["wall"]
    if need_sog:
        log(f"building swift-openapi-generator {SOG_VERSION} (release, Benchmarks/.build; ~3.5 min the first time)")
        build = check_call(["swift", "build", "-c", "release", "--product", "swift-openapi-generator",
                            "--package-path", str(BENCH)], "building swift-openapi-generator",
                           OUT / "logs" / "build-sog.log", retries=1, retry_wait=10)
        results["builds"]["sog"] = build["wall"]
    if need_ogen:
        if not OGEN_BIN.exists():
            log(f"installing openapi-generator-cli {OGEN_VERSION} into Benchmarks/venv")
            if not (VENV / "bin" / "pip").exists():
                check_call([sys.executable, "-m", "venv", str(VENV)], "creating the venv", OUT / "logs" / "venv.log")
            check_call([str(VENV / "bin" / "pip"), "install", "-q", f"openapi-generator-cli=={OGEN_VERSION}"],
                       "installing openapi-generator-cli", OUT / "logs" / "pip.log")
        results["machine"]["ogen"] = capture([str(OGEN_BIN), "version"]).splitlines()[-1]


# ---------------------------------------------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------------------------------------------

def roots_index() -> dict:
    rows = {}
    with open(CORPUS / "roots.tsv") as handle:
        header = handle.readline().rstrip("\n").split("\t")
        for line in handle:
            fields = dict(zip(header, line.rstrip("\n").split("\t")))
            rows[fields["path"]] = fields
    return rows


def generation_command(tool: str, spec: Path, work: Path, output: Path) -> list[str]:
    if tool == "apigen":
        config = work / "apigen.yml"
        config.write_text(f"spec: {spec}\noutput: {output}\n")
        return [str(APIGEN_BIN), "generate", "--config", str(config)]
    if tool == "sog":
        config = work / "openapi-generator-config.yaml"
        config.write_text("generate:\n  - types\n  - client\naccessModifier: public\n")
        return [str(SOG_BIN), "generate", str(spec), "--config", str(config), "--output-directory", str(output)]
    if tool == "ogen":
        return [str(OGEN_BIN), "generate", "-g", "swift5", "-i", str(spec), "-o", str(output),
                "--skip-validate-spec"]
    raise ValueError(tool)


TRASH = OUT / "trash"


def retire(path: Path) -> None:
    """Moves path out of the way (one rename) to be deleted when the run is over.

    This machine's root file system is ext4 without a journal; there ext4 will not reuse an inode freed within
    the last minute (`recently_deleted`) and reads inode tables from disk to find out, so creating hundreds of
    files right after deleting hundreds made the creating process spend up to 0.5 s more in the kernel (measured
    on apigen's GitHub output: 25-35 ms to write 728 files into a new folder, 450-550 ms right after deleting the
    previous run's). Deleting nothing while tools are timed keeps that out of every tool's figures alike.
    """
    if not path.exists():
        return
    TRASH.mkdir(parents=True, exist_ok=True)
    path.rename(TRASH / f"{time.monotonic_ns()}-{path.name}")


def empty_trash() -> None:
    shutil.rmtree(TRASH, ignore_errors=True)


def bench_generation(specs: list, warmups: int, runs: int, timeout: float, results: dict) -> None:
    rounds = warmups + runs
    for key, title, rel in specs:
        spec = CORPUS / rel
        work = OUT / "gen" / key
        work.mkdir(parents=True, exist_ok=True)
        entry = results["generation"].setdefault(key, {})
        for tool, _ in TOOLS:
            entry[tool] = {"runs": [], "failed": None}
        for round_index in range(rounds):
            warm = round_index < warmups
            for tool, _ in TOOLS:
                record = entry[tool]
                if record["failed"]:
                    continue
                output = work / f"{tool}-out.{round_index}"
                retire(output)
                log_path = OUT / "logs" / f"gen-{key}-{tool}.log"
                result = run_measured(generation_command(tool, spec, work, output), log_path, cwd=work,
                                      timeout=timeout)
                ok = result["exit"] == 0 and not result["timed_out"]
                label = "warm-up" if warm else f"run {round_index - warmups + 1}/{runs}"
                if not ok:
                    reason = (f"timed out after {timeout:.0f} s" if result["timed_out"]
                              else f"exit {result['exit']}: {first_error_line(log_path)}")
                    record["failed"] = reason
                    log(f"gen {key:12} {tool:6} {label}: FAILED ({reason})")
                    continue
                log(f"gen {key:12} {tool:6} {label}: {result['wall']:.2f} s, {result['maxrss_kb'] / 1024:.0f} MiB")
                if not warm:
                    record["runs"].append(result)
        for tool, _ in TOOLS:
            record = entry[tool]
            # The last round's output is the one the size and compile parts read; the others wait in the trash.
            retire(work / f"{tool}-out")
            for round_index in range(rounds):
                output = work / f"{tool}-out.{round_index}"
                if round_index == rounds - 1 and not record["failed"] and output.exists():
                    output.rename(work / f"{tool}-out")
                    GENERATED_THIS_RUN.add((key, tool))
                else:
                    retire(output)
            record["wall"] = summary([r["wall"] for r in record["runs"]])
            record["cpu"] = summary([r["cpu"] for r in record["runs"]])
            record["rss"] = summary([r["maxrss_kb"] for r in record["runs"]])


# (spec key, tool) pairs whose `<tool>-out` folder this run's generation benchmark wrote.
GENERATED_THIS_RUN: set[tuple[str, str]] = set()


def ensure_output(key: str, tool: str) -> Path | None:
    """The last generation output of tool for spec key, generating it if this run did not. An output a previous
    run left behind is never reused: it may come from an older apigen (a compile-only run once compiled the output
    of the morning's commit, which no longer matched the runtime)."""
    output = OUT / "gen" / key / f"{tool}-out"
    if (key, tool) in GENERATED_THIS_RUN and output.exists() and any(output.rglob("*.swift")):
        return output
    spec_rel = dict((k, rel) for k, _, rel in SPECS)[key]
    work = OUT / "gen" / key
    work.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(output, ignore_errors=True)
    log_path = OUT / "logs" / f"gen-{key}-{tool}.log"
    result = run_measured(generation_command(tool, CORPUS / spec_rel, work, output), log_path, cwd=work)
    if result["exit"] != 0:
        return None
    GENERATED_THIS_RUN.add((key, tool))
    return output


TYPE_DECLARATION = re.compile(
    rb"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|open|package|internal|fileprivate|private|final|indirect)[ \t]+)*"
    rb"(?:struct|enum|class|actor)[ \t]+(?!(?:func|var|let|subscript|override|final)\b)\w", re.M)


def output_size(output: Path) -> dict:
    files = lines = size = types = 0
    for path in sorted(output.rglob("*.swift")):
        data = path.read_bytes()
        files += 1
        size += len(data)
        lines += data.count(b"\n")
        types += len(TYPE_DECLARATION.findall(data))
    return {"files": files, "lines": lines, "bytes": size, "types": types}


def bench_sizes(specs: list, results: dict) -> None:
    for key, _, _ in specs:
        entry = results["size"].setdefault(key, {})
        for tool, _ in TOOLS:
            failed = results["generation"].get(key, {}).get(tool, {}).get("failed")
            output = None if failed else ensure_output(key, tool)
            entry[tool] = output_size(output) if output else None


# ---------------------------------------------------------------------------------------------------------------
# Compile time of the generated GitHub client
# ---------------------------------------------------------------------------------------------------------------

def main_package_identity() -> str:
    return MAIN.name.lower()


def compile_package(tool: str, sources: Path) -> Path:
    package = OUT / "compile" / tool
    target_dir = package / "Sources" / COMPILE_TARGET
    shutil.rmtree(target_dir, ignore_errors=True)
    target_dir.parent.mkdir(parents=True, exist_ok=True)
    shutil.copytree(sources, target_dir, ignore=shutil.ignore_patterns(".apigen-manifest"))
    if tool.startswith("apigen"):
        manifest = f"""// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "compile-apigen",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "{MAIN}")],
    targets: [
        .target(name: "{COMPILE_TARGET}", dependencies: [.product(name: "APIRuntime", package: "{main_package_identity()}")]),
    ],
    swiftLanguageModes: [.v6]
)
"""
    else:
        manifest = f"""// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "compile-sog",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "{OPENAPI_RUNTIME_VERSION}"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "{OPENAPI_URLSESSION_VERSION}"),
    ],
    targets: [
        .target(name: "{COMPILE_TARGET}", dependencies: [
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
"""
    (package / "Package.swift").write_text(manifest)
    prebuild_dependencies(tool, package)
    return package


PREBUILD = {"apigen": ["APIRuntime"], VARIANT: ["APIRuntime"], "sog": ["OpenAPIRuntime", "OpenAPIURLSession"]}


def prebuild_dependencies(tool: str, package: Path, targets: list[str] | None = None, quiet: bool = False) -> None:
    """Builds the runtime the generated code depends on, untimed. Run again before every timed build: the main
    package may have changed in between (others edit it), and its rebuild must not be counted."""
    for target in targets or PREBUILD[tool]:
        if not quiet:
            log(f"compile {tool}: prebuilding {target}")
        check_call(["swift", "build", "--package-path", str(package), "--target", target],
                   f"prebuilding {target} for {tool}", OUT / "logs" / f"compile-{tool}-prebuild.log",
                   retries=2 if tool.startswith("apigen") else 0)


def remove_target_products(package: Path) -> None:
    """Deletes what compiling the target produced (objects, dependency files, module), keeping SwiftPM's plan
    (output-file-map.json, sources), so the next build compiles the whole target and re-plans nothing."""
    keep = {"output-file-map.json", "sources", "include"}
    for debug in (package / ".build").glob("*/debug"):
        target_build = debug / f"{COMPILE_TARGET}.build"
        if target_build.is_dir():
            for path in target_build.iterdir():
                if path.name in keep:
                    continue
                if path.is_dir() and not path.is_symlink():
                    shutil.rmtree(path)
                else:
                    path.unlink()
        for path in list(debug.glob(f"Modules/{COMPILE_TARGET}.*")) + list(debug.glob(f"{COMPILE_TARGET}.swift*")):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)
            else:
                path.unlink()


def variant_output() -> Path | None:
    """apigen's GitHub output generated (untimed) with `modelEquality: equatable`."""
    work = OUT / "gen" / "github-equatable"
    output = work / "apigen-out"
    shutil.rmtree(output, ignore_errors=True)
    work.mkdir(parents=True, exist_ok=True)
    spec = CORPUS / dict((k, rel) for k, _, rel in SPECS)["github"]
    config = work / "apigen.yml"
    config.write_text(f"spec: {spec}\noutput: {output}\nmodelEquality: equatable\n")
    result = run_measured([str(APIGEN_BIN), "generate", "--config", str(config)], OUT / "logs" / "gen-github-equatable.log",
                          cwd=work)
    return output if result["exit"] == 0 else None


def bench_compile(runs: int, timeout: float, results: dict) -> None:
    entry = results["compile"]
    packages = {}
    for tool in COMPILE_TOOLS:
        entry[tool] = {"runs": [], "failed": None}
        if tool == VARIANT:
            sources = variant_output()
            if sources is None:
                entry[tool]["failed"] = "generation failed"
                continue
            packages[tool] = compile_package(tool, sources)
            continue
        failed = results["generation"].get("github", {}).get(tool, {}).get("failed")
        sources = None if failed else ensure_output("github", tool)
        if sources is None:
            entry[tool]["failed"] = failed or "generation failed"
            continue
        packages[tool] = compile_package(tool, sources)
    for round_index in range(runs):
        for tool in COMPILE_TOOLS:
            if tool not in packages or entry[tool]["failed"]:
                continue
            prebuild_dependencies(tool, packages[tool], quiet=True)
            remove_target_products(packages[tool])
            log_path = OUT / "logs" / f"compile-{tool}.log"
            result = run_measured(["swift", "build", "--package-path", str(packages[tool]), "--target",
                                   COMPILE_TARGET], log_path, timeout=timeout, poll_tree=True)
            if result["exit"] != 0 or result["timed_out"]:
                reason = (f"timed out after {timeout:.0f} s" if result["timed_out"]
                          else f"exit {result['exit']}: {first_error_line(log_path)}")
                entry[tool]["failed"] = reason
                log(f"compile {tool}: FAILED ({reason})")
                continue
            log(f"compile {tool:15} run {round_index + 1}/{runs}: {result['wall']:.1f} s, "
                f"max one process {result['maxrss_kb'] / 1024:.0f} MiB, "
                f"tree sum {result['tree_peak_sum_kb'] / 1024:.0f} MiB")
            entry[tool]["runs"].append(result)
    for tool in COMPILE_TOOLS:
        record = entry[tool]
        record["wall"] = summary([r["wall"] for r in record["runs"]])
        record["rss"] = summary([r["maxrss_kb"] for r in record["runs"]])
        record["tree"] = summary([r["tree_peak_sum_kb"] for r in record["runs"]])
        record["cpu"] = summary([r["cpu"] for r in record["runs"]])


# ---------------------------------------------------------------------------------------------------------------
# Runtime: one request through the generated client vs a bare URLSession + JSONDecoder call
# ---------------------------------------------------------------------------------------------------------------

def friends_payload(count: int = 20) -> bytes:
    items = []
    for index in range(count):
        items.append({
            "ident": str(4815162342 + index),
            "user_name": f"member{index}",
            "display-name": None if index % 3 == 0 else f"Member {index}",
            "avatar_url": f"https://cdn.example.com/avatars/{index}/large.jpg",
            "is_online": index % 2 == 0,
            "mutual_friends": index,
            "friends_since": "2021-03-14",
        })
    envelope = {"status": "ok", "reason": None,
                "data": {"items": items, "page": 1, "pageSize": count, "total": count}}
    return json.dumps(envelope).encode()


class PayloadHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    payload = b""
    served = 0
    lock = threading.Lock()

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        body = self.payload
        with PayloadHandler.lock:
            PayloadHandler.served += 1
        # Status line, headers and body in one write: no Nagle / delayed-ACK stall between them. max-age lets the
        # runtime's HTTPCache serve repeats; URLSession's own cache is off on both sides (urlCache = nil).
        self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nCache-Control: max-age=3600\r\n"
                         b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        pass


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def client_config() -> Path:
    """apigen.yml of the main package with spec/output/templates made absolute, output into BenchClient."""
    text = (MAIN / "apigen.yml").read_text()
    output = BENCH / "Sources" / "BenchClient"

    def absolute(match: re.Match) -> str:
        key, value = match.group(1), match.group(2).strip().strip("'\"")
        if key == "output":
            return f"{key}: {output}"
        return f"{key}: {(MAIN / value).resolve()}"

    text = re.sub(r"^(spec|output|templates):\s*(.+)$", absolute, text, flags=re.M)
    if not re.search(r"^output:", text, re.M):
        text += f"\noutput: {output}\n"
    if not re.search(r"^spec:", text, re.M):
        text += f"\nspec: {MAIN / 'api-spec' / 'openapi.yaml'}\n"
    config = OUT / "bench-client.yml"
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(text)
    return config


def file_system(path: str) -> str:
    """The type of the file system holding `path` (ext4, tmpfs ...): whether an fsync there reaches a disk."""
    lines = capture(["df", "--output=fstype", path]).splitlines()
    return lines[-1].strip() if len(lines) > 1 else "unknown"


def bench_runtime(processes: int, requests: int, warmup: int, enqueues: int, enqueue_warmup: int,
                  results: dict) -> None:
    entry = results["runtime"]
    log("runtime: generating BenchClient from ../api-spec with apigen")
    gen_log = OUT / "logs" / "runtime-generate.log"
    generated = run_measured([str(APIGEN_BIN), "generate", "--config", str(client_config())], gen_log)
    if generated["exit"] != 0:
        entry["failed"] = f"apigen could not generate the example client: {first_error_line(gen_log)}"
        return
    log("runtime: building RuntimeBench (release)")
    build_log = OUT / "logs" / "runtime-build.log"
    # SwiftPM reuses its build plan while no manifest changed, and then misses source files added to the main
    # package since the last run ("cannot find 'X' in scope"): touching the manifest makes it plan again.
    os.utime(BENCH / "Package.swift")
    built = run_measured(["swift", "build", "-c", "release", "--product", "RuntimeBench", "--package-path",
                          str(BENCH)], build_log)
    if built["exit"] != 0:
        entry["failed"] = f"RuntimeBench does not build: {first_error_line(build_log)}"
        return
    binary = BENCH / ".build" / "release" / "RuntimeBench"

    PayloadHandler.payload = friends_payload()
    server = ThreadingServer(("127.0.0.1", 0), PayloadHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    entry.update({"payload_bytes": len(PayloadHandler.payload), "requests": requests, "warmup": warmup,
                  "processes": processes, "client": [], "bare": [], "ratio": [], "cache_memory": [],
                  "cache_sqlite": [], "cache_sqlite_file": [], "cache_verified": True, "enqueues": enqueues, "enqueue_warmup": enqueue_warmup,
                  "enqueue": []})
    try:
        for index in range(processes):
            done = subprocess.run([str(binary), "--url", url, "--requests", str(requests), "--warmup", str(warmup),
                                   "--enqueue", str(enqueues), "--enqueue-warmup", str(enqueue_warmup)],
                                  capture_output=True, text=True, timeout=600)
            if done.returncode != 0:
                entry["failed"] = f"RuntimeBench failed: {(done.stderr or done.stdout).strip().splitlines()[-1:]}"
                return
            data = json.loads(done.stdout)
            served_before = entry.get("served_total", 0)
            entry["served_total"] = PayloadHandler.served
            if PayloadHandler.served - served_before != data["expected_server_requests"]:
                entry["cache_verified"] = False
            entry["cache_memory"].append(statistics.median(data["cache_memory_us"]))
            entry["cache_sqlite"].append(statistics.median(data["cache_sqlite_us"]))
            entry["cache_sqlite_file"].append(statistics.median(data["cache_sqlite_file_us"]))
            # RuntimeBench exits non-zero unless it found every enqueued entry in the reopened file.
            enqueue = statistics.median(data["enqueue_us"])
            entry["enqueue"].append(enqueue)
            entry["enqueue_file_system"] = file_system(data["enqueue_directory"])
            client = statistics.median(data["client_us"])
            bare = statistics.median(data["bare_us"])
            entry["client"].append(client)
            entry["bare"].append(bare)
            entry["ratio"].append(client / bare)
            entry["items"] = data["items"]
            log(f"runtime process {index + 1}/{processes}: client {client:.0f} µs, bare {bare:.0f} µs per request "
                f"(median of {requests} each); durable enqueue {enqueue:.0f} µs (median of {enqueues})")
    finally:
        server.shutdown()
        server.server_close()
    entry["client_summary"] = summary(entry["client"])
    entry["bare_summary"] = summary(entry["bare"])
    entry["ratio_summary"] = summary(entry["ratio"])
    entry["cache_memory_summary"] = summary(entry["cache_memory"])
    entry["cache_sqlite_summary"] = summary(entry["cache_sqlite"])
    entry["cache_sqlite_file_summary"] = summary(entry["cache_sqlite_file"])
    entry["enqueue_summary"] = summary(entry["enqueue"])


# ---------------------------------------------------------------------------------------------------------------
# Validation: the separate harness in Benchmarks/validation, run as part of this run when it exists
# ---------------------------------------------------------------------------------------------------------------

VALIDATION_RUN = BENCH / "validation" / "run.sh"
VALIDATION_OUT = OUT / "validation.md"


def bench_validation(results: dict) -> None:
    entry = results["validation"]
    if not VALIDATION_RUN.exists():
        entry["failed"] = "Benchmarks/validation/run.sh does not exist yet"
        return
    VALIDATION_OUT.unlink(missing_ok=True)
    log("validation: running Benchmarks/validation/run.sh")
    log_path = OUT / "logs" / "validation.log"
    result = run_measured(["bash", str(VALIDATION_RUN)], log_path, cwd=BENCH / "validation", timeout=1200)
    if result["exit"] != 0 or result["timed_out"] or not VALIDATION_OUT.exists():
        entry["failed"] = ("timed out" if result["timed_out"] else f"exit {result['exit']}: {first_error_line(log_path)}"
                           if result["exit"] else "it wrote no out/validation.md")
        return
    entry["markdown"] = VALIDATION_OUT.read_text()


# ---------------------------------------------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------------------------------------------

def degenerate_outputs(results: dict) -> list[str]:
    """Anchors that exited 0 but emitted far fewer types than apigen: their times are not like-for-like."""
    notes = []
    for key, title, _ in SPECS:
        sizes = results.get("size", {}).get(key, {})
        base = sizes.get("apigen")
        for tool, tool_title in TOOLS[1:]:
            s = sizes.get(tool)
            if not (base and s and "types" in s and "types" in base) or s["types"] * 10 >= base["types"]:
                continue
            note = (f"**{title}, {tool_title}**: exited 0 but declared {fmt_int(s['types'])} types against apigen's "
                    f"{fmt_int(base['types'])}: its output is not like-for-like, and neither is its generation time.")
            log_path = OUT / "logs" / f"gen-{key}-{tool}.log"
            try:
                text = log_path.read_text(errors="replace")
            except OSError:
                text = ""
            empty = len({found.upper() for found in re.findall(r"Empty operationId found for path: (\S+ \S+?)\.? ", text)})
            unexpected = len(re.findall(r"\(\w+\)\.\$ref is unexpected", text))
            if empty and unexpected:
                note += (f" Its log says \"$ref is unexpected\" for {unexpected} operations and \"Empty operationId "
                         f"found\" for {empty}: it ignores a `$ref` standing in place of an operation object "
                         "(`get: {$ref: resources/...yml}`, which this spec uses and OpenAPI 3.0 does not define), so "
                         "those operations have no parameters, no request bodies and untyped responses.")
            elif empty:
                note += f" Its log says \"Empty operationId found\" for {empty} operations."
            notes.append(note)
    return notes


def verdict(met: bool | None) -> str:
    return "**met**" if met else ("**missed**" if met is not None else "not measured")


def write_report(results: dict, args: argparse.Namespace) -> str:
    m = results["machine"]
    roots = roots_index()
    lines: list[str] = []
    add = lines.append
    add("# Benchmarks")
    add("")
    add("Produced by `Benchmarks/run.sh` (the harness is `Benchmarks/bench.py`); every figure below was measured in the "
        "run described here, apigen and its anchors side by side on the same inputs. Do not edit by hand: rerun "
        "`Benchmarks/run.sh` and commit its output. `swift test` contains no timing assertions.")
    add("")
    add(f"- **Date**: {m['date']}{' (`--quick`)' if args.quick else ''}")
    add(f"- **Machine**: {m['nproc']} cores ({m['cpu']}), {m['memory']} memory, Linux {m['kernel']}")
    add(f"- **Toolchains**: {m['swift']}; {m['java']}; Python {m['python']}")
    add(f"- **apigen**: commit {m['apigen']}, built `-c release`")
    add(f"- **Anchors**: swift-openapi-generator {SOG_VERSION} (built `-c release`, `generate: [types, client]`, "
        f"`accessModifier: public`); openapi-generator-cli {m.get('ogen', OGEN_VERSION)} "
        f"(`-g swift5 --skip-validate-spec`, launched by its PyPI wrapper); compile rows use swift-openapi-runtime "
        f"{OPENAPI_RUNTIME_VERSION} and swift-openapi-urlsession {OPENAPI_URLSESSION_VERSION} for the anchor's output")
    g = args.gen_warmups, args.gen_runs
    runtime = results.get("runtime", {})
    # Only for a run that enqueued: a results.json from before the queue row has no such figures.
    queue_text = (f"; offline queue {runtime['enqueues']} durable enqueues per process after "
                  f"{runtime['enqueue_warmup']} warm-up ones" if runtime.get("enqueues") else "")
    add(f"- **Repetitions**: generation {g[0]} warm-up + {g[1]} runs per tool and spec, alternating "
        f"apigen, swift-openapi-generator, openapi-generator in every round; compile {args.compile_runs} runs each, "
        f"alternating, after the dependencies were prebuilt; runtime {args.runtime_processes} processes × "
        f"{args.runtime_requests} requests per side after {args.runtime_warmup} warm-up requests, alternating request "
        f"by request{queue_text}")
    loads = {"generation": [r["load_after"] for spec in results.get("generation", {}).values()
                            for record in spec.values() for r in record.get("runs", [])],
             "compile": [r["load_after"] for record in results.get("compile", {}).values() if isinstance(record, dict)
                         for r in record.get("runs", [])]}
    load_text = "; ".join(f"{name} median {statistics.median(values):.1f}, max {max(values):.1f}"
                          for name, values in loads.items() if values)
    if load_text:
        add(f"- **Machine load**: 1-minute load average read after every measured command: {load_text}. The "
            f"machine has {m['nproc']} cores and is shared: a load well above what the benchmark itself runs (1–2) "
            "means other work ran at the same time, which slows both sides of a comparison; alternation keeps the "
            "ratios fair, absolute times less so.")
    add("- **Figures**: median (min–max) over the runs. Ratios are apigen ÷ anchor on the medians: below 1× "
        "means apigen is faster or smaller.")
    add("")

    # Targets
    add("## Targets")
    add("")
    add("| target | measured | status |")
    add("|---|---|---|")
    gen = results.get("generation", {})
    for anchor, factor in (("sog", 10), ("ogen", 3)):
        for key, title, _ in SPECS:
            record = gen.get(key)
            if not record:
                continue
            a, b = record["apigen"], record[anchor]
            if a.get("failed"):
                add(f"| generation ≥ {factor}× faster than {TOOL_TITLE[anchor]}: {title} | apigen failed | **missed** |")
            elif b.get("failed"):
                add(f"| generation ≥ {factor}× faster than {TOOL_TITLE[anchor]}: {title} | anchor fails on this spec; "
                    f"apigen {fmt_seconds(a['wall']['median'])} | not comparable (anchor fails) |")
            else:
                speedup = b["wall"]["median"] / a["wall"]["median"]
                sizes = results.get("size", {}).get(key, {})
                partial = (sizes.get(anchor) and sizes.get("apigen") and "types" in sizes[anchor]
                           and sizes[anchor]["types"] * 10 < sizes["apigen"]["types"])
                caveat = " (the anchor's output is degenerate: see the size notes)" if partial else ""
                add(f"| generation ≥ {factor}× faster than {TOOL_TITLE[anchor]}: {title} | {speedup:.1f}× "
                    f"({fmt_seconds(a['wall']['median'])} vs {fmt_seconds(b['wall']['median'])}){caveat} | "
                    f"{verdict(speedup >= factor)} |")
    comp = results.get("compile", {})
    if comp.get("apigen", {}).get("wall") and comp.get("sog", {}).get("wall"):
        a, b = comp["apigen"], comp["sog"]
        speedup = b["wall"]["median"] / a["wall"]["median"]
        mem = a["rss"]["median"] / b["rss"]["median"]
        tree = a["tree"]["median"] / b["tree"]["median"]
        cpu_speedup = b["cpu"]["median"] / a["cpu"]["median"]
        add(f"| compiling the generated GitHub client ≥ 5× faster than swift-openapi-generator's | {speedup:.1f}× "
            f"wall ({fmt_seconds(a['wall']['median'])} vs {fmt_seconds(b['wall']['median'])}); {cpu_speedup:.1f}× "
            f"CPU | {verdict(speedup >= 5)} |")
        add(f"| … at ≤ 1/3 of its peak memory | {mem:.2f}× of the largest process ({fmt_mib(a['rss']['median'])} vs "
            f"{fmt_mib(b['rss']['median'])}); {tree:.2f}× of the summed tree | {verdict(mem <= 1 / 3)} |")
        h = comp.get(VARIANT, {})
        if h.get("wall"):
            add(f"| the same with `modelEquality: equatable` (models not `Hashable`) | "
                f"{b['wall']['median'] / h['wall']['median']:.1f}× wall ({fmt_seconds(h['wall']['median'])} vs "
                f"{fmt_seconds(b['wall']['median'])}); {h['rss']['median'] / b['rss']['median']:.2f}× of the largest "
                "process | reported; the target is judged on the default |")
    else:
        reason = comp.get("apigen", {}).get("failed") or comp.get("sog", {}).get("failed") or "not run"
        add(f"| compiling the generated GitHub client ≥ 5× faster, ≤ 1/3 peak memory | {reason} | not measured |")
    rt = results.get("runtime", {})
    if rt.get("ratio_summary"):
        ratio = statistics.median(rt["ratio"])
        add(f"| a request through the generated client ≤ 1.3× a bare URLSession + JSONDecoder call | {ratio:.2f}× | "
            f"{verdict(ratio <= 1.3)} |")
    else:
        add(f"| a request through the generated client ≤ 1.3× a bare URLSession + JSONDecoder call | "
            f"{rt.get('failed', 'not run')} | not measured |")
    if rt.get("cache_memory_summary"):
        base = rt["client_summary"]["median"]
        for key, title in (("cache_memory", "`InMemoryStorage`"), ("cache_sqlite", "`SQLiteStorage`")):
            speedup = base / rt[key + "_summary"]["median"]
            add(f"| a cache hit ({title}) ≥ 20× faster than a loopback round trip | {speedup:.1f}× "
                f"({fmt_us(rt[key + '_summary']['median'])} vs {fmt_us(base)}) | {verdict(speedup >= 20)} |")
        if rt.get("cache_sqlite_file_summary"):
            file_hit = rt["cache_sqlite_file_summary"]["median"]
            add(f"| a cache hit read from the SQLite file (`memoryCapacity: 0`) | {base / file_hit:.1f}× "
                f"({fmt_us(file_hit)} vs {fmt_us(base)}) | reported, no target |")
    else:
        add(f"| a cache hit ≥ 20× faster than a loopback round trip | {rt.get('failed', 'not run')} | not measured |")
    if rt.get("enqueue_summary"):
        median = rt["enqueue_summary"]["median"]
        add(f"| enqueue of one offline request (durable) per second | {1e6 / median:,.0f}/s ({fmt_us(median)} per "
            "enqueue, WAL + `synchronous = FULL`) | reported, no target |")
    else:
        add(f"| enqueue of one offline request (durable) per second | {rt.get('failed', 'not run')} | not measured |")
    add("")

    # Generation
    if gen:
        add("## Generation: wall time and peak memory")
        add("")
        add("Peak RSS is the largest single process of the command (wait4's ru_maxrss): the JVM for openapi-generator. "
            "CPU is user + system time of the whole command; above the wall time means it used both cores. "
            "Every run writes into a new, empty output folder; outputs are deleted only after the whole run (on this "
            "machine's ext4 without a journal, creating hundreds of files within a minute of deleting hundreds costs "
            "up to half a second of kernel time, which would otherwise land on whichever tool writes many files).")
        add("")
        add("| spec | generator | wall | peak RSS | CPU | wall ratio | RSS ratio |")
        add("|---|---|---|---|---|---|---|")
        for key, title, rel in SPECS:
            record = gen.get(key)
            if not record:
                continue
            row = roots.get(rel, {})
            described = (f"{title}: `{rel.split('/')[-1]}`, OpenAPI {row.get('openapi', '?')}, "
                         f"{int(row.get('bytes', 0)) / 1e6:.1f} MB, {row.get('operations', '?')} operations")
            base = record["apigen"]
            for tool, tool_title in TOOLS:
                r = record[tool]
                if r.get("failed"):
                    add(f"| {described} | {tool_title} | **fails**: {r['failed']} | | | | |")
                else:
                    wall_ratio = rss_ratio = "–"
                    if tool != "apigen" and base.get("wall"):
                        wall_ratio = fmt_ratio(base["wall"]["median"], r["wall"]["median"])
                        rss_ratio = fmt_ratio(base["rss"]["median"], r["rss"]["median"])
                    add(f"| {described} | {tool_title} | {fmt_range(r['wall'], fmt_seconds)} | "
                        f"{fmt_range(r['rss'], fmt_mib)} | {fmt_seconds(r['cpu']['median'])} | {wall_ratio} | "
                        f"{rss_ratio} |")
                described = ""
        add("")

    # Sizes
    size = results.get("size", {})
    if size:
        add("## Generated code: lines and bytes")
        add("")
        add("`.swift` files only (openapi-generator also writes docs, a README and project files, not counted). "
            "Lines are newline characters.")
        add("")
        add("| spec | generator | files | lines | bytes | types declared | lines ratio |")
        add("|---|---|---|---|---|---|---|")
        for key, title, _ in SPECS:
            record = size.get(key)
            if not record:
                continue
            described = title
            base = record.get("apigen")
            for tool, tool_title in TOOLS:
                s = record.get(tool)
                if not s:
                    add(f"| {described} | {tool_title} | – | – | – | – | generation fails |")
                else:
                    ratio = fmt_ratio(base["lines"], s["lines"]) if base and tool != "apigen" else "–"
                    types = fmt_int(s["types"]) if "types" in s else "–"
                    add(f"| {described} | {tool_title} | {fmt_int(s['files'])} | {fmt_int(s['lines'])} | "
                        f"{s['bytes'] / 1e6:.1f} MB | {types} | {ratio} |")
                described = ""
        add("")
        add("Types declared: lines declaring a `struct`, `enum`, `class` or `actor`, nested ones included.")
        add("")
        for note in degenerate_outputs(results):
            add(f"- {note}")
        add("")

    # Compile
    if comp:
        add("## Compiling the generated GitHub client")
        add("")
        add(f"Debug `swift build --target {COMPILE_TARGET}` of a package whose one target holds the generator's output, "
            "with its runtime prebuilt; before every run the runtime is brought up to date (untimed) and the target's "
            "build products (object files, dependency files, module; SwiftPM's plan is kept) are deleted, so the "
            "whole target is compiled and nothing else. apigen's output depends on `APIRuntime` "
            "(the main package by path); swift-openapi-generator's on `OpenAPIRuntime` and `OpenAPIURLSession`. "
            "Both in Swift 6 language mode, `-j` = number of cores. Wall time includes SwiftPM's own planning (about "
            "a second). **Peak RSS (largest process)** is wait4's ru_maxrss, the largest single process of the "
            "`swift build` tree (a `swift-frontend`); **peak RSS (tree sum)** is the peak of the summed RSS of all "
            "processes of the tree, sampled from /proc every 0.2 s. apigen's models are `Hashable` by default, like "
            "every type swift-openapi-generator emits; `modelEquality: equatable` (Docs/configuration.md) makes them "
            "`Equatable` only. Both apigen variants are measured, alternating with the anchor; ratios compare the "
            "default with the anchor.")
        add("")
        add("| generated code | wall | CPU (user + sys) | peak RSS (largest process) | peak RSS (tree sum) | wall ratio "
            "| CPU ratio | memory ratio |")
        add("|---|---|---|---|---|---|---|---|")
        for tool in COMPILE_TOOLS:
            r = comp.get(tool, {})
            if tool == VARIANT and not r:
                continue  # a results.json from before this row
            title = COMPILE_TITLE[tool]
            if r.get("failed"):
                add(f"| {title} | **fails**: {r['failed']} | | | | | | |")
            elif r.get("wall"):
                ratio = cpu = memory = "–"
                other = comp.get("apigen", {})
                if tool == "sog" and other.get("wall"):
                    ratio = fmt_ratio(other["wall"]["median"], r["wall"]["median"])
                    cpu = fmt_ratio(other["cpu"]["median"], r["cpu"]["median"])
                    memory = fmt_ratio(other["rss"]["median"], r["rss"]["median"])
                add(f"| {title} | {fmt_range(r['wall'], fmt_seconds)} | {fmt_range(r['cpu'], fmt_seconds)} | "
                    f"{fmt_range(r['rss'], fmt_mib)} | {fmt_range(r['tree'], fmt_mib)} | {ratio} | {cpu} | {memory} |")
        add("")

    # Runtime
    add("## Runtime: one request on loopback")
    add("")
    if rt.get("ratio_summary"):
        add(f"`Benchmarks/Sources/RuntimeBench` against a Python `http.server` on 127.0.0.1 (HTTP/1.1 keep-alive) that "
            f"answers every GET with the same {rt['payload_bytes']:,}-byte `{{status, reason, data}}` envelope of "
            f"{rt['items']} friends. **Generated client**: `MemberAPI(baseURL:).members.getFriends(memberID:page:)` "
            "of apigen's output for `api-spec/` (generated into `Benchmarks/Sources/BenchClient` by this run): "
            "whatever the generated method does with the bundled defaults: request builder, middleware chain (none), "
            "`URLSessionTransport`, response validation where apigen generates it, envelope unwrapping, the generated "
            "`Member` decoding (flexible identifiers, alternate field names, dates). **Bare call**: `URLSession.data(for:)` "
            "on a session with the same configuration (no URL cache), a status check and `JSONDecoder` into "
            "hand-written `Decodable` structs of the same fields. Both run in one release-built process, alternating "
            "request by request; per-request medians, then the median (min–max) over the processes. The server's own "
            "time is part of both figures.")
        add("")
        add("| call | per-request latency | ratio to bare |")
        add("|---|---|---|")
        add(f"| generated client (apigen) | {fmt_range(rt['client_summary'], fmt_us)} | "
            f"{fmt_range(rt['ratio_summary'], lambda v: f'{v:.2f}×')} |")
        add(f"| bare URLSession + JSONDecoder | {fmt_range(rt['bare_summary'], fmt_us)} | 1× |")
    else:
        add(f"Not produced in this run: {rt.get('failed', 'not run')}.")
    add("")

    # Placeholders
    validation = results.get("validation", {})
    if validation.get("markdown"):
        text = validation["markdown"].strip()
        add(text if text.startswith("## ") else "## Validation\n\n" + text)
        add("")
    else:
        add("## Validation: not measured yet")
        add("")
        add("No validation figures in this run"
            + (f" ({validation['failed']})" if validation.get("failed") else "")
            + ". They come from `Benchmarks/validation/` (apigen's generated validators against jsonschema-rs, "
            "fastjsonschema and python-jsonschema, and JSONDecoder decoding of the same payload, see "
            "`../shared/BENCHMARKS.md`), which `run.sh` runs as part of the benchmark once it is complete. "
            "**Not measured yet: no figures here until then.**")
        add("")
    if rt.get("cache_memory_summary"):
        add("## Cache: a hit vs a loopback round trip")
        add("")
        add("Measured in the same `RuntimeBench` processes, in the same alternation: the generated client with the "
            "runtime's `HTTPCache` middleware (over `InMemoryStorage`, or `SQLiteStorage` in a temporary file), "
            "primed once; the server answers `Cache-Control: max-age=3600`, so every measured call is a fresh hit "
            "served without the network. The client reuses what it validated and decoded from the same stored bytes "
            "(`APIResponse.isLocal`, `LocalResultMemo`: responses from the network are always validated and decoded), "
            "so a hit costs the request builder, the middleware chain, the storage lookup and a memo lookup. "
            "`SQLiteStorage` keeps the responses it read or wrote most recently in memory (4 MiB by default) and "
            "answers a read of one of them on the caller's thread while the file's access time for it is under a "
            "second old; any other read goes to the file on the storage's own queue. The last row is the same file "
            "with that memory off (`memoryCapacity: 0`): what a hit costs when it has to be read from the file. "
            + ("The server's request count confirms it: it saw exactly the uncached calls and none of the cached ones."
               if rt.get("cache_verified") else "**Warning: the server saw more requests than the uncached calls: "
               "some cached calls were not hits.**"))
        add("")
        add("| call | per-request latency | ratio to the uncached generated client |")
        add("|---|---|---|")
        base = rt["client_summary"]["median"]
        add(f"| generated client, loopback round trip (no cache) | {fmt_range(rt['client_summary'], fmt_us)} | 1× |")
        for key, title in (("cache_memory", "cache hit, `InMemoryStorage`"), ("cache_sqlite", "cache hit, `SQLiteStorage`"),
                           ("cache_sqlite_file", "cache hit, `SQLiteStorage` read from the file (`memoryCapacity: 0`)")):
            if not rt.get(key + "_summary"):
                continue
            add(f"| generated client, {title} | {fmt_range(rt[key + '_summary'], fmt_us)} | "
                f"{rt[key + '_summary']['median'] / base:.2f}× |")
        add("")
    else:
        add("## Cache: not measured yet")
        add("")
        add("Not produced in this run (the runtime row did not run). **Not measured yet.**")
        add("")
    if rt.get("enqueue_summary"):
        stats = rt["enqueue_summary"]
        entries = rt["processes"] * (rt["enqueues"] + rt["enqueue_warmup"])
        add("## Offline queue: one durable enqueue")
        add("")
        add("Measured in the same `RuntimeBench` processes, after the request loop: `OfflineQueue.enqueue(_:operation:"
            "account:)` over `SQLiteStorage` in a fresh file in the temporary directory (on "
            f"{rt.get('enqueue_file_system', 'an unknown file system')}), one call after the other from one task, "
            "timed with `ContinuousClock` around each call. The call is the spec's queueable `trackNotification` "
            "(a `POST` with a small JSON body; the queue adds the idempotency key and strips `Authorization`). Each "
            "enqueue is one `BEGIN IMMEDIATE` … `COMMIT` transaction and returns after the commit. **Durability**: the "
            "runtime opens the store in WAL mode with `synchronous = FULL` (`SQLiteStorage`, unchanged for this "
            "benchmark), so every commit syncs the WAL file (`fdatasync` on Linux) before `enqueue` returns: an entry "
            "survives a crash of the process or of the machine as far as the disk honours the flush (on a virtual "
            "machine, as far as the hypervisor does). "
            f"{rt['enqueues']} enqueues per process after {rt['enqueue_warmup']} warm-up ones; per-process medians, "
            "then the median (min–max) over the processes; enqueues per second is 1 s ÷ that latency. After the loop "
            "every process closed the file, opened it again and checked that each entry was there, in order, with its "
            f"body and idempotency key (the run fails otherwise): all {fmt_int(entries)} were.")
        add("")
        add("| operation | per-enqueue latency | enqueues per second | status |")
        add("|---|---|---|---|")
        rates = f"{1e6 / stats['median']:,.0f} ({1e6 / stats['max']:,.0f}–{1e6 / stats['min']:,.0f})"
        add(f"| `OfflineQueue.enqueue`, `SQLiteStorage` (WAL, `synchronous = FULL`) | {fmt_range(stats, fmt_us)} | "
            f"{rates} | reported, no target |")
        add("")
    add("## How to run")
    add("")
    add("```sh")
    add("Benchmarks/run.sh            # everything: 30-45 minutes on 2 cores, most of it compiling")
    add("Benchmarks/run.sh --quick    # fewer repetitions: about 20 minutes")
    add("Benchmarks/run.sh --only gen,size   # a subset: gen, size, compile, runtime")
    add("```")
    add("")
    add("Findings on where apigen spends its time and why a target is missed: [performance.md](performance.md).")
    add("")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--only", default="gen,size,compile,runtime,validation",
                        help="comma-separated subset of gen,size,compile,runtime,validation")
    parser.add_argument("--specs", default=",".join(k for k, _, _ in SPECS), help="comma-separated spec keys")
    parser.add_argument("--no-write", action="store_true", help="do not write Docs/benchmarks.md")
    parser.add_argument("--report-from", metavar="RESULTS_JSON",
                        help="measure nothing: write the report again from a previous run's results.json (and the "
                             "outputs and logs it left in out/)")
    parser.add_argument("--gen-warmups", type=int)
    parser.add_argument("--gen-runs", type=int)
    parser.add_argument("--compile-runs", type=int)
    parser.add_argument("--runtime-processes", type=int)
    parser.add_argument("--runtime-requests", type=int)
    parser.add_argument("--runtime-warmup", type=int)
    parser.add_argument("--runtime-enqueues", type=int)
    parser.add_argument("--runtime-enqueue-warmup", type=int)
    args = parser.parse_args()
    defaults = dict(gen_warmups=1, gen_runs=5, compile_runs=2, runtime_processes=5, runtime_requests=1000,
                    runtime_warmup=200, runtime_enqueues=2000, runtime_enqueue_warmup=100)
    if args.quick:
        defaults.update(gen_runs=2, compile_runs=1, runtime_processes=2, runtime_requests=300, runtime_warmup=50)
    for name, value in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    only = set(args.only.split(","))
    unknown = only - {"gen", "size", "compile", "runtime", "validation"}
    if unknown:
        parser.error(f"unknown --only parts: {', '.join(sorted(unknown))}")
    specs = [s for s in SPECS if s[0] in args.specs.split(",")]
    roots = roots_index()
    for _, _, rel in specs:
        if rel not in roots or not (CORPUS / rel).exists():
            sys.exit(f"error: {rel} is not a root of {CORPUS / 'roots.tsv'}")

    if args.report_from:
        results = json.loads(Path(args.report_from).read_text())
        for name, value in results["args"].items():
            if name not in ("report_from", "no_write"):
                setattr(args, name, value)
        for key, sizes in results.get("size", {}).items():
            for tool, size in sizes.items():
                output = OUT / "gen" / key / f"{tool}-out"
                if size and "types" not in size and output.exists():
                    size["types"] = output_size(output)["types"]
        report = write_report(results, args)
        report += f"\nThis run took {results['elapsed'] / 60:.0f} minutes in all, builds included.\n"
        if args.no_write:
            print(report)
        else:
            DOC.write_text(report)
            log(f"wrote {DOC} from {args.report_from}")
        return

    started = time.perf_counter()
    # Outputs of an earlier run are deleted at the end of this one, not before the timed generations.
    if "gen" in only:
        retire(OUT / "gen")
    results: dict = {"machine": machine_info(), "builds": {}, "generation": {}, "size": {}, "compile": {},
                     "runtime": {}, "validation": {}, "args": vars(args)}
    build_tools(need_sog=bool(only & {"gen", "size", "compile"}), need_ogen=bool(only & {"gen", "size"}),
                results=results)
    if "gen" in only:
        bench_generation(specs, args.gen_warmups, args.gen_runs, timeout=900, results=results)
    if "size" in only:
        bench_sizes(specs, results)
    if "compile" in only:
        bench_compile(args.compile_runs, timeout=1800, results=results)
    if "runtime" in only:
        bench_runtime(args.runtime_processes, args.runtime_requests, args.runtime_warmup, args.runtime_enqueues,
                      args.runtime_enqueue_warmup, results)
    if "validation" in only:
        bench_validation(results)
    results["elapsed"] = time.perf_counter() - started

    (OUT / "results.json").write_text(json.dumps(results, indent=1, default=str))
    empty_trash()
    report = write_report(results, args)
    report += f"\nThis run took {results['elapsed'] / 60:.0f} minutes in all, builds included.\n"
    if args.no_write:
        print(report)
    else:
        DOC.write_text(report)
        log(f"wrote {DOC}")
    log(f"done in {results['elapsed'] / 60:.1f} min")


if __name__ == "__main__":
    main()
