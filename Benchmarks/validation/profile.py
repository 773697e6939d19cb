#!/usr/bin/env python3
"""Where ValidationBench spends its instructions, with valgrind's callgrind (run after run.sh has built it).

    python3 profile.py [--iterations 200] [--payload payload-valid.json] [parseValidate validate parse decode]

For each measurement, runs `ValidationBench --profile NAME` under callgrind twice (N iterations and 0, to subtract
start-up and setup), and prints instructions per iteration, the share of a few cost categories and the
functions with the most self cost. Raw callgrind files: out/profile/ (open them with callgrind_annotate or
kcachegrind). Instruction counts are not time, but they are stable on a noisy machine.
"""
import argparse
import re
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE / "Package" / ".build" / "release" / "ValidationBench"
OUT = HERE / "out" / "profile"

CATEGORIES = [
    ("validation: property lookup, JSONObject.position(ofKey:) and String ==", r"position\(ofKey|_stringCompare|String\.== "),
    ("validation: additionalProperties, Set<String>.contains (SipHash of every key)", r"Hasher|String\.hash|Sequence<>\.contains|Set<.*contains|_rawHashValue"),
    ("validation: generated validator bodies", r"ValidationClient\.validate[A-Z]\w*\("),
    ("validation: type, length, enum, uniqueItems, bounds checks", r"JSONTypeSet|SchemaCheck|sameCodePoints|codePointCount|static JSONNumber\.<|static JSONNumber\.=="),
    ("validation: regex", r"ECMARegex"),
    ("validation: context, instance path", r"InstancePathComponent|ValidationContext|isUniquelyReferenced|swift_once"),
    ("parse: string scanning and String creation (keys and values)", r"parseString|parseKey|parseMemberName|fromUTF8|_allASCII|uncheckedFromUTF8|String\.init|_StringGuts"),
    ("parse: structure, numbers, objects", r"JSONReader|JSONNumberScanner|JSONParser|JSONParserScratch|JSONPropertyTable"),
    ("allocation: malloc/free, array buffers, generic metadata lookups", r"malloc|free|allocObject|Metadata|metadata|getCache|ContiguousArray|HashMap|ConcurrentMap|_swift_getGeneric|GenericCacheEntry|swift_slowAlloc|swift_slowDealloc|_int_|dealloc"),
    ("ARC and teardown: retain/release, copies and destroys", r"retain|release|outlined|destroy|arrayDestroy|deinit|RefCount"),
]


def self_costs(path: Path) -> tuple[int, dict[str, int]]:
    text = subprocess.run(["callgrind_annotate", "--auto=no", "--threshold=100", "--inclusive=no", str(path)],
                          capture_output=True, text=True, check=True).stdout
    total, costs = 0, {}
    for line in text.splitlines():
        match = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$", line)
        if not match:
            continue
        count, name = int(match.group(1).replace(",", "")), re.sub(r" \[.*\]$", "", match.group(2))
        if "PROGRAM TOTALS" in name:
            total = count
            continue
        function = name.split(":", 1)[1] if ":" in name else name
        costs[function] = costs.get(function, 0) + count
    return total, costs


def callgrind(name: str, payload: str, iterations: int) -> Path:
    target = OUT / f"callgrind.{name}.{iterations}.out"
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={target}", str(BENCH), "--profile", name,
                    "--payload", payload, "--iterations", str(iterations)], capture_output=True, check=True)
    return target


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("measurements", nargs="*", default=["parseValidate", "validate", "parse", "decode"])
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--payload", default=str(HERE / "payload-valid.json"))
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for name in args.measurements:
        base_total, base = self_costs(callgrind(name, args.payload, 0))
        run_total, run = self_costs(callgrind(name, args.payload, args.iterations))
        total = run_total - base_total
        delta = {f: c - base.get(f, 0) for f, c in run.items() if c - base.get(f, 0) > 0}
        names = list(delta)
        demangled = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(names),
                                   capture_output=True, text=True).stdout.splitlines()
        readable = dict(zip(names, demangled)) if len(demangled) == len(names) else {n: n for n in names}
        sums = {title: 0 for title, _ in CATEGORIES}
        other = 0
        for function, cost in delta.items():
            for title, pattern in CATEGORIES:
                if re.search(pattern, readable[function]):
                    sums[title] += cost
                    break
            else:
                other += cost
        print(f"== {name}: {total / args.iterations:,.0f} instructions per iteration")
        for title, _ in CATEGORIES:
            if sums[title]:
                print(f"  {100 * sums[title] / total:5.1f}%  {title}")
        print(f"  {100 * other / total:5.1f}%  other")
        print("  top functions by self cost:")
        for function, cost in sorted(delta.items(), key=lambda item: -item[1])[:args.top]:
            print(f"  {100 * cost / total:5.1f}%  {readable[function][:140]}")
        print()


if __name__ == "__main__":
    main()
