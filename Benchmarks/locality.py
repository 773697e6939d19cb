#!/usr/bin/env python3
"""Regeneration locality: how much generated code one spec edit changes, and how long the rebuild after it takes.

A scripted list of edits to the GitHub REST description (a property added to a leaf schema, a property added to
`simple-user`, which hundreds of schemas reference, an enum case, an operation added, an operation removed, a
schema renamed) is applied one at a time. For each tool (apigen, swift-openapi-generator) the base output lives in
a package whose target is built once in full (timed: the full build), and is committed to a git repository; then
for every edit: the base is restored and rebuilt (untimed), the edit is applied, the tool regenerates into the
same folder, `git diff --numstat` counts changed files and lines, and `swift build --target GitHubAPI` is timed:
the incremental rebuild a developer waits for after regenerating.

    python3 Benchmarks/locality.py [--edits leaf,simple-user,...] [--tools apigen,sog] [--no-write]

Writes Benchmarks/out/locality.json and the "Regeneration locality" section of Docs/benchmarks.md.
"""

import argparse
import datetime as _dt
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import bench
from bench import (APIGEN_BIN, COMPILE_TARGET, CORPUS, DOC, OUT, SOG_BIN, check_call, compile_package, log,
                   load_average, machine_info, prebuild_dependencies, run_measured)

SPEC = CORPUS / "specs/github/api.github.com.yaml"
WORK = OUT / "locality"
SECTION_START = "<!-- locality:start -->"
SECTION_END = "<!-- locality:end -->"


class Edit:
    """One spec edit: text replacements, each of which must apply exactly as written."""

    def __init__(self, key: str, title: str, replacements: list[tuple[str, str]], spec_lines: int):
        self.key, self.title, self.replacements, self.spec_lines = key, title, replacements, spec_lines

    def apply(self, text: str) -> str:
        for old, new in self.replacements:
            if old not in text:
                sys.exit(f"error: edit '{self.key}' does not apply: {old[:80]!r} is not in the spec")
            text = text.replace(old, new, 1)
        return text


def rename_schema(text: str, old: str, new: str) -> str:
    declaration = f"\n    {old}:\n      title:"
    if declaration not in text:
        sys.exit(f"error: the schema '{old}' is not declared as expected")
    text = text.replace(declaration, f"\n    {new}:\n      title:", 1)
    return text.replace(f'"#/components/schemas/{old}"', f'"#/components/schemas/{new}"')


ZEN_OPERATION = '''  "/zen":
    get:
      summary: Get the Zen of GitHub
      description: Get a random sentence from the Zen of GitHub
      tags:
      - meta
      operationId: meta/get-zen
      responses:
        '200':
          description: Response
          content:
            text/plain:
              schema:
                type: string
      x-github:
        githubCloudOnly: false
        enabledForGitHubApps: true
        category: meta
'''

NEW_OPERATION = '''  "/zen/quotes":
    get:
      summary: List Zen quotes
      tags:
      - meta
      operationId: meta/list-zen-quotes
      responses:
        '200':
          description: Response
          content:
            application/json:
              schema:
                type: object
                required:
                - quotes
                properties:
                  quotes:
                    type: array
                    items:
                      type: string
                      maxLength: 200
'''

EDITS = [
    Edit("leaf", "add a string property with a `pattern` to a leaf schema (`code-of-conduct`)",
         [("    code-of-conduct:\n      title: Code Of Conduct\n      description: Code Of Conduct\n      type: object\n      properties:\n",
           "    code-of-conduct:\n      title: Code Of Conduct\n      description: Code Of Conduct\n      type: object\n      properties:\n"
           "        nickname:\n          type: string\n          pattern: \"^[a-z]+$\"\n")], 3),
    Edit("simple-user", "add a property to `simple-user` (referenced by 80 `$ref`s, hundreds of schemas use it)",
         [("    simple-user:\n      title: Simple User\n      description: Simple User\n      type: object\n      properties:\n",
           "    simple-user:\n      title: Simple User\n      description: Simple User\n      type: object\n      properties:\n"
           "        pronouns:\n          type: string\n")], 2),
    Edit("enum-case", "add an enum case (`author_association`: `SPONSOR`)",
         [("      - NONE\n      - OWNER\n    reaction-rollup:\n", "      - NONE\n      - OWNER\n      - SPONSOR\n    reaction-rollup:\n")], 1),
    Edit("add-operation", "add an operation (`GET /zen/quotes`, JSON response)",
         [(ZEN_OPERATION, ZEN_OPERATION + NEW_OPERATION)], NEW_OPERATION.count("\n")),
    Edit("remove-operation", "remove an operation (`GET /zen`)", [(ZEN_OPERATION, "")], ZEN_OPERATION.count("\n")),
    Edit("rename-schema", "rename a schema (`code-of-conduct` -> `code-of-conduct-v2`, 5 lines)", [], 5),
]


