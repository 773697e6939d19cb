// swift-tools-version:6.0
// libFuzzer harnesses for apigen (Docs/robustness.md). A package of its own so that the root package's
// `swift build` and `swift test` never build them: `Fuzz/run.sh` builds with `--sanitize fuzzer --sanitize address`.
import PackageDescription

let harness = { (name: String, products: [String]) -> Target in
    .executableTarget(name: name, dependencies: products.map { .product(name: $0, package: "apigen") }
                          + [.product(name: "HTTPTypes", package: "swift-http-types")],
                      swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

let package = Package(
    name: "apigen-fuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "apigen", path: ".."),
        // The runtime's header currency types (the harnesses build HTTPFields), resolved to the root package's version.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        harness("FuzzJSON", ["APIRuntime"]),
        harness("FuzzSpec", ["APIGenCore"]),
        harness("FuzzRegex", ["APIRuntime"]),
        harness("FuzzHTTPFields", ["APIRuntime", "APIRuntimeMiddleware", "APIRuntimeStore", "APIRuntimeDownloads"]),
        harness("FuzzEnvelope", ["APIRuntime", "APIRuntimeTesting"]),
        harness("FuzzStreams", ["APIRuntime"]),
    ],
    swiftLanguageModes: [.v6]
)
