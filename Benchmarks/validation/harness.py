#!/usr/bin/env python3
"""Runs the validation benchmark (called by run.sh once everything is built) and writes ../out/validation.md.

A warm-up round (one ValidationBench process, one Python process; discarded) and then --rounds rounds, each
running ValidationBench and then bench_python.py, so both sides see the same state of the machine. Every process
measures --batches batches per measurement; a figure in the report is the median (and min–max) of the per-run
averages of all batches of all rounds. Raw output of every process: out/results.json (git-ignored).
"""
import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAIN = HERE.parent.parent
BENCH = HERE / "Package" / ".build" / "release" / "ValidationBench"
PYTHON = HERE / "venv" / "bin" / "python"
REPORT = MAIN / "Benchmarks" / "out" / "validation.md"
RAW = HERE / "out" / "results.json"

VALID = HERE / "payload-valid.json"
INVALID = HERE / "payload-invalid.json"

# Targets from the issue.
FASTER_THAN_FASTJSONSCHEMA = 3.0
SHARE_OF_JSONDECODER = 0.25


def log(message: str) -> None:
    print(f"[validation] {message}", file=sys.stderr, flush=True)


def run_json(command: list[str]) -> dict:
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed ({result.returncode}):\n{result.stderr}")
    return json.loads(result.stdout)


def output_of(command: list[str]) -> str:
    try:
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def load_average() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def pooled(rounds: list[dict], payload: str, name: str) -> dict:
    values = [v for r in rounds for v in r["payloads"][payload]["timings"][name]["batches"]]
    return {"median": median(values), "min": min(values), "max": max(values), "n": len(values),
            "roundMedians": [r["payloads"][payload]["timings"][name]["median"] for r in rounds]}


