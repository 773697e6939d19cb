#!/usr/bin/env python3
"""Wire conformance: every operation of an API description round-trips through the generated client.

    python3 Scripts/wire.py SPEC [--config APIGEN_YML] [--seed N] [--cases K] [--json OUT.json]

Generates the client for SPEC (with `wireDispatcher: true`) into .build/wire/package, builds a driver, and for
every operation and K argument sets drawn from the schemas (hypothesis-jsonschema) sends the call through the
generated client to a local server that judges the request with openapi-core and answers with a body drawn from
the response schema. Ends with `wire: P of N operations passed`. Docs/wire-conformance.md explains every check.
Installs its Python packages into .build/wire-venv on first use.
"""
import argparse
import contextlib
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / ".build" / "wire-venv"
REQUIREMENTS = ["openapi-core==0.23.1", "hypothesis==6.115.0", "hypothesis-jsonschema==0.23.1",
                "jsonschema-rs==0.60.3", "PyYAML==6.0.3"]


def ensure_virtualenv(script=__file__):
    """Re-runs `script` (this one by default; the other harnesses that share the virtualenv pass theirs) under the
    harness's virtualenv, creating it first when needed."""
    python = VENV / "bin" / "python"
    if pathlib.Path(sys.prefix).resolve() == VENV.resolve():
        return
    marker = VENV / "requirements.txt"
    if not python.exists() or not marker.exists() or marker.read_text() != "\n".join(REQUIREMENTS):
        print(f"wire: installing {', '.join(REQUIREMENTS)} into {VENV.relative_to(ROOT)}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", *REQUIREMENTS], check=True)
        marker.write_text("\n".join(REQUIREMENTS))
    os.execv(str(python), [str(python), str(pathlib.Path(script).resolve()), *sys.argv[1:]])


def server_base_path(root):
    """The path of the first server URL (variables at their defaults), e.g. `/v1`; empty for none."""
    servers = root.get("servers") or []
    if root.get("swagger"):
        return (root.get("basePath") or "").rstrip("/")
    if not servers:
        return ""
    url = servers[0].get("url") or ""
    for name, variable in (servers[0].get("variables") or {}).items():
        url = url.replace("{" + name + "}", str(variable.get("default", "")))
    # A variable without a declaration (`url: "{siteUrl}"`) names a host the app supplies: no path of its own.
    url = re.sub(r"\{[^}]*\}", "", url)
    path = urllib.parse.urlsplit(url).path.rstrip("/")
    return path if path.startswith("/") else ""



