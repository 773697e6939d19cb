import Foundation
import XCTest

/// apigen used the way a consumer uses it: a new package depends on this one by path, runs `swift run apigen`
/// (so the templates must be found from a dependency checkout) and builds the generated client against APIRuntime,
/// the thin core alone (no store, queue, downloads, testing product or SQLite is compiled).
/// A few small real specs from ../shared/corpus are generated and compiled in the same build when it exists.
final class ConsumerPackageTests: XCTestCase {
    static let corpusSpecs = [
        "specs/swift-openapi-generator-tests/compat-test-documents/OAI__OpenAPI-Specification/petstore.yaml",
        "specs/real-world/matrix/data/api/client-server/tags.yaml",
        "specs/real-world/akamai/apis/edgekv/v1/tokens.yaml",
    ]

    func testConsumerPackageGeneratesAndBuilds() throws {
        let swift = try XCTUnwrap(Self.findSwift(), "swift is not on PATH")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("api-spec"), to: folder.appendingPathComponent("api-spec"))
        let config = try String(contentsOf: repositoryRoot.appendingPathComponent("apigen.yml"), encoding: .utf8)
        try Data(config.replacingOccurrences(of: "output: Generated", with: "output: Sources/MemberClient").utf8)
            .write(to: folder.appendingPathComponent("apigen.yml"))
        // The same client with `modelEquality: equatable` and `mutableModels: true`: its consumer file compares
        // models and sets their properties.
        try Data(config.replacingOccurrences(of: "output: Generated",
                                             with: "output: Sources/EquatableMemberClient\nmodelEquality: equatable\nmutableModels: true").utf8)
            .write(to: folder.appendingPathComponent("EquatableMemberClient.yml"))

        // Properties named like accessor keywords, each holding a nested model: with `let` models they become
        // accessors over a private box (`_read`, `_modify`), which must still compile.
        try Data(Self.accessorKeywordSpec.utf8).write(to: folder.appendingPathComponent("keywords.yaml"))
        try Data("spec: keywords.yaml\noutput: Sources/KeywordClient\n".utf8).write(to: folder.appendingPathComponent("KeywordClient.yml"))

        // Hostile text in every place a name or number can come from: it must compile, with nothing injected.
        try Data(Self.hostileSpec.utf8).write(to: folder.appendingPathComponent("hostile.yaml"))
        try Data("spec: hostile.yaml\noutput: Sources/HostileClient\n".utf8).write(to: folder.appendingPathComponent("HostileClient.yml"))

        let corpus = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        var corpusTargets: [String] = []
        if FileManager.default.fileExists(atPath: corpus.path) {
            for (index, spec) in Self.corpusSpecs.enumerated() {
                let name = "CorpusClient\(index + 1)"
                try Data("spec: \(corpus.appendingPathComponent(spec).path)\noutput: Sources/\(name)\n".utf8)
                    .write(to: folder.appendingPathComponent("\(name).yml"))
                corpusTargets.append(name)
            }
        } else {
            print("ConsumerPackageTests: ../shared/corpus is absent; building the example client only")
        }

