import Foundation
import XCTest

/// A description's generated client compiled with `swiftc` against the built APIRuntime into a small program with a
/// driver `main.swift`, and run: how tests exercise generated code from outside, as an app would.
struct GeneratedProgram {
    /// The compiler's warnings (under AddressSanitizer the linker's warnings about the sanitizer's own symbols aside).
    let warnings: [String]
    /// What the program printed, line by line.
    let lines: [String]
    let run: ProcessResult

    /// Driver code for programs whose transport records what it was asked to send: a `Recorder` of lines, safe to
    /// call from any task.
    static let recorderSource = #"""
        final class Recorder: @unchecked Sendable {
            private let lock = NSLock()
            private var lines: [String] = []
            func record(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
            var recorded: [String] { lock.lock(); defer { lock.unlock() }; return lines }
        }
        """#

    /// Driver code for programs whose transport answers by test case: a middleware that names the case in the
    /// request's `X-Case` header field (`CaseMiddleware(name:)`), so one transport can script every case.
    static let caseMiddlewareSource = #"""
        struct CaseMiddleware: ClientMiddleware {
            let name: String
            func intercept(_ request: APIRequest, operation: OperationInfo,
                           next: @Sendable (APIRequest) async throws -> APIResponse) async throws -> APIResponse {
                var request = request
                request.headerFields[HTTPField.Name("X-Case")!] = name
                return try await next(request)
            }
        }
        """#

    /// Driver code for the transport those programs script: `ScriptedTransport(cases:)` answers each request with the
    /// status, header fields and body of the case its `X-Case` header names (599 without a body for another name).
    static let scriptedTransportSource = #"""
        struct ScriptedTransport: HTTPTransport {
            let cases: [String: (Int, [(String, String)], String)]

            func send(_ request: APIRequest) async throws -> APIResponse {
                let name = request.headerFields[HTTPField.Name("X-Case")!] ?? ""
                let (status, headers, body) = cases[name] ?? (599, [], "")
                var fields = HTTPFields()
                for (field, value) in headers { fields.append(HTTPField(name: HTTPField.Name(field)!, value: value)) }
                return APIResponse(status: status, headerFields: fields, body: Data(body.utf8))
            }
        }
        """#

    /// Generates `spec` (YAML) into `Generated/`, with `configuration` lines added to its apigen.yml, compiles it with
    /// `driver`, and runs the program.
    init(spec: String, driver: String, configuration: String = "", file: StaticString = #filePath, line: UInt = #line) throws {
        let swiftc = try XCTUnwrap(HostileOutputTests.findExecutable("swiftc"), "swiftc is not on PATH")
        let objects = try Self.runtimeObjects()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-program-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(spec.utf8).write(to: folder.appendingPathComponent("api.yaml"))
        try Data("spec: api.yaml\noutput: Generated\n\(configuration)".utf8).write(to: folder.appendingPathComponent("apigen.yml"))
        let generated = try apigen([], in: folder)
        XCTAssertEqual(generated.status, 0, generated.stderr, file: file, line: line)
        try Data(driver.utf8).write(to: folder.appendingPathComponent("main.swift"))

        let output = folder.appendingPathComponent("Generated")
        let sources = snapshot(output).keys.filter { $0.hasSuffix(".swift") }.sorted().map { output.appendingPathComponent($0).path }
        let modules = productsDirectory.appendingPathComponent("Modules")
        let program = folder.appendingPathComponent("driver")
        let build = try runProcess(swiftc, ["-swift-version", "6", "-module-name", "Driver", "-I", modules.path]
                                   + sources + ["main.swift"] + objects + Self.sanitizerFlags + ["-o", program.path], in: folder)
        XCTAssertEqual(build.status, 0, build.stderr, file: file, line: line)
        warnings = build.stderr.split(separator: "\n").map(String.init)
            .filter { $0.contains("warning:") && !$0.contains("ld.gold: warning:") }
        run = try runProcess(program, [], in: folder)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        lines = run.stdout.split(separator: "\n").map(String.init)
    }

    /// The runtime's objects come from this test's own build: under `swift test --sanitize=thread` (or `address`)
    /// they call the sanitizer's runtime, so the program linking them must be built with the same sanitizer.
    private static var sanitizerFlags: [String] {
        [("__tsan_init", "thread"), ("__asan_init", "address")]
            .filter { dlsym(nil, $0.0) != nil }.map { "-sanitize=\($0.1)" }
    }

    /// The object files of APIRuntime and its one dependency, from the test product's link list (a folder's `*.o`
    /// may hold stale objects of files since moved).
    private static func runtimeObjects() throws -> [String] {
        let products = try FileManager.default.contentsOfDirectory(atPath: productsDirectory.path)
            .filter { $0.hasSuffix("PackageTests.product") }
        guard let product = products.first else {
            throw XCTSkip("no *PackageTests.product in \(productsDirectory.path): the link list exists only for SwiftPM builds on Linux")
        }
        let list = try String(contentsOf: productsDirectory.appendingPathComponent(product).appendingPathComponent("Objects.LinkFileList"),
                              encoding: .utf8)
        let objects = list.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")) }
            .filter { $0.contains("/APIRuntime.build/") || $0.contains("/HTTPTypes.build/") }
        XCTAssertFalse(objects.isEmpty, "APIRuntime's objects are in the link list")
        XCTAssertTrue(objects.contains { $0.contains("/HTTPTypes.build/") }, "so are those of its one dependency, swift-http-types")
        return objects
    }
}
