#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/<Module>/<Module>.docc) of the runtime products and the generator, and fails on
# any DocC warning: a broken symbol link, an unknown article, a malformed directive, in a catalog or in a `///` comment.
#
#   Scripts/docs.sh                       build symbol graphs, convert every catalog (warnings are errors)
#   Scripts/docs.sh APIRuntime APIGenCore only these catalogs
#   Scripts/docs.sh --skip-build          reuse the symbol graphs of the last run
#   Scripts/docs.sh --catalog-only        fail only on warnings in the .docc catalogs; list those in `///` comments
#   Scripts/docs.sh --clean               start from an empty scratch folder (a full build)
#
# Symbol graphs come from one low-priority (nice) debug build in a scratch folder of its own (.build-docs, git-ignored),
# one target after another, so the script can run next to other builds on a small machine. Each catalog is converted
# with only its own module's symbol graphs (DocC documents one module at a time). Archives are written to
# .build-docs/docc/<Module>.doccarchive. Environment: DOCC (default: docc on PATH, else `xcrun --find docc`),
# DOCS_SCRATCH (default .build-docs).
set -euo pipefail
cd "$(dirname "$0")/.."

all_modules=(APIRuntime APIRuntimeMiddleware APIRuntimeStore APIRuntimeOffline APIRuntimeDownloads APIRuntimeTesting APIRuntimeTracing APIGenCore)
# Building these compiles every module above: APIRuntimeOffline depends on APIRuntimeStore, which depends on APIRuntime.
all_targets=(APIRuntimeMiddleware APIRuntimeOffline APIRuntimeDownloads APIRuntimeTesting APIRuntimeTracing APIGenCore)

skip_build=false
catalog_only=false
clean=false
modules=()
for argument in "$@"; do
    case "$argument" in
        --skip-build) skip_build=true ;;
        --catalog-only) catalog_only=true ;;
        --clean) clean=true ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "docs.sh: unknown option $argument" >&2; exit 64 ;;
        *)
            if [[ ! -d "Sources/$argument/$argument.docc" ]]; then
                echo "docs.sh: no catalog Sources/$argument/$argument.docc" >&2; exit 64
            fi
            modules+=("$argument") ;;
    esac
done
if [[ ${#modules[@]} -eq 0 ]]; then
    modules=("${all_modules[@]}")
    targets=("${all_targets[@]}")
else
    targets=("${modules[@]}")
fi

scratch="${DOCS_SCRATCH:-.build-docs}"
if $clean; then rm -rf "$scratch"; fi
mkdir -p "$scratch"
scratch="$(cd "$scratch" && pwd)"
graphs="$scratch/symbol-graphs"
docc="${DOCC:-$(command -v docc || xcrun --find docc 2>/dev/null || true)}"
if [[ -z "$docc" ]]; then
    echo "docs.sh: docc not found; set DOCC to the toolchain's docc (e.g. /opt/swift/usr/bin/docc)" >&2
    exit 1
fi

build() {
    nice -n 15 swift build --target "$1" --scratch-path "$scratch" \
        -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
        -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public -Xswiftc -emit-extension-block-symbols
}

if ! $skip_build; then
    mkdir -p "$graphs"
    for target in "${targets[@]}"; do
        echo "docs.sh: building $target for its symbol graphs"
        build "$target"
    done
    # A module that was up to date emits nothing; if its graph is gone, compile it again.
    for module in "${modules[@]}"; do
        if [[ ! -f "$graphs/$module.symbols.json" ]]; then
            echo "docs.sh: no symbol graph for $module; compiling it again"
            rm -rf "$scratch/debug/$module.build"
            build "$module"
        fi
    done
fi

status=0
summary=()
for module in "${modules[@]}"; do
    main="$graphs/$module.symbols.json"
    if [[ ! -f "$main" ]]; then
        echo "docs.sh: $main is missing; run without --skip-build" >&2
        exit 1
    fi
    # Only this module's graphs: the main one and its extensions of other modules (`Module@Other.symbols.json`). The
    # compiler rewrites a graph only when it changed and never deletes one, so a module that stopped extending another
    # leaves its old extension graph behind: --clean starts over.
    input="$scratch/docc-symbols/$module"
    rm -rf "$input"
    mkdir -p "$input"
    cp "$main" "$input/"
    for extension in "$graphs/$module"@*.symbols.json; do
        if [[ -f "$extension" ]]; then cp "$extension" "$input/"; fi
    done

    output="$scratch/docc/$module.doccarchive"
    rm -rf "$output"
    mkdir -p "$scratch/docc"
    log="$scratch/docc/$module.log"
    echo "docs.sh: docc convert Sources/$module/$module.docc"
    # Strict: DocC itself fails on any warning (and then writes no archive). --catalog-only: DocC writes the archive and
    # the classification below decides.
    strict=(--warnings-as-errors)
    $catalog_only && strict=()
    set +e
    nice -n 15 "$docc" convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$input" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "apigen.$module" \
        --output-path "$output" \
        "${strict[@]}" --ide-console-output >"$log" 2>&1
    docc_status=$?
    set -e
    diagnostics="$(grep -E ': (warning|error): ' "$log" || true)"
    in_catalog="$(grep -c -E '\.docc/[^:]*:[0-9]+:[0-9]+: (warning|error): ' <<<"$diagnostics" || true)"
    in_source="$(grep -c -E '\.swift:[0-9]+:[0-9]+: (warning|error): ' <<<"$diagnostics" || true)"
    total="$(grep -c . <<<"$diagnostics" || true)"
    other=$(( total - in_catalog - in_source ))
    [[ -n "$diagnostics" ]] && echo "$diagnostics"
    if (( in_catalog + other > 0 )) || { ! $catalog_only && (( in_source > 0 )); } \
        || { $catalog_only && (( docc_status != 0 )); } || { (( total == 0 )) && (( docc_status != 0 )); }; then
        status=1
        (( total == 0 )) && cat "$log"
        result="FAILED"
    else
        result="ok"
    fi
    summary+=("$module: $result ($in_catalog in the catalog, $in_source in /// comments, $other other; docc exit $docc_status)")
done

echo
printf 'docs.sh: %s\n' "${summary[@]}"
if (( status == 0 )); then
    echo "docs.sh: archives in $scratch/docc (DocC logs next to them)"
else
    echo "docs.sh: DocC logs in $scratch/docc/<Module>.log"
fi
exit $status
