#!/usr/bin/env bash
# The transfer benchmark: 1 GiB downloaded to a file and uploaded from it through APIRuntime over loopback, with
# peak RSS above the process baseline (target: under 64 MiB). Prints a Markdown table; paste it into
# Docs/benchmarks.md. Linux only (reads /proc/self/status).
#
#   Benchmarks/transfer/run.sh            # 1 GiB
#   Benchmarks/transfer/run.sh 268435456  # another size in bytes
set -euo pipefail
cd "$(dirname "$0")"
SIZE="${1:-1073741824}"
swift build -c release --product TransferBench >build.log 2>&1 || { tail -30 build.log >&2; exit 1; }
BIN="$(swift build -c release --product TransferBench --show-bin-path)/TransferBench"
coproc SERVER { exec nice -n 15 python3 server.py; }
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT
read -r PORT <&"${SERVER[0]}"
nice -n 15 "$BIN" "$PORT" "$SIZE" "${TMPDIR:-/tmp}"