        let identity = repositoryRoot.lastPathComponent.lowercased()
        let targets = (["MemberClient", "EquatableMemberClient", "KeywordClient", "HostileClient"] + corpusTargets).map {
            ".target(name: \"\($0)\", dependencies: [.product(name: \"APIRuntime\", package: \"\(identity)\")])"
        }
        let manifest = """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: "\(repositoryRoot.path)")],
                targets: [
                    \(targets.joined(separator: ",\n        "))
                ]
            )

            """
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        // SwiftPM loads every target before `swift run` can generate into them; a consumer's own file sits beside
        // the generated ones, which apigen must leave alone.
        // The consumer files also use what `modelEquality` and `mutableModels` promise: `Set` by default (hashable), `==`
        // with `equatable`, settable properties with `mutableModels: true`.
        let consumerCode = [
            // A recursive property has the model's own type (its box is private: `Indirect` is no public API).
            "MemberClient": """
                func distinct(_ members: [Member]) -> Set<Member> { Set(members) }
                func parentBody(_ comment: Comment) -> String? { comment.parent?.parent?.body }

                """,
            "EquatableMemberClient": """
                func same(_ a: Member, _ b: Member) -> Bool { a == b }
                func renamed(_ response: ProfileResponse, to name: String) -> ProfileResponse {
                    var copy = response
                    copy.data.username = name
                    copy.status = "edited"
                    return copy
                }
                func reparented(_ comment: Comment, under parent: Comment) -> Comment {
                    var copy = comment
                    copy.parent = parent
                    copy.parent?.parent = nil
                    return copy
                }

                """,
            // Had any hostile text become a declaration, these would be redeclarations and the build would fail.
            "HostileClient": "struct Injected {}\nstruct InjectedProperty {}\nstruct InjectedPath {}\nstruct InjectedTag {}\n",
        ]
        for target in ["MemberClient", "EquatableMemberClient", "KeywordClient", "HostileClient"] + corpusTargets {
            let sources = folder.appendingPathComponent("Sources/\(target)")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            try Data(("// Written by the consumer, not by apigen.\n" + (consumerCode[target] ?? "")).utf8)
                .write(to: sources.appendingPathComponent("Consumer.swift"))
        }

