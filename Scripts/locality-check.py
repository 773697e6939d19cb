#!/usr/bin/env python3
"""Regeneration locality on any OpenAPI 3 description: the locality judge of issue 17 beyond the example API.

In a fresh git repository holding the description and the `Generated/` apigen writes from it, each edit below is
applied to the unedited description on its own, apigen regenerates, and `git` says which generated files changed:

- `schema inserted first`: a component schema `LocalityProbe` before every other one. Only its own model file may
  appear; nothing else may change (a name that depends on a schema's position would move).
- `operation added first`: a GET operation on a new path before every other one, tagged like the description's first
  operation, with an inline response schema. Its group's files (the group file, its validators file) may change and
  files of its own may appear; nothing under `Models/` may change.
- `first path moved last`: the first path item moved after the last one. Only the group files of the tags its
  operations carry may change (the methods are written in description order); no model may change, appear or go
  (a type named after whichever operation was planned first would be renamed in every file using it).
- `last path removed`: the last path item removed. Its groups' files change, its own models go; another model may
  only lose lines (the validators that only the removed operation's responses needed); none may appear.
- `property added` (reported, not judged): a string property with a `pattern` added to the first component schema
  that declares properties; the files changed are those whose content depends on that schema.

The description is written as JSON (one key per line) for the base and for every edit, so only the edits differ. A
Swagger 2.0 description is judged as apigen's OpenAPI 3.0 conversion of it (`apigen convert`).

    python3 Scripts/locality-check.py SPEC... [--reference-folder DIR | --reference-up N] [--apigen PATH] [--keep]

The description's folder (or the reference folder) is copied into the repository, so its relative `$ref`s resolve.

Prints each edit's changed files and lines, then `locality: passed` or `locality: FAILED ...` per description.
Exit status 1 when one failed, 2 when none could be judged (not OpenAPI 3, no operation, apigen fails on the
unedited description), else 0.
"""

import argparse
import copy
import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("merge_check", ROOT / "Scripts" / "merge-check.py")
merge_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(merge_check)


def ensure_yaml():
    """PyYAML from the system when it has it, else from merge-check's virtualenv under .build (created on first use)."""
    try:
        import yaml  # noqa: F401
        return
    except ImportError:
        pass
    python = merge_check.VENV / "bin" / "python"
    if pathlib.Path(sys.prefix).resolve() == merge_check.VENV.resolve():
        sys.exit("locality: PyYAML is missing from " + str(merge_check.VENV))
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(merge_check.VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *merge_check.REQUIREMENTS], check=True)
    os.execv(str(python), [str(python), str(pathlib.Path(__file__).resolve()), *sys.argv[1:]])


