// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "apigen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "apigen", targets: ["apigen"]),
        .library(name: "APIGenCore", targets: ["APIGenCore"]),
        // What generated code compiles against: models support, request building, the client and its transport,
        // errors, credentials, streaming and the validation core. Nothing else is needed to call an API.
        .library(name: "APIRuntime", targets: ["APIRuntime"]),
        // Optional, linked only by apps that use them (Docs/Runtime.md, "Products").
        .library(name: "APIRuntimeMiddleware", targets: ["APIRuntimeMiddleware"]),    // retry, rate limit, base parameters, logging (swift-log)
        .library(name: "APIRuntimeStore", targets: ["APIRuntimeStore"]),          // HTTP cache, response store, SQLite
        .library(name: "APIRuntimeOffline", targets: ["APIRuntimeOffline"]),      // offline queue, reachability
        .library(name: "APIRuntimeDownloads", targets: ["APIRuntimeDownloads"]),  // download and image cache
        .library(name: "APIRuntimeTesting", targets: ["APIRuntimeTesting"]),      // test doubles for app tests
        .library(name: "APIRuntimeTracing", targets: ["APIRuntimeTracing"]),      // a span per operation (swift-distributed-tracing)
        // `swift package --allow-writing-to-package-directory generate-api [--target NAME] [--check]` (Docs/configuration.md).
        .plugin(name: "GenerateAPI", targets: ["GenerateAPI"]),
        .plugin(name: "CheckAPI", targets: ["CheckAPI"]),
    ],
    dependencies: [
        // CLI parsing with generated help and usage errors (exit code 64) instead of a hand-rolled parser.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // libyaml, vendored by Yams as its CYaml module: the YAML loader reads libyaml's events (with line:column marks)
        // straight into located nodes; building Yams' own Node tree first took twice as long on large specs.
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // Logic-less Mustache templates users can copy and override; no transitive dependencies.
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // The server ecosystem's tracing API, so any tracer an app bootstraps (swift-otel, ...) gets a span per operation;
        // only the optional APIRuntimeTracing product links it. Clean debug build of its modules here: 10 s CPU (21 s wall, 2 loaded cores).
        .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.7.3"),
        // The ecosystem's logging API: LoggingMiddleware writes to the app's `Logger` (any backend). Only the optional
        // APIRuntimeMiddleware product links it; clean debug build of its Logging module here: 9 s CPU (12 s wall, 2 loaded cores).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The currency types of Swift's HTTP ecosystem (HTTPRequest, HTTPResponse, HTTPFields) at the transport and
        // middleware boundary, so middlewares and transports written for other clients and servers fit. The core's only
        // dependency; clean debug build of its HTTPTypes module here: 7.7 s CPU (7.5 s wall, 2 cores, load 1.2).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "apigen",
            dependencies: [
                "APIGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Runs the official JSON-Schema-Test-Suite through the real pipeline: `swift run apigen-conformance`.
        .executableTarget(name: "apigen-conformance", dependencies: ["APIGenCore"]),
        .target(
            name: "APIGenCore",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // The system SQLite behind the runtime's store and offline queue on Linux (Apple platforms use the SDK's SQLite3).
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // The thin core: swift-http-types only.
        .target(name: "APIRuntime", dependencies: [.product(name: "HTTPTypes", package: "swift-http-types")]),
        .target(name: "APIRuntimeMiddleware", dependencies: ["APIRuntime", .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "APIRuntimeStore",
            dependencies: ["APIRuntime", .product(name: "HTTPTypes", package: "swift-http-types"), .target(name: "CSQLite", condition: .when(platforms: [.linux]))]
        ),
        // The queue persists through the store product's storage (SQLiteStorage, InMemoryStorage).
        .target(name: "APIRuntimeOffline", dependencies: ["APIRuntime", "APIRuntimeStore", .product(name: "HTTPTypes", package: "swift-http-types")]),
        .target(name: "APIRuntimeDownloads", dependencies: ["APIRuntime", .product(name: "HTTPTypes", package: "swift-http-types")]),
        .target(name: "APIRuntimeTesting", dependencies: ["APIRuntime", .product(name: "HTTPTypes", package: "swift-http-types")]),
        .target(name: "APIRuntimeTracing", dependencies: ["APIRuntime", .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Tracing", package: "swift-distributed-tracing")]),
        // The checked-in output for api-spec/: this repository is its own first consumer.
        .target(name: "ExampleAPI", dependencies: ["APIRuntime"], path: "Generated"),
        .testTarget(name: "APIGenCoreTests", dependencies: ["APIGenCore", .product(name: "Mustache", package: "swift-mustache")]),
        // A scripted HTTP/1.1 server on 127.0.0.1 for the runtime's and the example client's tests (not a product).
        .target(name: "LoopbackTestServer", dependencies: ["APIRuntime", .product(name: "HTTPTypes", package: "swift-http-types")]),
        .testTarget(name: "APIRuntimeTests", dependencies: [
            "APIRuntime", "APIRuntimeMiddleware", "APIRuntimeStore", "APIRuntimeOffline", "APIRuntimeDownloads",
            "APIRuntimeTesting", "APIRuntimeTracing", "LoopbackTestServer", .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            .product(name: "InMemoryLogging", package: "swift-log"),
        ]),
        .testTarget(name: "ExampleAPITests", dependencies: [
            "ExampleAPI", "APIRuntime", "APIRuntimeMiddleware", "APIRuntimeStore", "APIRuntimeOffline", "APIRuntimeTesting",
            "LoopbackTestServer", .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        .testTarget(name: "apigenTests", dependencies: ["apigen", "apigen-conformance"]),
        .plugin(
            name: "GenerateAPI",
            capability: .command(
                intent: .custom(verb: "generate-api", description: "Run apigen for the package's or each --target's apigen.yml (--check: verify only)"),
                permissions: [.writeToPackageDirectory(reason: "apigen writes the generated Swift sources into the configured output folder")]
            ),
            dependencies: ["apigen"]
        ),
        // `--check` with no permission to ask for: what CI runs (SwiftPM asks for a plugin's permissions on every run).
        .plugin(
            name: "CheckAPI",
            capability: .command(
                intent: .custom(verb: "check-api", description: "Check that the sources apigen generates are up to date (writes nothing)")
            ),
            dependencies: ["apigen"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