def fmt_us(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"


def fmt_ratio(value: float) -> str:
    return f"{value:.2f}×" if value < 10 else f"{value:.1f}×"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batches", type=int, default=20)
    parser.add_argument("--runs", type=int, default=100, help="runs per batch (python-jsonschema: --slow-runs)")
    parser.add_argument("--slow-runs", type=int, default=5)
    args = parser.parse_args()

    swift_cmd = [str(BENCH), "--valid", str(VALID), "--invalid", str(INVALID),
                 "--batches", str(args.batches), "--runs", str(args.runs), "--warmup", "300"]
    python_cmd = [str(PYTHON), str(HERE / "bench_python.py"), "--valid", str(VALID), "--invalid", str(INVALID),
                  "--batches", str(args.batches), "--runs", str(args.runs), "--slow-runs", str(args.slow_runs)]

    load_before = load_average()
    started = datetime.datetime.now(datetime.timezone.utc)
    log("warm-up round (discarded)")
    run_json(swift_cmd)
    run_json(python_cmd)
    swift_rounds, python_rounds = [], []
    for index in range(args.rounds):
        log(f"round {index + 1}/{args.rounds}: apigen")
        swift_rounds.append(run_json(swift_cmd))
        log(f"round {index + 1}/{args.rounds}: python")
        python_rounds.append(run_json(python_cmd))
    finished = datetime.datetime.now(datetime.timezone.utc)
    load_after = load_average()

    RAW.parent.mkdir(parents=True, exist_ok=True)
    RAW.write_text(json.dumps({"swift": swift_rounds, "python": python_rounds}, indent=1) + "\n")

    s = lambda payload, name: pooled(swift_rounds, payload, name)
    p = lambda payload, name: pooled(python_rounds, payload, name)

    # Correctness: every validator must agree on the verdict (and the collecting ones on the five errors).
    checks = []
    for label in ("valid", "invalid"):
        sw = swift_rounds[0]["payloads"][label]
        py = python_rounds[0]["payloads"][label]
        apigen_locations = sorted(e["instanceLocation"] for e in sw["errors"])
        rs_locations = sorted(e["instanceLocation"] for e in py["errors"]["jsonschema-rs"])
        ref_locations = sorted(e["instanceLocation"] for e in py["errors"]["jsonschema"])
        fjs_rejects = py["errors"]["fastjsonschema"] == 1
        agree = apigen_locations == rs_locations == ref_locations and fjs_rejects == bool(apigen_locations)
        checks.append((label, len(apigen_locations), len(rs_locations), len(ref_locations), fjs_rejects,
                       len(sw["errorsFirst"]), sw["decodes"] is True, agree))
    if not all(check[-1] for check in checks):
        log("warning: the validators disagree on the payloads; see the report")

    versions = python_rounds[0]["versions"]
    dirty = output_of(["git", "-C", str(MAIN), "status", "--porcelain", "--", "Sources", "Package.swift"])
    commit = output_of(["git", "-C", str(MAIN), "rev-parse", "--short", "HEAD"])
    lines: list[str] = []
    add = lines.append

    add("## Validation")
    add("")
    add("Written by `Benchmarks/validation/run.sh`; every figure below was measured in the run described here, "
        "apigen and the anchors alternating on the same payloads and the same schema. Do not edit by hand: rerun it.")
    add("")
    valid_bytes = swift_rounds[0]["payloads"]["valid"]["bytes"]
    invalid_bytes = swift_rounds[0]["payloads"]["invalid"]["bytes"]
    add(f"- **Payloads**: `payload-valid.json` ({valid_bytes:,} bytes: `{{status, reason, data}}` with 100 items) and "
        f"`payload-invalid.json` ({invalid_bytes:,} bytes: the same with 5 violations at items 61, 74, 83, 90 and 97: "
        "pattern, enum, uniqueItems, additionalProperties, maximum), written by `generate.py`.")
    add("- **Schema**: `schema.json` (draft 2020-12: required, additionalProperties false, integer bounds, string "
        "lengths, a pattern, enums, uniqueItems, nullable fields, a nested object, `$ref` to `$defs`). apigen compiles "
        "it from `api/openapi.yaml` (the same schema under `components.schemas`); the Python validators get "
        "`schema.json` itself (fastjsonschema compiles it with its newest generator, draft 2019-09, which treats every "
        "keyword used here the same way).")
    cpu = output_of(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"]).strip() or "unknown CPU"
    swift_version = output_of(["swift", "--version"]).splitlines()[0]
    add(f"- **Machine**: {output_of(['nproc'])} cores (`nproc`), Linux {platform.release()} (`uname -r`), {cpu}; "
        f"load average {load_before} before the run, {load_after} after (other work may be running: compare ratios).")
    add(f"- **Versions**: {swift_version}; "
        f"apigen commit {commit}{' + uncommitted changes' if dirty else ''} (generator and `APIRuntime`, `-c release`); "
        f"Python {platform.python_version()}, fastjsonschema {versions['fastjsonschema']}, "
        f"jsonschema-rs {versions['jsonschema-rs']}, jsonschema {versions['jsonschema']}.")
    add(f"- **Date**: {started:%Y-%m-%d %H:%M}–{finished:%H:%M} UTC.")
    add(f"- **Method**: 1 warm-up round, then {args.rounds} rounds of one `ValidationBench` process (Swift, release) "
        f"and one `bench_python.py` process, alternating. Each process interleaves its measurements batch by batch, "
        f"{args.batches} batches each, {args.runs} runs per batch ({args.slow_runs} for python-jsonschema, about "
        f"10 ms a run); the Python garbage collector is off during a batch, as in `timeit`. A figure is the median "
        f"and the min–max of the per-run averages of all {args.rounds * args.batches} batches, in microseconds per "
        f"validation. Ratio = that row's median ÷ apigen's like-for-like median (above 1× means apigen is faster).")
    add("")

    def table(title: str, rows: list[tuple[str, dict, dict | None]]) -> None:
        add(f"**{title}**")
        add("")
        add("| what | median µs | min–max µs | ratio to apigen |")
        add("|---|---:|---:|---:|")
        for what, figure, base in rows:
            ratio = fmt_ratio(figure["median"] / base["median"]) if base else "–"
            add(f"| {what} | {fmt_us(figure['median'])} | {fmt_us(figure['min'])}–{fmt_us(figure['max'])} | {ratio} |")
        add("")

    v_all = s("valid", "validate")
    table("Valid payload, instance already parsed (every validator walks the whole payload)", [
        ("**apigen** `validateEnvelope` (collects all errors)", v_all, v_all),
        ("apigen, `stopAtFirstError: true`", s("valid", "validateFirst"), v_all),
        ("jsonschema-rs `is_valid`", p("valid", "jsonschema-rs is_valid"), v_all),
        ("jsonschema-rs `iter_errors`", p("valid", "jsonschema-rs iter_errors"), v_all),
        ("fastjsonschema (compiled)", p("valid", "fastjsonschema"), v_all),
        ("python-jsonschema `is_valid`", p("valid", "jsonschema is_valid"), v_all),
        ("python-jsonschema `iter_errors`", p("valid", "jsonschema iter_errors"), v_all),
    ])
    i_first = s("invalid", "validateFirst")
    i_all = s("invalid", "validate")
    table("Invalid payload, instance already parsed: stop at the first error (item 61)", [
        ("**apigen**, `stopAtFirstError: true`", i_first, i_first),
        ("jsonschema-rs `is_valid`", p("invalid", "jsonschema-rs is_valid"), i_first),
        ("fastjsonschema (raises at the first error)", p("invalid", "fastjsonschema"), i_first),
        ("python-jsonschema `is_valid`", p("invalid", "jsonschema is_valid"), i_first),
    ])
    table("Invalid payload, instance already parsed: collect all 5 errors", [
        ("**apigen** `validateEnvelope` (collects all errors)", i_all, i_all),
        ("jsonschema-rs `iter_errors`", p("invalid", "jsonschema-rs iter_errors"), i_all),
        ("python-jsonschema `iter_errors`", p("invalid", "jsonschema iter_errors"), i_all),
    ])
    for label, title in (("valid", "Valid payload"), ("invalid", "Invalid payload")):
        pv = s(label, "parseValidate")
        table(f"{title}, from the bytes (ratios to apigen's parse + validate)", [
            ("apigen `JSONParser.parse`", s(label, "parse"), pv),
            ("apigen validate alone (from the tables above)", s(label, "validate"), pv),
            ("**apigen** parse + validate", pv, pv),
            ("**JSONDecoder** `decode(Envelope.self)`, generated Codable models (the floor)", s(label, "decode"), pv),
            ("apigen parse + validate + JSONDecoder (a generated call)", s(label, "parseValidateDecode"), pv),
            ("Python `json.loads` (context)", p(label, "json.loads"), pv),
        ])

    # Targets.
    fjs_valid = p("valid", "fastjsonschema")["median"] / v_all["median"]
    fjs_first = p("invalid", "fastjsonschema")["median"] / i_first["median"]
    fjs_bytes = p("valid", "fastjsonschema")["median"] / s("valid", "parseValidate")["median"]
    decode = s("valid", "decode")["median"]
    share_validate = v_all["median"] / decode
    share_parse_validate = s("valid", "parseValidate")["median"] / decode
    share_invalid = s("invalid", "parseValidate")["median"] / s("invalid", "decode")["median"]
    met = lambda ok: "**met**" if ok else "**missed**"
    add("**Targets**")
    add("")
    add("| target | measured | |")
    add("|---|---|---|")
    add(f"| validation ≥ {FASTER_THAN_FASTJSONSCHEMA:g}× faster than fastjsonschema (valid payload, instance already "
        f"parsed) | {fmt_ratio(fjs_valid)} faster | {met(fjs_valid >= FASTER_THAN_FASTJSONSCHEMA)} |")
    add(f"| the same, invalid payload, both stopping at the first error | {fmt_ratio(fjs_first)} faster | "
        f"{met(fjs_first >= FASTER_THAN_FASTJSONSCHEMA)} |")
    add(f"| the same, apigen parsing the bytes too (fastjsonschema still on a parsed instance) | "
        f"{fmt_ratio(fjs_bytes)} faster | {met(fjs_bytes >= FASTER_THAN_FASTJSONSCHEMA)} |")
    add(f"| validation ≤ {SHARE_OF_JSONDECODER:.0%} of JSONDecoder's time for the same bytes: what validation adds to "
        f"a call, parse + validate (valid payload) | {share_parse_validate:.0%} | "
        f"{met(share_parse_validate <= SHARE_OF_JSONDECODER)} |")
    add(f"| the same, invalid payload | {share_invalid:.0%} | {met(share_invalid <= SHARE_OF_JSONDECODER)} |")
    add(f"| the same, the validator alone on the parsed instance (valid payload) | {share_validate:.0%} | "
        f"{met(share_validate <= SHARE_OF_JSONDECODER)} |")
    add("")
    add("**What each row measures.** apigen: `ValidationContext.validate(instance, options:, with: "
        "validateEnvelope)`, the function apigen generated for the schema, on a `JSONInstance` parsed once "
        "beforehand; by default it collects every error (up to 100) with instance location, keyword, schema location "
        "and message, `stopAtFirstError: true` returns at the first. Parse: `JSONParser.parse(Data)`, the parser a "
        "generated client runs on every response body. JSONDecoder: `JSONDecoder().decode(Envelope.self, from: data)` "
        "with the Codable models apigen generated for the same schema (one decoder reused); it checks types and "
        "required keys but no bounds, lengths, pattern, uniqueness or unknown keys, and it decodes the invalid payload "
        "too (`owner` becomes `ItemRole.undocumented`). fastjsonschema: the function `fastjsonschema.compile` builds, "
        "which raises `JsonSchemaValueException` at the first error and cannot collect more. jsonschema-rs and "
        "python-jsonschema: `Draft202012Validator(schema)` built once; `is_valid` stops at the first error, "
        "`list(iter_errors(...))` collects every error with its location. No validator asserts `format` (the schema "
        "has none). Python rows validate what `json.loads` produced once, outside the timing.")
    add("")
    add("**Agreement check** (first round): every validator must reject exactly the invalid payload, at the same "
        "instance locations.")
    add("")
    add("| payload | apigen errors | jsonschema-rs errors | python-jsonschema errors | fastjsonschema rejects | "
        "apigen first-error mode | JSONDecoder decodes | agree |")
    add("|---|---:|---:|---:|---|---:|---|---|")
    for label, a, r, j, f, first, decodes, agree in checks:
        add(f"| {label} | {a} | {r} | {j} | {'yes' if f else 'no'} | {first} | {'yes' if decodes else 'no'} | "
            f"{'yes' if agree else '**no**'} |")
    add("")
    add("Medians of the individual rounds (µs), to show the spread between processes:")
    add("")
    add("| what | " + " | ".join(f"round {i + 1}" for i in range(args.rounds)) + " |")
    add("|---|" + "---:|" * args.rounds)
    for what, figure in (("apigen validate, valid", v_all), ("apigen parse + validate, valid", s("valid", "parseValidate")),
                         ("JSONDecoder, valid", s("valid", "decode")), ("fastjsonschema, valid", p("valid", "fastjsonschema")),
                         ("jsonschema-rs is_valid, valid", p("valid", "jsonschema-rs is_valid"))):
        add(f"| {what} | " + " | ".join(fmt_us(m) for m in figure["roundMedians"]) + " |")
    add("")

    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(lines))
    log(f"wrote {REPORT} (raw figures: {RAW})")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