class Workspace:
    """A git repository holding a copy of the description's folder and apigen's output; each edit is generated,
    judged and reset to the base."""

    def __init__(self, repository, spec, reference_folder, apigen):
        self.repository, self.apigen = repository, apigen
        shutil.copytree(reference_folder, repository / "api", ignore=shutil.ignore_patterns(".git"))
        self.root = repository / "api" / spec.relative_to(reference_folder)
        (repository / "apigen.yml").write_text(f"spec: {self.root.relative_to(repository)}\noutput: Generated\n"
                                               "referenceFolders: [api]\n", encoding="utf-8")
        self.git("init", "-q")
        self.git("config", "user.email", "locality@apigen.invalid")
        self.git("config", "user.name", "locality-check")

    def git(self, *arguments):
        return subprocess.run(["git", *arguments], cwd=self.repository, capture_output=True, text=True, check=True).stdout

    def generate(self, document):
        self.root.write_text(merge_check.dump(document), encoding="utf-8")
        result = subprocess.run([str(self.apigen)], cwd=self.repository, capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError("apigen failed:\n" + result.stderr[-3000:])

    def changes(self):
        """(modified, added, removed, lines) of `Generated/` against the committed base, then back to the base;
        `self.growth` is the number of lines each modified file gained."""
        self.git("add", "-A")
        status = self.git("diff", "--cached", "--name-status", "--", "Generated").splitlines()
        numbers = self.git("diff", "--cached", "--numstat", "--", "Generated").splitlines()
        self.git("reset", "-q", "--hard")
        self.git("clean", "-qfd")
        found = {"M": [], "A": [], "D": []}
        for line in status:
            kind, path = line.split("\t", 1)
            found.setdefault(kind[0], []).append(path.removeprefix("Generated/"))
        counts = [n.split("\t", 2) for n in numbers]
        self.growth = {path.removeprefix("Generated/"): int(a) for a, _, path in counts if a != "-"}
        lines = sum(int(a) + int(b) for a, b, _ in counts if a != "-")
        return found["M"], found["A"], found["D"], lines


def probe_operation(tag):
    response = {"type": "object", "properties": {"count": {"type": "integer", "minimum": 1}}}
    operation = {"operationId": "localityProbe", "summary": "Added by the locality check.",
                 "responses": {"200": {"description": "ok",
                                       "content": {"application/json": {"schema": response}}}}}
    if tag != "Default":
        operation["tags"] = [tag]
    return operation


def converted(spec, apigen):
    """A Swagger 2.0 description as apigen's own OpenAPI 3.0 conversion (`apigen convert`), which the edits and the
    generations then use: the judge edits OpenAPI 3 documents. Anything else stays unjudgeable."""
    import yaml
    try:
        document = yaml.safe_load(spec.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise merge_check.Unjudgeable(f"unreadable: {error}") from None
    if not isinstance(document, dict) or str(document.get("swagger", "")) != "2.0":
        raise merge_check.Unjudgeable("neither OpenAPI 3 nor Swagger 2.0")
    result = subprocess.run([str(apigen), "convert", spec.name], cwd=spec.parent, capture_output=True, text=True)
    if result.returncode != 0:
        raise merge_check.Unjudgeable("apigen convert failed:\n" + result.stderr[-2000:])
    return json.loads(result.stdout)


def path_tags(document, path, folder):
    return {tag for operation_path, tag in merge_check.operations(document, folder) if operation_path == path}


def judge(spec, reference_folder, apigen, keep):
    if reference_folder not in spec.parents:
        raise merge_check.Unjudgeable(f"{spec} is not inside the reference folder {reference_folder}")
    folder = spec.parent
    try:
        document = merge_check.load(spec)
    except merge_check.Unjudgeable:
        document = converted(spec, apigen)
    found = merge_check.operations(document, folder)
    if not found:
        raise merge_check.Unjudgeable("no operation")
    work = pathlib.Path(tempfile.mkdtemp(prefix="apigen-locality-"))
    failures = []
    try:
        space = Workspace(work, spec, reference_folder, apigen)
        try:
            space.generate(document)
        except RuntimeError as error:
            raise merge_check.Unjudgeable(str(error)) from None
        space.git("add", "-A")
        space.git("commit", "-qm", "base")

        def report(title, modified, added, removed, lines):
            shown = ", ".join([f"~{p}" for p in modified[:4]] + [f"+{p}" for p in added[:4]] + [f"-{p}" for p in removed[:4]])
            more = len(modified) + len(added) + len(removed) - len(shown.split(", ")) if shown else 0
            print(f"  {title}: {len(modified)} modified, {len(added)} added, {len(removed)} removed, {lines} lines"
                  f"{': ' + shown if shown else ''}{f' (+{more} more)' if more > 0 else ''}")

        # A schema inserted before every other one.
        edited = copy.deepcopy(document)
        components = edited.setdefault("components", {})
        probe = {"type": "object", "properties": {"code": {"type": "string", "maxLength": 8}}}
        components["schemas"] = {"LocalityProbe": probe, **(components.get("schemas") or {})}
        space.generate(edited)
        modified, added, removed, lines = space.changes()
        report("schema inserted first", modified, added, removed, lines)
        if modified or removed or len(added) != 1 or not added[0].startswith("Models/"):
            failures.append(f"schema inserted first changed {modified + removed} and added {added}")

        # An operation before every other one, in the first operation's group.
        first_path, first_tag = found[0]
        edited = copy.deepcopy(document)
        edited["paths"] = {"/locality-probe": {"get": probe_operation(first_tag)}, **edited["paths"]}
        space.generate(edited)
        modified, added, removed, lines = space.changes()
        report("operation added first", modified, added, removed, lines)
        outside = [p for p in modified + removed if not p.startswith("APIs/")]
        if outside or len(modified) > 2:
            failures.append(f"operation added first changed {modified + removed}")

        # The first path item moved after the last one.
        edited = copy.deepcopy(document)
        items = list(edited["paths"].items())
        if len(items) > 1:
            edited["paths"] = dict(items[1:] + items[:1])
            space.generate(edited)
            modified, added, removed, lines = space.changes()
            report("first path moved last", modified, added, removed, lines)
            tags = path_tags(document, first_path, folder)
            outside = [p for p in modified if not p.startswith("APIs/")]
            if outside or added or removed or len(modified) > 2 * max(len(tags), 1):
                failures.append(f"first path moved last changed {modified}, added {added}, removed {removed} "
                                f"(its operations' tags: {sorted(tags)})")

            # The last path item removed.
            last_path = items[-1][0]
            edited = copy.deepcopy(document)
            del edited["paths"][last_path]
            space.generate(edited)
            modified, added, removed, lines = space.changes()
            report("last path removed", modified, added, removed, lines)
            # A model may lose the validators only the removed operation's responses needed, and nothing else.
            outside = [p for p in modified if not p.startswith("APIs/") and space.growth.get(p, 0) > 0]
            if outside or added:
                failures.append(f"last path removed changed {outside} and added {added}")

        # A property added to the first object schema: reported only.
        names = merge_check.object_schemas(document)
        if names:
            edited = copy.deepcopy(document)
            edited["components"]["schemas"][names[0]]["properties"]["localityProbe"] = {"type": "string", "pattern": "^[a-z]+$"}
            space.generate(edited)
            report(f"property added to {names[0]}", *space.changes())
    finally:
        if keep:
            print(f"  kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", type=pathlib.Path, nargs="+", metavar="SPEC")
    parser.add_argument("--reference-folder", type=pathlib.Path,
                        help="the folder copied with the description (its relative $refs resolve inside it); "
                             "default: the description's folder")
    parser.add_argument("--reference-up", type=int, default=0, metavar="N",
                        help="copy the folder N levels above each description instead")
    parser.add_argument("--apigen", type=pathlib.Path, default=ROOT / ".build" / "debug" / "apigen")
    parser.add_argument("--keep", action="store_true", help="keep the temporary repositories and print their paths")
    args = parser.parse_args()
    ensure_yaml()
    if not args.apigen.exists():
        subprocess.run(["swift", "build", "--product", "apigen"], cwd=ROOT, check=True)
    passed = failed = unjudged = 0
    for spec in args.specs:
        spec = spec.resolve()
        folder = (args.reference_folder or spec.parents[args.reference_up]).resolve()
        print(spec)
        try:
            failures = judge(spec, folder, args.apigen.resolve(), args.keep)
        except merge_check.Unjudgeable as reason:
            print(f"locality: not judged: {reason}")
            unjudged += 1
            continue
        except RuntimeError as error:
            failures = [str(error)]
        if failures:
            print("locality: FAILED " + "; ".join(failures))
            failed += 1
        else:
            print("locality: passed")
            passed += 1
    if len(args.specs) > 1:
        print(f"locality: {passed} of {passed + failed} judged descriptions passed ({unjudged} not judged)")
    sys.exit(1 if failed else 2 if not passed else 0)


if __name__ == "__main__":
    main()
