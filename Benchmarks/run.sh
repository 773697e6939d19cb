#!/usr/bin/env bash
# apigen's benchmark: apigen against swift-openapi-generator and openapi-generator, same inputs, same run.
# Builds what it needs, measures, and writes Docs/benchmarks.md. Run by hand; commit its output.
#
#   Benchmarks/run.sh            # everything (about 40 minutes on 2 cores)
#   Benchmarks/run.sh --quick    # fewer repetitions
#   Benchmarks/run.sh --only gen,size [--specs github,box] [--no-write]
#
# Needs: swift, java (17+), python3, and libcurl4-openssl-dev (FoundationNetworking), which it installs with
# apt-get when missing and running as root.
set -euo pipefail
cd "$(dirname "$0")"

need=()
for package in libcurl4-openssl-dev libsqlite3-dev; do
    dpkg -s "$package" >/dev/null 2>&1 || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ]; then
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}"
    else
        echo "warning: missing ${need[*]}; install them with apt-get" >&2
    fi
fi
for tool in swift java python3; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found" >&2; exit 1; }
done

exec python3 bench.py "$@"