def edited_spec(edit: Edit, base: str) -> str:
    if edit.key == "rename-schema":
        return rename_schema(base, "code-of-conduct", "code-of-conduct-v2")
    return edit.apply(base)


def git(args: list[str], cwd: Path) -> str:
    done = subprocess.run(["git", "-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c",
                           "commit.gpgsign=false"] + args, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"error: git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout


def generate(tool: str, spec: Path, sources: Path, log_name: str) -> None:
    """Regenerates into the package's target folder the way a user does: apigen writes changed files only;
    swift-openapi-generator writes its output files."""
    work = WORK / tool
    if tool == "apigen":
        config = work / "apigen.yml"
        config.write_text(f"spec: {spec}\noutput: {sources}\n")
        cmd = [str(APIGEN_BIN), "generate", "--config", str(config)]
    else:
        config = work / "openapi-generator-config.yaml"
        config.write_text("generate:\n  - types\n  - client\naccessModifier: public\n")
        cmd = [str(SOG_BIN), "generate", str(spec), "--config", str(config), "--output-directory", str(sources)]
    result = run_measured(cmd, OUT / "logs" / f"locality-{log_name}.log", cwd=work)
    if result["exit"] != 0:
        sys.exit(f"error: {tool} failed to generate ({log_name}); see {OUT / 'logs' / f'locality-{log_name}.log'}")


def build(package: Path, log_name: str) -> dict:
    result = run_measured(["swift", "build", "--package-path", str(package), "--target", COMPILE_TARGET],
                          OUT / "logs" / f"locality-build-{log_name}.log", poll_tree=True)
    if result["exit"] != 0:
        sys.exit(f"error: building {package} failed; see {OUT / 'logs' / f'locality-build-{log_name}.log'}")
    return result


def diff_stats(repository: Path) -> dict:
    git(["add", "-A"], repository)
    numstat = git(["diff", "--cached", "--numstat", "-M"], repository)
    files, added, removed = 0, 0, 0
    for line in numstat.splitlines():
        plus, minus, _ = line.split("\t", 2)
        files += 1
        added += int(plus) if plus != "-" else 0
        removed += int(minus) if minus != "-" else 0
    return {"files": files, "added": added, "removed": removed}


def measure(tool: str, edits: list[Edit]) -> dict:
    work = WORK / tool
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    base_text = SPEC.read_text()
    spec = work / "api.github.com.yaml"
    spec.write_text(base_text)
    seed = work / "seed"
    generate(tool, spec, seed, f"{tool}-seed")
    package = compile_package(tool, seed)
    sources = package / "Sources" / COMPILE_TARGET
    shutil.rmtree(sources / ".git", ignore_errors=True)
    git(["init", "-q"], sources)
    git(["add", "-A"], sources)
    git(["commit", "-qm", "base"], sources)
    file_count = sum(1 for path in sources.rglob("*.swift"))
    prebuild_dependencies(tool, package)
    # A package left by an earlier run keeps object files: delete the target's products so the build is full.
    bench.remove_target_products(package)
    log(f"locality {tool}: full build of the base output ({file_count} files)")
    full = build(package, f"{tool}-full")
    log(f"locality {tool}: full build {full['wall']:.1f} s")
    rows = {}
    at_base = True
    for edit in edits:
        # Back to the base: restore the committed output (only changed files are rewritten) and rebuild it.
        git(["reset", "-q", "--hard"], sources)
        git(["clean", "-qfd"], sources)
        spec.write_text(base_text)
        if not at_base:
            build(package, f"{tool}-restore")
        at_base = False
        spec.write_text(edited_spec(edit, base_text))
        generate(tool, spec, sources, f"{tool}-{edit.key}")
        stats = diff_stats(sources)
        rebuild = build(package, f"{tool}-{edit.key}")
        stats.update(rebuild=rebuild["wall"], rebuild_cpu=rebuild["cpu"], load=rebuild["load_after"])
        log(f"locality {tool} {edit.key:16}: {stats['files']} files, +{stats['added']} -{stats['removed']} lines, "
            f"rebuild {rebuild['wall']:.1f} s (load {rebuild['load_after']:.1f})")
        rows[edit.key] = stats
        git(["reset", "-q"], sources)
    return {"full": full["wall"], "full_cpu": full["cpu"], "full_load": full["load_after"], "files": file_count, "edits": rows}


def table(results: dict, edits: list[Edit]) -> str:
    tools = [tool for tool in ("apigen", "sog") if tool in results["tools"]]
    titles = {"apigen": "apigen", "sog": f"swift-openapi-generator {bench.SOG_VERSION}"}
    lines = [SECTION_START, "## Regeneration locality (GitHub REST)", ""]
    lines.append(f"Measured {results['date']} on {results['machine'].get('cpu', '?')}, "
                 f"{results['machine'].get('nproc', '?')} cores; apigen {results['machine'].get('apigen', '?')}. "
                 "`python3 Benchmarks/locality.py` (Benchmarks/README.md): each edit is applied alone to the base "
                 "description, the tool regenerates into a package whose target was built from the base output, "
                 "`git diff --numstat -M` counts files and lines, and `swift build --target GitHubAPI` (debug, "
                 "runtime prebuilt) is the incremental rebuild. One run per edit and tool; the 1-minute load "
                 "average after each build is shown because the machine is shared.")
    lines.append("")
    for tool in tools:
        record = results["tools"][tool]
        lines.append(f"- **{titles[tool]}**: {record['files']} generated files; full build of the target "
                     f"{record['full']:.1f} s (load {record['full_load']:.1f}).")
    lines.append("")
    header = "| edit | spec lines |" + "".join(f" {titles[t]}: files | lines +/- | rebuild (s) | rebuild / full |" for t in tools)
    lines.append(header)
    lines.append("|---|---:|" + "---:|---:|---:|---:|" * len(tools))
    for edit in edits:
        row = f"| {edit.title} | {edit.spec_lines} |"
        for tool in tools:
            record = results["tools"][tool]
            stats = record["edits"].get(edit.key)
            if stats is None:
                row += " — | — | — | — |"
                continue
            row += (f" {stats['files']} | +{stats['added']} / −{stats['removed']} | {stats['rebuild']:.1f} "
                    f"(load {stats['load']:.1f}) | {100 * stats['rebuild'] / record['full']:.0f}% |")
        lines.append(row)
    lines.append("")
    lines.append(SECTION_END)
    return "\n".join(lines)


def write_section(text: str) -> None:
    doc = DOC.read_text()
    if SECTION_START in doc:
        doc = re.sub(re.escape(SECTION_START) + r".*?" + re.escape(SECTION_END), lambda _: text, doc, flags=re.S)
    else:
        doc = doc.rstrip("\n") + "\n\n" + text + "\n"
    DOC.write_text(doc)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", default=",".join(edit.key for edit in EDITS))
    parser.add_argument("--tools", default="apigen,sog")
    parser.add_argument("--no-write", action="store_true", help="print the table instead of updating Docs/benchmarks.md")
    parser.add_argument("--merge", action="store_true",
                        help="keep the other tools' results of Benchmarks/out/locality.json (e.g. to run the slow anchor on fewer edits)")
    args = parser.parse_args()
    if not SPEC.exists():
        sys.exit(f"error: {SPEC} not found (set APIGEN_SHARED to the folder holding corpus/)")
    keys = args.edits.split(",")
    edits = [edit for edit in EDITS if edit.key in keys]
    tools = args.tools.split(",")
    results = {"date": _dt.date.today().isoformat(), "machine": machine_info(), "tools": {}, "builds": {}}
    saved = OUT / "locality.json"
    if args.merge and saved.exists():
        results["tools"] = {tool: record for tool, record in json.loads(saved.read_text())["tools"].items() if tool not in tools}
    bench.build_tools(need_sog="sog" in tools, need_ogen=False, results={"builds": results["builds"], "machine": results["machine"]})
    for tool in tools:
        results["tools"][tool] = measure(tool, edits)
        saved.write_text(json.dumps(results, indent=2))
    text = table(results, EDITS if args.merge else edits)
    if args.no_write:
        print(text)
    else:
        write_section(text)
        log(f"wrote the locality table to {DOC}")


if __name__ == "__main__":
    main()
