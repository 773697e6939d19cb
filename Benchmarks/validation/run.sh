#!/usr/bin/env bash
# The validation benchmark: apigen's generated validator against fastjsonschema, jsonschema-rs and
# python-jsonschema on the same 18 KB payload and schema, with JSONDecoder on the same bytes as the floor.
# Builds what it needs, measures, and writes ../out/validation.md. Run by hand (about 2 minutes once built).
#
#   Benchmarks/validation/run.sh                    # 1 warm-up + 3 rounds
#   Benchmarks/validation/run.sh --rounds 5 --batches 20 --runs 100
#
# Needs: swift, python3 (with venv). Builds apigen under ../../.build-valbench (never the main .build), the
# ValidationBench package under Package/.build, and the Python anchors in venv/.
set -euo pipefail
cd "$(dirname "$0")"
HERE="$(pwd)"
MAIN="$(cd ../.. && pwd)"
mkdir -p out

log() { echo "[validation] $*" >&2; }

log "writing the payloads and the OpenAPI wrapper (generate.py)"
python3 generate.py

log "building apigen (release, scratch path .build-valbench)"
swift build -c release --product apigen --package-path "$MAIN" --scratch-path "$MAIN/.build-valbench" \
    >out/build-apigen.log 2>&1 || { tail -30 out/build-apigen.log >&2; exit 1; }
APIGEN="$(swift build -c release --product apigen --package-path "$MAIN" --scratch-path "$MAIN/.build-valbench" --show-bin-path)/apigen"

log "generating the validator and models with apigen"
"$APIGEN" generate --config apigen.yml --warnings-as-errors

log "building ValidationBench (release)"
# SwiftPM keeps its build plan while no manifest changed and would miss files added to APIRuntime since.
touch Package/Package.swift
swift build -c release --product ValidationBench --package-path Package \
    >out/build-bench.log 2>&1 || { tail -30 out/build-bench.log >&2; exit 1; }

if [ ! -x venv/bin/python ]; then
    log "creating venv with fastjsonschema, jsonschema-rs, jsonschema"
    python3 -m venv venv
fi
if ! venv/bin/python -c "import fastjsonschema, jsonschema, jsonschema_rs" 2>/dev/null; then
    venv/bin/pip install --quiet fastjsonschema jsonschema-rs jsonschema
fi

exec python3 harness.py "$@"
