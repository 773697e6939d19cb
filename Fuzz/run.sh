#!/usr/bin/env bash
# Builds the libFuzzer harnesses (Fuzz/Package.swift, `--sanitize fuzzer --sanitize address`) and runs each for a
# given time over its committed seed corpus (Fuzz/corpus/<harness>/). New corpus entries go to
# Fuzz/.build/corpus/<harness>/, crashes, hangs and leaks to Fuzz/.build/findings/<harness>/, libFuzzer's output to
# Fuzz/.build/logs/<harness>.log. Exits 1 when any harness found something.
#
#   Fuzz/run.sh [--time SECONDS | --runs N] [--seed N] [--no-build] [harness...]
#
# --runs stops after N inputs instead of a time: with the seed, an empty Fuzz/.build/corpus and deterministic hashing
# the run tries nearly the same inputs on every machine (not exactly: Docs/robustness.md, CI).
# Harnesses: json spec regex http-fields envelope streams (all when none is named). Docs/robustness.md has the results.
set -euo pipefail
cd "$(dirname "$0")"

time_per_harness=60
runs=""
seed=1
build=1
harnesses=()
while [ $# -gt 0 ]; do
    case "$1" in
        --time) time_per_harness="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --no-build) build=0; shift ;;
        -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "run.sh: unknown option $1" >&2; exit 64 ;;
        *) harnesses+=("$1"); shift ;;
    esac
done
[ ${#harnesses[@]} -gt 0 ] || harnesses=(json spec regex http-fields envelope streams)

product() {
    case "$1" in
        json) echo FuzzJSON ;; spec) echo FuzzSpec ;; regex) echo FuzzRegex ;;
        http-fields) echo FuzzHTTPFields ;; envelope) echo FuzzEnvelope ;; streams) echo FuzzStreams ;;
        *) echo "run.sh: unknown harness '$1' (json spec regex http-fields envelope streams)" >&2; exit 64 ;;
    esac
}
for harness in "${harnesses[@]}"; do product "$harness" >/dev/null; done

# SwiftPM's `--sanitize fuzzer --sanitize address` hands swiftc two -sanitize= flags and swiftc keeps only the last:
# the Swift code would get no coverage instrumentation. One -sanitize=fuzzer,address flag keeps both; C code (libyaml)
# gets both from clang's flags. --disable-dead-strip keeps the linker from dropping coverage sections.
flags=(-c release --sanitize fuzzer --disable-dead-strip -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=address)
mkdir -p .build
if [ "$build" = 1 ]; then
    set +e
    swift build "${flags[@]}" > .build/build.log 2>&1
    built=$?
    set -e
    grep -v "Cannot export local symbol" .build/build.log | grep -E "error|warning:|Build complete" || true
    [ $built -eq 0 ] || { echo "run.sh: build failed (Fuzz/.build/build.log)" >&2; exit 1; }
fi
bin=$(swift build "${flags[@]}" --show-bin-path)

# Swift's own crash handler would print the backtrace of a trap, but under ASan its memory reads are themselves
# reported ("unknown-crash in memserver_read") and the real cause is lost; libFuzzer's deadly-signal report with
# ASan's symbolized stack is what we want.
export SWIFT_BACKTRACE=enable=no
# Swift seeds Set and Dictionary hashing per process; iteration order then differs between runs, coverage with it,
# and libFuzzer explores differently from the same seed.
export SWIFT_DETERMINISTIC_HASHING=1
status=0
for harness in "${harnesses[@]}"; do
    mkdir -p ".build/corpus/$harness" ".build/findings/$harness" .build/logs
    log=".build/logs/$harness.log"
    max_len=4096
    [ "$harness" = spec ] && max_len=16384
    if [ -n "$runs" ]; then
        limit=(-runs="$runs")
        echo "fuzz $harness: $runs inputs, seed $seed"
    else
        limit=(-max_total_time="$time_per_harness")
        echo "fuzz $harness: ${time_per_harness}s, seed $seed"
    fi
    set +e
    "$bin/$(product "$harness")" ".build/corpus/$harness" "corpus/$harness" \
        "${limit[@]}" -seed="$seed" -rss_limit_mb=2048 -timeout=10 -max_len="$max_len" \
        -artifact_prefix=".build/findings/$harness/" -print_final_stats=1 > "$log" 2>&1
    result=$?
    set -e
    # The last status line (#runs, cov, ft, exec/s) and the final stats.
    grep -E "^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)" "$log" | tail -n 1 || true
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)" "$log" || true
    if [ $result -ne 0 ]; then
        echo "fuzz $harness: FINDING (exit $result), see $log and .build/findings/$harness/"
        grep -E "Fatal error|ERROR: |SUMMARY: |^ +#[0-9]+ " "$log" | head -n 25 || true
        # CI keeps only this output, not the findings folder: print each crashing input so it can be replayed.
        for artifact in ".build/findings/$harness/"*; do
            [ -f "$artifact" ] || continue
            echo "input $(basename "$artifact") ($(wc -c < "$artifact") bytes, base64, first 4 KiB):"
            head -c 4096 "$artifact" | base64 | head -n 80
        done
        status=1
    fi
done
exit $status
