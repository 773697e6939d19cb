import Foundation
import XCTest

/// The example API generated with each `access:` level and type-checked with `swiftc` against the built APIRuntime:
/// `package` once emitted `@_spi(Generated) package` on validator entry points and the `SecuritySchemes` namespace,
/// which Swift rejects (`@_spi` is for public declarations only), so no package-level client compiled.
final class AccessLevelOutputTests: XCTestCase {
    func testEveryAccessLevelCompilesWithoutWarnings() throws {
        let swiftc = try XCTUnwrap(HostileOutputTests.findExecutable("swiftc"), "swiftc is not on PATH")
        for access in ["public", "package", "internal"] {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-access-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let spec = repositoryRoot.appendingPathComponent("api-spec")
            try Data("spec: \(spec.path)/openapi.yaml\noutput: Out\naccess: \(access)\nreferenceFolders: [\(spec.path)]\n".utf8)
                .write(to: folder.appendingPathComponent("apigen.yml"))
            let generated = try apigen([], in: folder)
            XCTAssertEqual(generated.status, 0, "\(access): \(generated.stderr)")

            let output = folder.appendingPathComponent("Out")
            let sources = snapshot(output).keys.filter { $0.hasSuffix(".swift") }.sorted().map { output.appendingPathComponent($0).path }
            let modules = productsDirectory.appendingPathComponent("Modules")
            let result = try runProcess(swiftc, ["-typecheck", "-wmo", "-swift-version", "6", "-module-name", "Members",
                                                 "-package-name", "members", "-I", modules.path,
                                                 "-I", repositoryRoot.appendingPathComponent("Sources/CSQLite").path] + sources, in: folder)
            XCTAssertEqual(result.status, 0, "\(access): \(result.stderr)")
            let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning:") }
            XCTAssertEqual(warnings, [], "\(access): generated code compiles without warnings")
            let text = snapshot(output).values.map { String(decoding: $0, as: UTF8.self) }.joined()
            XCTAssertEqual(text.contains("@_spi(Generated) public"), access == "public", access)
            XCTAssertTrue(access != "package" || text.contains("package enum SecuritySchemes"), "the example describes security schemes")
        }
    }
}
