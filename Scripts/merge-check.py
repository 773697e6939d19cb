#!/usr/bin/env python3
"""Two branches that each regenerate merge with git: the merge judge of issue 17, for any OpenAPI 3 description.

In a fresh git repository holding the description and the `Generated/` apigen writes from it, two branches make
independent additions of the kinds a team makes on two branches at once, each regenerates and commits, and the
second is merged into the first:

- an operation added to the description's largest group (tag), `alpha` right before the group's last path, `beta`
  right after it, each with an inline response schema that has a `pattern` (so each brings its own validator);
- an operation in a group of its own, next to the first (a new group on each branch: a list of groups in one file
  would take both at the same place);
- a component schema (`alpha` right before the last schema, `beta` right after it), referenced by the branch's
  operations;
- a string property with a `maxLength` added to an existing object schema (`alpha` to the first component schema
  that declares `properties`, `beta` to the last, never the last two schemas nor alpha's or the one after it; a
  description with too few gets one property edit or none).

Each pair is as close as two additions can be while the description still merges (one entry apart: two additions at
the same place conflict in the description itself, and a person resolves that and regenerates); the judge is whether it
merges `Generated/` too (no conflicted file) and whether what git merged is exactly what apigen generates from the
merged description (`apigen --check` exits 0). The description is written back as JSON (one key per line): the base
is written the same way, so only the edits differ.

    python3 Scripts/merge-check.py SPEC... [--reference-folder DIR | --reference-up N] [--apigen PATH] [--keep]

Prints what each branch changed and `merge: passed` or `merge: FAILED ...` per description (and a count for
several). Exit status 1 when one failed, 2 when none could be judged (not OpenAPI 3, no operation, apigen fails on the unedited
description), else 0. A description without an object schema gets no property edit; one without component schemas
gets `MergeCheckBase` (a string) in its base, next to which the branches add theirs.
"""

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / ".build" / "merge-venv"
REQUIREMENTS = ["PyYAML==6.0.3"]
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def ensure_yaml():
    """PyYAML from the system when it has it, else from a virtualenv under .build (created on first use)."""
    try:
        import yaml  # noqa: F401
        return
    except ImportError:
        pass
    python = VENV / "bin" / "python"
    if pathlib.Path(sys.prefix).resolve() == VENV.resolve():
        sys.exit("merge: PyYAML is missing from " + str(VENV))
    if not python.exists():
        print(f"merge: installing {', '.join(REQUIREMENTS)} into {VENV.relative_to(ROOT)}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *REQUIREMENTS], check=True)
    os.execv(str(python), [str(python), str(pathlib.Path(__file__).resolve()), *sys.argv[1:]])


class Unjudgeable(Exception):
    """The description cannot be judged (exit 2): not a failure of apigen's merge behaviour."""


def load(path):
    import yaml

    class Loader(yaml.SafeLoader):
        """YAML 1.1 without timestamps: `2020-01-01` stays the string it is in JSON and to apigen."""

    Loader.yaml_implicit_resolvers = {key: [(tag, regexp) for tag, regexp in resolvers
                                            if tag != "tag:yaml.org,2002:timestamp"]
                                      for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}
    text = path.read_text(encoding="utf-8")
    document = yaml.load(text, Loader=Loader)
    if not isinstance(document, dict) or not str(document.get("openapi", "")).startswith("3"):
        raise Unjudgeable("not an OpenAPI 3 description")
    return document


def dump(document):
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def inserted(mapping, anchor, key, value, before):
    """`mapping` with `key: value` right before or right after `anchor`, order otherwise kept."""
    result = {}
    for existing, existing_value in mapping.items():
        if before and existing == anchor:
            result[key] = value
        result[existing] = existing_value
        if not before and existing == anchor:
            result[key] = value
    return result


def referenced(value, folder):
    """`value`, or the document (fragment) its relative `$ref` names, read from `folder`; None when unreadable."""
    import yaml
    if not isinstance(value, dict) or not isinstance(value.get("$ref"), str) or value["$ref"].startswith("#"):
        return value
    file, _, fragment = value["$ref"].partition("#")
    try:
        target = yaml.safe_load((folder / file).read_text(encoding="utf-8"))
        for part in [part for part in fragment.split("/") if part]:
            target = target[part.replace("~1", "/").replace("~0", "~")]
        return target if isinstance(target, dict) else None
    except (OSError, KeyError, TypeError, yaml.YAMLError):
        return None


def operations(document, folder):
    """(path, tag) of every operation, in document order; path items and operations in other files are read for
    their tags (DigitalOcean's are all `$ref`s)."""
    found = []
    for path, item in (document.get("paths") or {}).items():
        item = referenced(item, folder)
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            operation = referenced(item.get(method), folder)
            if isinstance(operation, dict):
                tags = operation.get("tags") or ["Default"]
                found.append((path, str(tags[0])))
    return found


def object_schemas(document):
    """Names of component schemas that declare `properties` (a mapping), in document order."""
    schemas = ((document.get("components") or {}).get("schemas")) or {}
    return [name for name, schema in schemas.items()
            if isinstance(schema, dict) and isinstance(schema.get("properties"), dict) and "$ref" not in schema]


def new_operation(operation_id, tag, schema_name):
    response = {
        "type": "object",
        "required": ["code"],
        "properties": {
            "code": {"type": "string", "pattern": "^[a-z]+$"},
            "detail": {"$ref": f"#/components/schemas/{schema_name}"},
        },
    }
    return {"get": {
        "operationId": operation_id,
        "tags": [tag],
        "responses": {"200": {"description": "Added on one branch.",
                              "content": {"application/json": {"schema": response}}}},
    }}


def edit(document, branch, folder):
    """The branch's additions (see the module's description). `branch` is `alpha` or `beta`."""
    document = json.loads(json.dumps(document))
    first = branch == "alpha"
    word = branch.capitalize()
    found = operations(document, folder)
    by_tag = {}
    for path, tag in found:
        by_tag.setdefault(tag, []).append(path)
    tag = max(by_tag, key=lambda name: len(by_tag[name]))
    paths_of_tag = by_tag[tag]
    candidates = object_schemas(document)
    document.setdefault("components", {})
    schemas = document["components"].get("schemas") or {"MergeCheckBase": {"type": "string"}}
    schema_name = f"MergeCheck{word}"
    schema = {"type": "object", "properties": {"label": {"type": "string", "maxLength": 40}}}
    schemas = inserted(schemas, list(schemas)[-1], schema_name, schema, before=first)
    # Not the last two schemas, next to which the branches add theirs: a change there would touch the lines the other
    # branch's addition touches, and the description itself would conflict. Without an object schema of its own
    # the description gets no property edit.
    candidates = [name for name in candidates if name not in list(schemas)[-2:]]
    # Beta's schema is the last candidate that is not alpha's nor next to it (for the same reason).
    order = list(schemas)
    if first:
        target = candidates[0] if candidates else None
    else:
        far = [name for name in candidates[1:] if candidates and order.index(name) - order.index(candidates[0]) > 1]
        target = far[-1] if far else None
    if target:
        schemas[target]["properties"][f"mergeCheck{word}"] = {"type": "string", "maxLength": 30}
    document["components"]["schemas"] = schemas

    paths = document["paths"]
    anchor = paths_of_tag[-1]
    paths = inserted(paths, anchor, f"/merge-check/{branch}", new_operation(f"mergeCheck{word}", tag, schema_name),
                     before=first)
    group_operation = new_operation(f"mergeCheck{word}Group", f"MergeCheck{word}Group", schema_name)
    paths = inserted(paths, anchor, f"/merge-check/{branch}-group", group_operation, before=first)
    document["paths"] = paths
    return document, tag, target


def run(command, cwd, check=True):
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} exited {done.returncode}:\n{done.stdout}{done.stderr}")
    return done