        let generate = try runProcess(swift, ["run", "apigen"], in: folder)
        XCTAssertEqual(generate.status, 0, generate.stdout + generate.stderr)
        for target in ["EquatableMemberClient", "KeywordClient", "HostileClient"] + corpusTargets {
            let result = try runProcess(swift, ["run", "--skip-build", "apigen", "--config", "\(target).yml"], in: folder)
            XCTAssertEqual(result.status, 0, "\(target): " + result.stderr)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/MemberClient/Models/Member.swift").path))

        let build = try runProcess(swift, ["build"], in: folder)
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)
        // The generated clients link the thin core alone: neither the optional products, nor SQLite, nor swift-log
        // (only APIRuntimeMiddleware's LoggingMiddleware uses it) were compiled.
        let optionalModules = ["APIRuntimeMiddleware", "Logging", "APIRuntimeStore", "APIRuntimeOffline", "APIRuntimeDownloads", "APIRuntimeTesting", "APIRuntimeTracing", "Tracing", "CSQLite"]
        let built = try FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent(".build").path)
        XCTAssertTrue(built.contains { $0.contains("/APIRuntime.build/") && $0.hasSuffix(".o") }, "the thin core was compiled")
        // SwiftPM lays out a folder for every target of the graph; what counts is whether anything was compiled.
        for module in optionalModules {
            XCTAssertFalse(built.contains { ($0.contains("/\(module).build/") && $0.hasSuffix(".o")) || $0.hasSuffix("/\(module).swiftmodule") },
                           "\(module) was compiled for a consumer that depends only on APIRuntime")
        }
        XCTAssertFalse(built.contains { $0.hasSuffix("SQLiteStorage.swift.o") }, "SQLite storage was compiled into the core")
        let generatedImports = try Set(FileManager.default.subpathsOfDirectory(atPath: folder.appendingPathComponent("Sources").path)
            .filter { $0.hasSuffix(".swift") }
            .flatMap { path in
                try String(contentsOf: folder.appendingPathComponent("Sources").appendingPathComponent(path), encoding: .utf8)
                    .split(separator: "\n").filter { $0.hasPrefix("import ") || $0.contains(") import ") }.map(String.init)
            })
        XCTAssertEqual(generatedImports.filter { $0.contains("APIRuntime") }, ["@_spi(Generated) import APIRuntime"],
                       "generated code imports only the thin core, even with `queueable:` configured")
        let warnings = (build.stdout + build.stderr).split(separator: "\n").map(String.init).filter {
            $0.contains("warning:") && $0.contains("/Sources/") && !$0.contains("/checkouts/")
        }
        XCTAssertEqual(warnings, [String](), "generated code compiles without warnings")

        let check = try runProcess(swift, ["run", "--skip-build", "apigen", "--check"], in: folder)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Sources/MemberClient/Consumer.swift").path))
    }

    static let accessorKeywordSpec = """
        openapi: 3.0.3
        info: { title: Keywords, version: "1" }
        paths:
          /holder:
            get:
              operationId: getHolder
              responses:
                "200":
                  description: ok
                  content: { application/json: { schema: { $ref: '#/components/schemas/Holder' } } }
        components:
          schemas:
            Inner: { type: object, properties: { value: { type: string } } }
            Holder:
              type: object
              required: [read]
              properties:
                read: { $ref: '#/components/schemas/Inner' }
                modify: { $ref: '#/components/schemas/Inner' }
                get: { $ref: '#/components/schemas/Inner' }
                set: { $ref: '#/components/schemas/Inner' }
                willSet: { $ref: '#/components/schemas/Inner' }
                didSet: { $ref: '#/components/schemas/Inner' }
                init: { $ref: '#/components/schemas/Inner' }
                self: { $ref: '#/components/schemas/Inner' }
                value: { $ref: '#/components/schemas/Inner' }
                unsafeAddress: { $ref: '#/components/schemas/Inner' }

        """

    /// Line breaks, quotes, interpolation, comment terminators, bidi overrides and YAML number spellings in names,
    /// paths, tags, operationIds, descriptions, enum values, patterns and numeric keywords.
    static let hostileSpec = #"""
        openapi: 3.1.0
        info: { title: "Hostile \" */ \\( x", version: "1", description: "*/ \"\"\" \\(evil) \u202E" }
        servers:
          - url: "https://example.com/\nstruct Injected {}"
            description: "line\nstruct Injected {}"
        tags: [{ name: "tag\rstruct InjectedTag {}" }]
        paths:
          "/items/{id}\u2028struct InjectedPath {}":
            get:
              tags: ["tag\rstruct InjectedTag {}"]
              operationId: "list\nstruct Injected {}"
              parameters:
                - { name: id, in: path, required: true, schema: { type: string } }
                - { name: "q\"\\(x)", in: query, schema: { type: string } }
                - { name: X-Trace, in: header, description: "*/\nstruct Injected {}", schema: { type: string } }
              responses:
                "200":
                  description: "ok */"
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Item' }
          # Arguments spelled like types: in the body, `name` would be the argument, not the type `name`.
          "/shadow/{name}":
            post:
              operationId: shadow
              parameters:
                - { name: name, in: path, required: true, schema: { type: string } }
                - { name: 日本, in: query, schema: { type: string } }
                - { name: 2fa, in: query, schema: { type: string } }
              requestBody:
                content:
                  multipart/form-data:
                    schema: { type: object, properties: { form: { type: string }, __form: { type: string } } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Lower' } } } }
                "201": { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/日本' } } } }
                "202": { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/2fa' } } } }
        components:
          schemas:
            Item:
              type: object
              description: "Item */ \"\"\" \\(x) \nstruct Injected {}"
              properties:
                "name\nstruct InjectedProperty {}": { type: string, pattern: "^[a-z\"\\\\]+$" }
                "\"quoted\"": { type: string, enum: ["a\nb", "\\(x)", "*/", "class", "self", "\u202E"] }
                "price": { type: number, maximum: .5, minimum: +1.5e-3, multipleOf: 1. }
                "count": { type: integer, maximum: +12345678901234567890123, default: 3 }
                "ratio": { type: number, enum: [.25, -0.5, 1.] }
                "\u202Ename": { type: string }
                "ünïcode_ключ": { type: string }
                "context": { $ref: '#/components/schemas/ValidationContext' }
            ValidationContext: { type: object, properties: { n: { $ref: '#/components/schemas/JSONNumber' } } }
            JSONNumber: { type: number, minimum: .5 }
            ECMARegex: { type: string, pattern: "^[a-z]+$" }
            Lower: { type: object, properties: { a: { type: string } }, x-apigen-name: name }
            日本: { type: object, properties: { b: { type: string } } }
            2fa: { type: object, properties: { c: { type: string } } }
            # Unions that list each other: decoding goes through UnionRecursionGuard.
            Shape: { oneOf: [ { $ref: '#/components/schemas/Figure' }, { type: string } ] }
            Figure: { oneOf: [ { $ref: '#/components/schemas/Shape' }, { type: integer } ] }
        """#

    static func findSwift() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
