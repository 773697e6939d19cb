#!/usr/bin/env python3
"""The Python side of the validation benchmark: fastjsonschema, jsonschema-rs and python-jsonschema.

    venv/bin/python bench_python.py --valid payload-valid.json --invalid payload-invalid.json [--batches 20]

Every validator is built once from schema.json, and every payload is parsed once with json.loads: the timed
call is validation of an already-parsed instance (json.loads of the same bytes is timed on its own as context).
Like timeit, the garbage collector is off while a batch runs. Measurements are interleaved: in every batch each
one runs its number of runs in turn. Prints one JSON object in the shape ValidationBench prints.
"""
import argparse
import gc
import json
import time
from importlib import metadata
from pathlib import Path

import fastjsonschema
import jsonschema
import jsonschema_rs

HERE = Path(__file__).resolve().parent


def fastjsonschema_call(validate):
    def run(instance):
        try:
            validate(instance)
            return 0
        except fastjsonschema.JsonSchemaValueException:
            return 1  # raised at the first error: fastjsonschema cannot collect more than one
    return run


def measurements(schema: dict, runs: int, slow_runs: int):
    fjs = fastjsonschema_call(fastjsonschema.compile(schema))
    rs = jsonschema_rs.Draft202012Validator(schema)
    ref = jsonschema.Draft202012Validator(schema)  # no format checker: formats are annotations, as in apigen
    return [
        # (name, what, runs per batch, callable on (bytes, parsed instance))
        ("json.loads", "json.loads(bytes) (parsing, for context)", runs, lambda raw, _: len(json.loads(raw))),
        ("fastjsonschema", "compiled validate(); raises at the first error", runs, lambda _, i: fjs(i)),
        ("jsonschema-rs is_valid", "Draft202012Validator.is_valid(); stops at the first error", runs,
         lambda _, i: 0 if rs.is_valid(i) else 1),
        ("jsonschema-rs iter_errors", "list(Draft202012Validator.iter_errors()); every error", runs,
         lambda _, i: len(list(rs.iter_errors(i)))),
        ("jsonschema is_valid", "Draft202012Validator.is_valid(); stops at the first error", slow_runs,
         lambda _, i: 0 if ref.is_valid(i) else 1),
        ("jsonschema iter_errors", "list(Draft202012Validator.iter_errors()); every error", slow_runs,
         lambda _, i: len(list(ref.iter_errors(i)))),
    ]


def per_run_microseconds(call, raw, instance, runs: int) -> float:
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter_ns()
        for _ in range(runs):
            call(raw, instance)
        elapsed = time.perf_counter_ns() - start
    finally:
        if gc_was_enabled:
            gc.enable()
    return elapsed / 1000 / runs


def summary(values: list[float]) -> dict:
    ordered = sorted(values)
    middle = len(ordered) // 2
    median = ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return {"median": median, "min": ordered[0], "max": ordered[-1], "batches": values}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--valid", required=True)
    parser.add_argument("--invalid", required=True)
    parser.add_argument("--schema", default=str(HERE / "schema.json"))
    parser.add_argument("--batches", type=int, default=20)
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--slow-runs", type=int, default=5, help="runs per batch for python-jsonschema (~10 ms a run)")
    parser.add_argument("--warmup", type=int, default=30)
    args = parser.parse_args()

    schema = json.loads(Path(args.schema).read_text())
    plans = []
    payloads = {}
    for label, path in (("valid", args.valid), ("invalid", args.invalid)):
        raw = Path(path).read_bytes()
        instance = json.loads(raw)
        found = {
            "fastjsonschema": fastjsonschema_call(fastjsonschema.compile(schema))(instance),
            "jsonschema-rs": [{"instanceLocation": "/" + "/".join(map(str, e.instance_path)), "message": e.message}
                              for e in jsonschema_rs.Draft202012Validator(schema).iter_errors(instance)],
            "jsonschema": [{"instanceLocation": "/" + "/".join(map(str, e.absolute_path)), "keyword": e.validator}
                           for e in jsonschema.Draft202012Validator(schema).iter_errors(instance)],
        }
        entries = measurements(schema, args.runs, args.slow_runs)
        payloads[label] = {"bytes": len(raw), "errors": found, "what": {name: what for name, what, _, _ in entries},
                           "runsPerBatch": {name: runs for name, _, runs, _ in entries}}
        plans += [(label, name, runs, call, raw, instance) for name, _, runs, call in entries]

    for _, _, runs, call, raw, instance in plans:
        per_run_microseconds(call, raw, instance, max(1, min(args.warmup, runs)))

    results: dict[str, list[float]] = {}
    for _ in range(args.batches):
        for label, name, runs, call, raw, instance in plans:
            results.setdefault(f"{label}/{name}", []).append(per_run_microseconds(call, raw, instance, runs))

    for label in payloads:
        payloads[label]["timings"] = {name: summary(results[f"{label}/{name}"])
                                      for plan_label, name, *_ in plans if plan_label == label}
    versions = {name: metadata.version(name) for name in ("fastjsonschema", "jsonschema-rs", "jsonschema")}
    print(json.dumps({"batches": args.batches, "versions": versions, "payloads": payloads}, indent=1))


if __name__ == "__main__":
    main()