def _has_tuple_body(operation, bundler):
    """Whether the operation's JSON request body holds a tuple (`prefixItems`), which openapi-core 0.23.1
    unmarshals element by element with `items` (the rest) and so rejects: the harness judges those bodies itself."""
    body = operation.body
    if body is None or body.schema is None or "json" not in body.media_type.lower():
        return False
    try:
        return '"prefixItems"' in json.dumps(bundler.inline(body.schema, body.base))
    except Exception:  # a schema the bundler cannot inline is left to openapi-core
        return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("spec")
    parser.add_argument("--config", help="an apigen.yml whose settings (envelope, models, ...) are used")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=3)
    parser.add_argument("--json", help="write the result per operation and check to this file")
    parser.add_argument("--operation", action="append", help="only these operations (`GET /path`), repeatable")
    parser.add_argument("--reference-folder", action="append", default=[],
                        help="a folder besides the spec's own that its $refs may read (apigen's referenceFolders)")
    parser.add_argument("--work", help="the package folder to generate and build in (default .build/wire/package)")
    parser.add_argument("--no-apigen-build", action="store_true", help="use the apigen already in .build/debug")
    parser.add_argument("--skip-build", action="store_true", help="reuse the driver built by the previous run")
    parser.add_argument("--draw-timeout", type=float, default=60.0,
                        help="seconds hypothesis-jsonschema may draw one operation's arguments or one response's "
                             "bodies before the fallback generator (Scripts/wire/schema_instances.py) takes over")
    parser.add_argument("--operation-timeout", type=float, default=600.0,
                        help="seconds one operation may take before it is reported as not judged (default 600)")
    parser.add_argument("--continue", dest="resume", action="store_true",
                        help="keep the operations an unfinished --json result of the same seed and cases already passed "
                             "and judge only the others (results are written after every operation)")
    options = parser.parse_args()

    ensure_virtualenv()
    sys.path.insert(0, str(ROOT / "Scripts" / "wire"))
    sys.setrecursionlimit(10000)
    from client_package import BuildFailed, ClientPackage, GenerationFailed
    from driver_process import DriverProcess
    from judge_server import JudgeServer
    from operation_checks import OperationChecks
    from operations import collect
    from spec_documents import SchemaBundler, SpecDocuments

    spec = pathlib.Path(options.spec).resolve()
    documents = SpecDocuments(spec)
    result = {"spec": str(spec), "seed": options.seed, "cases": options.cases, "operations": []}

    # A large description (GitHub: 814 operations) takes hours: results are written after every operation, marked
    # unfinished, so an interrupted run loses nothing and `--continue` judges only what is left.
    kept = {}
    if options.resume and options.json and pathlib.Path(options.json).exists():
        earlier = json.loads(pathlib.Path(options.json).read_text())
        if earlier.get("unfinished") and (earlier.get("seed"), earlier.get("cases")) == (options.seed, options.cases):
            # Failed operations are judged again: fixes land between the sessions a large description spans.
            kept = {checks["operation"]: checks for checks in earlier.get("operations", []) if checks["passed"]}
            print(f"wire: continuing: {len(kept)} operations already passed are kept, the others are judged")

    def save_progress(total):
        if options.json:
            progress = dict(result, unfinished=True, total=total,
                            passed=sum(1 for checks in result["operations"] if checks["passed"]))
            pathlib.Path(options.json).write_text(json.dumps(progress, indent=1, default=str))

    def finish(passed, total, reason=None):
        if reason:
            result["skipped"] = reason
            print(f"wire: {spec.name}: {reason}")
        result["passed"], result["total"] = passed, total
        if options.json:
            pathlib.Path(options.json).write_text(json.dumps(result, indent=1, default=str))
        print(f"wire: {passed} of {total} operations passed")
        return 0 if passed == total and not reason else 1

    package = ClientPackage(ROOT, options.work)
    log_path = package.directory.parent / (package.directory.name + "-build.log")
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("w") as log:
        try:
            if not options.skip_build and not options.no_apigen_build:
                package.build_apigen(log)
        except BuildFailed as error:
            return finish(0, 0, str(error))
        if documents.is_swagger:
            # Judged as apigen's own OpenAPI 3.0 conversion (`apigen convert`): openapi-core reads no Swagger 2.0.
            try:
                documents = SpecDocuments(spec, root=package.convert(spec, log))
            except GenerationFailed as error:
                return finish(0, 0, str(error))
            result["converted"] = True
    operations = collect(documents)
    if not operations:
        return finish(0, 0, "the description has no operations under `paths` (nothing to exercise)")
    if options.operation:
        operations = [o for o in operations if o.key in options.operation]
    with log_path.open("a") as log:
        try:
            if not options.skip_build:
                package.generate(spec, options.config, log, options.reference_folder)
            driver_path = package.build_driver(log)
        except (GenerationFailed, BuildFailed) as error:
            return finish(0, len(operations), str(error))

    envelope = None
    if options.config:
        import yaml
        config = yaml.safe_load(pathlib.Path(options.config).read_text()) or {}
        envelope = config.get("envelope")
    import reference_styles
    unjudged = {(o.path, o.method, p.name, p.location) for o in operations for p in o.parameters
                if reference_styles.reference_only(p)}
    bundler = SchemaBundler(documents)
    tuple_bodies = {(o.path, o.method.upper()) for o in operations if _has_tuple_body(o, bundler)}
    # openapi-core validates a wildcard body's raw bytes against `type: string` and fails: the harness judges those.
    tuple_bodies |= {(o.path, o.method.upper()) for o in operations if o.body is not None and o.body.raw}
    judge = JudgeServer(documents.root, spec.as_uri(), server_base_path(documents.root), check_security=True,
                        unjudged=unjudged, documents=documents, harness_bodies=tuple_bodies).start()
    driver = DriverProcess(driver_path)
    passed = 0
    from judge_server import colliding_path_keys
    colliding = colliding_path_keys(documents.root)
    def judge_operation(operation):
        if (operation.path, operation.method) not in colliding:
            return OperationChecks(operation, bundler, judge, driver, options.cases, options.seed, envelope,
                                   options.draw_timeout).run()
        # openapi-core finds operations by path and method alone, and its judge keeps the first of those that share
        # them (Box's `/files/{file_id}#get_shared_link` after `/files/{file_id}`): this one is judged by a judge of
        # its own, reading a description whose paths list its key first.
        alone = JudgeServer(_with_path_key_first(documents.root, operation.path), spec.as_uri(),
                            server_base_path(documents.root), check_security=True, unjudged=unjudged,
                            documents=documents, harness_bodies=tuple_bodies).start()
        try:
            return OperationChecks(operation, bundler, alone, driver, options.cases, options.seed, envelope,
                                   options.draw_timeout).run()
        finally:
            alone.stop()

    try:
        for operation in operations:
            if operation.key in kept:
                result["operations"].append(kept[operation.key])
                passed += kept[operation.key]["passed"]
                continue
            try:
                with _time_limit(options.operation_timeout):
                    checks = judge_operation(operation)
            except OperationTimeout:
                # hypothesis-jsonschema can take hours on one huge schema (openai's eval runs: anyOf of large
                # objects); the operation is reported, not silently dropped, and the driver starts afresh in case
                # the limit struck during a call.
                driver.stop()
                driver.start()
                checks = {"operation": operation.key, "operationId": operation.operation_id, "passed": False,
                          "checks": {}, "cases": [],
                          "failures": [f"harness: not judged within {options.operation_timeout:.0f} s "
                                       "(drawing values for its schemas took too long)"]}
            result["operations"].append(checks)
            # The request and response checks always; the others where the operation gave them something to judge.
            counts = " ".join(f"{name} {p}/{n}" for name, (p, n) in checks["checks"].items()
                              if n or name in ("request", "response"))
            print(f"{'ok  ' if checks['passed'] else 'FAIL'} {operation.key}: {counts}")
            for failure in checks["failures"][:4]:
                print(f"       {failure[:400]}")
            for fallback in checks.get("fallbacks", []):
                print(f"       (fallback generator) {fallback[:200]}")
            passed += checks["passed"]
            save_progress(len(operations))
    finally:
        driver.stop()
        judge.stop()
    return finish(passed, len(operations))


class OperationTimeout(BaseException):
    """One operation took longer than --operation-timeout (a BaseException: the generation code catches Exception)."""


@contextlib.contextmanager
def _time_limit(seconds):
    """Raises OperationTimeout in the main thread after `seconds` (SIGALRM; the harness is single-threaded there)."""
    def expire(signum, frame):
        raise OperationTimeout()
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _with_path_key_first(root, key):
    """The description with `key` first among its paths (a shallow copy)."""
    root = dict(root)
    paths = root.get("paths") or {}
    root["paths"] = {key: paths[key], **{other: item for other, item in paths.items() if other != key}}
    return root


if __name__ == "__main__":
    sys.exit(main())
