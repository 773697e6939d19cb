// swift-tools-version:6.0
// libFuzzer harnesses for apigen (Docs/robustness.md). A package of its own so that the root package's
// `swift build` and `swift test` never build them: `Fuzz/run.sh` builds with `--sanitize fuzzer --sanitize address`.
import PackageDescription

let harness = { (name: String, products: [String]) -> Target in
    .executableTarget(name: name, dependencies: products.map { .product(name: $0, package: "apigen") },
                      swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "apigen-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "apigen", path: "..")],
    targets: [
        harness("FuzzJSON", ["APIRuntime"]),
        harness("FuzzSpec", ["APIGenCore"]),
        harness("FuzzRegex", ["APIRuntime"]),
        harness("FuzzHTTPFields", ["APIRuntime", "APIRuntimeMiddleware", "APIRuntimeStore", "APIRuntimeDownloads"]),
        harness("FuzzEnvelope", ["APIRuntime", "APIRuntimeTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
