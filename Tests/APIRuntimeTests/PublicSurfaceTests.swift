import Foundation
import XCTest

/// The thin core's public API as an app sees it, read from outside: the symbol graph `swift-symbolgraph-extract`
/// writes for the built `APIRuntime` module (SPI symbols are left out of it, as they are out of an app's
/// completion and documentation). Generated-code-only API must not be in it, and the number of public types may
/// only go down (Docs/Runtime.md, "Public surface").
final class PublicSurfaceTests: XCTestCase {
    /// Top-level public types of the core today; lower it when types leave the core, never raise it silently.
    static let maximumPublicTypes = 43

    /// Types generated code calls and apps never need: behind `@_spi(Generated)`.
    static let generatedOnlyTypes: Set<String> = [
        "RequestBuilder", "ParameterStyle", "WireKey", "EnvelopeFormat", "ValidationContext", "AnnotationScope",
        "EvaluatedLocations", "SchemaCheck", "JSONInstance", "JSONObject", "JSONPropertyTable", "JSONSchemaFormat",
        "JSONTypeSet", "JSONNumber", "ECMARegex", "ECMARegexError", "InstancePathComponent", "UnionRecursionGuard",
        "DateTimeCoding", "JSONParser", "JSONParseError", "JSONSequenceSplitter", "JSONSequenceFormat", "ServerSentEventParser",
        "ValidationMessage", "CredentialRefresh", "SecurityRequirement", "SecurityScheme", "Indirect", "ServerURL",
        "ValidationMode", "ValidationOptions", "SystemClock",
    ]

    /// Members generated methods and `init(from:)` bodies call, by symbol-graph name.
    static let generatedOnlyMembers: Set<String> = [
        "APIClient.validateResponse(_:operation:mode:options:request:calledAt:validator:)",
        "APIClient.decodeRequiredEnvelope(_:from:operation:format:)", "APIClient.checkEnvelopeStatus(of:operation:format:)",
        "APIClient.decode(_:from:operation:)", "KeyedDecodingContainer.decodeDateTime(forKey:)",
        "KeyedDecodingContainer.decodeFirst(_:forKeys:)", "KeyedEncodingContainer.encodeNullable(_:forKey:)",
        "KeyedEncodingContainer.encodeIdentifier(_:asInteger:forKey:)", "JSONValue.init(_:)", "OperationInfo.security", "ResponseValidationFailure.mode",
    ]

    func testGeneratedOnlyAPIIsNotPublic() throws {
        let symbols = try Self.publicSymbols()
        let types = Set(symbols.filter { $0.isType && $0.path.count == 1 }.map { $0.path[0] })
        XCTAssertEqual(types.intersection(Self.generatedOnlyTypes), [], "generated-code-only types are public")
        let members = Set(symbols.map { $0.path.joined(separator: ".") })
        XCTAssertEqual(members.intersection(Self.generatedOnlyMembers), [], "generated-code-only members are public")
        // The check must see the module at all: app-facing API is there.
        XCTAssertTrue(types.isSuperset(of: ["APIClient", "Nullable", "JSONValue", "URLSessionTransport"]), "\(types.sorted())")
        XCTAssertTrue(members.contains("APIClient.send(_:operation:)"), "the built-request send stays public")
    }

    func testPublicTypesAreFewAndDocumented() throws {
        let types = try Self.publicSymbols().filter { $0.isType && $0.path.count == 1 }
        print("APIRuntime: \(types.count) public top-level types: \(types.map { $0.path[0] }.sorted().joined(separator: ", "))")
        XCTAssertLessThanOrEqual(types.count, Self.maximumPublicTypes, "the core's public surface grew")
        XCTAssertEqual(types.filter { !$0.isDocumented }.map { $0.path[0] }, [], "public types without a /// comment")
    }

    // MARK: - Reading the symbol graph

    struct Symbol {
        var path: [String]
        var kind: String
        var isDocumented: Bool
        var isType: Bool { ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.actor", "swift.typealias"].contains(kind) }
    }

    /// Every public symbol of `APIRuntime` and of its extensions to other modules' types.
    static func publicSymbols() throws -> [Symbol] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let modules = try XCTUnwrap(modulesDirectory(), "no built APIRuntime.swiftmodule next to the test bundle")
        let extract = try XCTUnwrap(toolchainTool("swift-symbolgraph-extract"), "swift-symbolgraph-extract is not next to swift on PATH")
        let triple = try targetTriple()
        let result = try run(extract, ["-module-name", "APIRuntime", "-I", modules.path, "-target", triple,
                                       "-minimum-access-level", "public", "-output-dir", output.path])
        XCTAssertEqual(result.status, 0, result.output)
        var symbols: [Symbol] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasPrefix("APIRuntime") {
            let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent(file))) as? [String: Any]
            for symbol in graph?["symbols"] as? [[String: Any]] ?? [] {
                let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? ""
                symbols.append(Symbol(path: symbol["pathComponents"] as? [String] ?? [], kind: kind,
                                      isDocumented: symbol["docComment"] != nil))
            }
        }
        return symbols
    }

    /// `Modules/` of the build folder this test bundle was built into.
    static func modulesDirectory() -> URL? {
        var candidates = [Bundle.main.bundleURL]
        candidates += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        for candidate in candidates {
            let folder = candidate.pathExtension == "xctest" ? candidate.deletingLastPathComponent() : candidate
            for modules in [folder.appendingPathComponent("Modules"), folder] {
                if FileManager.default.fileExists(atPath: modules.appendingPathComponent("APIRuntime.swiftmodule").path) {
                    return modules
                }
            }
        }
        return nil
    }

    static func toolchainTool(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    static func targetTriple() throws -> String {
        let swiftc = try XCTUnwrap(toolchainTool("swiftc"), "swiftc is not on PATH")
        let info = try run(swiftc, ["-print-target-info"])
        let json = try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any]
        return try XCTUnwrap((json?["target"] as? [String: Any])?["triple"] as? String, info.output)
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
