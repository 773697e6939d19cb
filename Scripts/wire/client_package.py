"""Generates the client for a spec into a SwiftPM package beside a fixed driver, and builds the driver.

The package lives in `.build/wire/package` and is reused between runs, so APIRuntime is compiled once and each spec
costs only the compile of its generated client.
"""
import json
import os
import pathlib
import shutil
import subprocess

import yaml

PACKAGE_MANIFEST = """// swift-tools-version:6.0
// Written by Scripts/wire.py: the generated client under test and the driver that calls it.
import PackageDescription

let package = Package(
    name: "WireHarness",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "{root}")],
    targets: [
        .target(name: "WireClient", dependencies: [.product(name: "APIRuntime", package: "{identity}")],
                path: "Generated"),
        .executableTarget(name: "WireDriver", dependencies: [
            "WireClient", .product(name: "APIRuntime", package: "{identity}"),
        ], path: "Driver"),
    ],
    swiftLanguageModes: [.v6]
)
"""


class GenerationFailed(Exception):
    """apigen exited non-zero; the message holds its diagnostics."""


class BuildFailed(Exception):
    """The generated client or the driver does not compile; the message holds the first errors."""


class ClientPackage:
    def __init__(self, root, directory=None):
        self.root = pathlib.Path(root)
        self.directory = pathlib.Path(directory).resolve() if directory else self.root / ".build" / "wire" / "package"
        # WIRE_APIGEN: a copy of the binary, so a long corpus run is not affected by rebuilds in the meantime.
        self.apigen = pathlib.Path(os.environ.get("WIRE_APIGEN") or self.root / ".build" / "debug" / "apigen")

    def build_apigen(self, log):
        _run(["swift", "build", "--product", "apigen"], self.root, log, BuildFailed, "building apigen failed")

    def convert(self, spec, log):
        """The OpenAPI 3.0 document apigen reads for the Swagger 2.0 description `spec` (`apigen convert`)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        converted = self.directory / "converted-openapi.json"
        _run([str(self.apigen), "convert", str(spec), "--output", str(converted)], self.directory, log,
             GenerationFailed, "apigen convert failed")
        return json.loads(converted.read_text())

    def generate(self, spec, config_path, log, reference_folders=()):
        self.directory.mkdir(parents=True, exist_ok=True)
        (self.directory / "Driver").mkdir(exist_ok=True)
        shutil.copyfile(self.root / "Scripts" / "wire" / "WireDriver.swift", self.directory / "Driver" / "main.swift")
        # WIRE_RUNTIME_ROOT: a snapshot of the repository to compile APIRuntime from (a long corpus run).
        runtime_root = pathlib.Path(os.environ.get("WIRE_RUNTIME_ROOT") or self.root)
        manifest = PACKAGE_MANIFEST.format(root=runtime_root, identity=runtime_root.name.lower())
        manifest_path = self.directory / "Package.swift"
        if not manifest_path.exists() or manifest_path.read_text() != manifest:
            manifest_path.write_text(manifest)
        config = {}
        if config_path:
            config_path = pathlib.Path(config_path).resolve()
            config = yaml.safe_load(config_path.read_text()) or {}
            if config.get("templates"):
                config["templates"] = str((config_path.parent / config["templates"]).resolve())
        # Error cases carry their headers, so the judge can compare what they read (`exposed_headers`).
        config.setdefault("errorHeaders", True)
        config.update({"spec": str(pathlib.Path(spec).resolve()), "output": str(self.directory / "Generated"),
                       "wireDispatcher": True})
        if reference_folders:
            config["referenceFolders"] = list(config.get("referenceFolders") or []) + [
                str(pathlib.Path(folder).resolve()) for folder in reference_folders]
        (self.directory / "apigen.yml").write_text(yaml.safe_dump(config, sort_keys=True))
        _run([str(self.apigen), "generate", "--config", str(self.directory / "apigen.yml")], self.directory, log,
             GenerationFailed, "apigen failed")

    def build_driver(self, log):
        # SwiftPM plans again only when a manifest changed: touching it makes it see files added to APIRuntime.
        (self.directory / "Package.swift").touch()
        _run(["swift", "build", "--product", "WireDriver"], self.directory, log, BuildFailed,
             "the generated client does not compile")
        return self.directory / ".build" / "debug" / "WireDriver"


def _run(command, cwd, log, failure, summary):
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log.write(f"$ {' '.join(command)}\n{result.stdout}\n")
    if result.returncode != 0:
        errors = [line for line in result.stdout.splitlines() if "error:" in line][:5]
        raise failure(summary + ": " + ("; ".join(errors) or result.stdout[-800:]))