def git(arguments, cwd, check=True):
    return run(["git", "-c", "user.name=merge-check", "-c", "user.email=merge-check@example.com",
                "-c", "commit.gpgsign=false", *arguments], cwd, check)


def changed_files(repository, since):
    return [line for line in git(["diff", "--name-only", since, "HEAD", "--", "Generated"], repository).stdout.splitlines()]


def judge(spec, reference_folder, apigen, keep):
    spec = spec.resolve()
    folder = reference_folder.resolve()
    if folder not in spec.parents:
        raise Unjudgeable(f"{spec} is not inside the reference folder {folder}")
    base = load(spec)
    if not operations(base, spec.parent):
        raise Unjudgeable("no operation")
    work = pathlib.Path(tempfile.mkdtemp(prefix="apigen-merge-"))
    try:
        repository = work / "repo"
        shutil.copytree(folder, repository / "api", ignore=shutil.ignore_patterns(".git"))
        root = repository / "api" / spec.relative_to(folder)
        (repository / "apigen.yml").write_text(f"spec: {root.relative_to(repository)}\noutput: Generated\n"
                                               "referenceFolders: [api]\n")
        (repository / ".gitattributes").write_text("")

        def generate():
            done = run([apigen, "generate"], repository, check=False)
            if done.returncode != 0:
                raise RuntimeError(f"apigen failed:\n{done.stderr[-3000:]}")

        if not (base.get("components") or {}).get("schemas"):
            # The schema both branches add next to: the base has it too, so only the additions differ.
            base.setdefault("components", {})["schemas"] = {"MergeCheckBase": {"type": "string"}}
        root.write_text(dump(base), encoding="utf-8")
        done = run([apigen, "generate"], repository, check=False)
        if done.returncode != 0:
            raise Unjudgeable(f"apigen fails on the unedited description: {done.stderr.strip().splitlines()[-1:]}")
        git(["init", "-q", "-b", "main"], repository)
        git(["add", "-A"], repository)
        git(["commit", "-qm", "base"], repository)
        summary = {}
        for branch in ("alpha", "beta"):
            git(["checkout", "-q", "-b", branch, "main"], repository)
            edited, tag, target = edit(base, branch, spec.parent)
            root.write_text(dump(edited), encoding="utf-8")
            generate()
            git(["add", "-A"], repository)
            git(["commit", "-qm", branch], repository)
            summary[branch] = (tag, target, changed_files(repository, "main"))
        git(["checkout", "-q", "alpha"], repository)
        merge = git(["merge", "-q", "--no-edit", "beta"], repository, check=False)
        conflicts = git(["diff", "--name-only", "--diff-filter=U"], repository).stdout.split()
        check = run([apigen, "--check"], repository, check=False) if merge.returncode == 0 else None
        for branch, (tag, target, files) in summary.items():
            print(f"merge: {branch}: operations in '{tag}' and a group of its own, schema MergeCheck{branch.capitalize()},"
                  f" a property of '{target or '(no object schema)'}': {len(files)} generated files changed")
        if conflicts or merge.returncode != 0:
            print(f"merge: FAILED: git merge exited {merge.returncode}, conflicts in {len(conflicts)} files: "
                  + ", ".join(conflicts[:20]))
            return False
        if check.returncode != 0:
            print("merge: FAILED: the merged Generated/ is not what apigen generates from the merged description:\n"
                  + (check.stdout + check.stderr)[-3000:])
            return False
        print("merge: passed: no conflict, and the merged output is what apigen generates from the merged description")
        return True
    finally:
        if keep:
            print(f"merge: kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


def main():
    ensure_yaml()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", type=pathlib.Path, nargs="+", metavar="SPEC")
    parser.add_argument("--reference-folder", type=pathlib.Path,
                        help="the folder copied with the description (its relative $refs resolve inside it); "
                             "default: the description's folder")
    parser.add_argument("--reference-up", type=int, default=0, metavar="N",
                        help="copy the folder N levels above each description instead (for several descriptions "
                             "of a corpus whose files refer to sibling folders)")
    parser.add_argument("--apigen", default=str(ROOT / ".build" / "debug" / "apigen"))
    parser.add_argument("--keep", action="store_true", help="keep the temporary repository and print its path")
    args = parser.parse_args()
    results = {}
    for spec in args.specs:
        if len(args.specs) > 1:
            print(f"merge: {spec}")
        folder = args.reference_folder or spec.resolve().parents[args.reference_up]
        try:
            results[spec] = "passed" if judge(spec, folder, args.apigen, args.keep) else "failed"
        except Unjudgeable as reason:
            print(f"merge: cannot judge {spec}: {reason}")
            results[spec] = "not judged"
        except RuntimeError as error:
            print(f"merge: FAILED: {error}")
            results[spec] = "failed"
        except Exception as error:  # a fault of this judge: counted as a failure, the other descriptions still run
            print(f"merge: FAILED: the judge itself failed: {type(error).__name__}: {error}")
            results[spec] = "failed"
    if len(args.specs) > 1:
        counts = {outcome: sum(1 for value in results.values() if value == outcome)
                  for outcome in ("passed", "failed", "not judged")}
        print(f"merge: {counts['passed']} of {len(results) - counts['not judged']} descriptions merged cleanly "
              f"({counts['not judged']} not judged)")
    if any(value == "failed" for value in results.values()):
        sys.exit(1)
    sys.exit(2 if all(value == "not judged" for value in results.values()) else 0)


if __name__ == "__main__":
    main()
