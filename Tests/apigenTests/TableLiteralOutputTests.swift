import Foundation
import XCTest

/// Validator tables are multi-line string literals, a row or a property name per line: names with a trailing space,
/// quotes (`"""` among them), backslashes and non-ASCII text must compile as the literal's text, and a name with a
/// line break must fall back to an array literal that compiles too. (Compiled with `swiftc -typecheck`: the literals'
/// content is checked at run time by `SchemaRuleTableTests`.)
final class TableLiteralOutputTests: XCTestCase {
    static let spec = #"""
        openapi: 3.0.3
        info: { title: Tables, version: '1' }
        paths:
          /a:
            get:
              operationId: getA
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Odd' } } } }
          /b:
            get:
              operationId: getB
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Broken' } } } }
        components:
          schemas:
            Odd:
              type: object
              required: ["trailing ", 'say """hi"""']
              properties:
                "trailing ": { type: string, maxLength: 3 }
                'say """hi"""': { type: boolean }
                'back\slash\': { type: string, pattern: '^[a-z]+$' }
                "日本語 \\(x)": { type: integer }
                "   ": { type: string, format: uri }
            Broken:
              type: object
              required: ["line\nbreak"]
              properties:
                "line\nbreak": { type: string }
                plain: { type: integer }
        """#

    func testTablesWithOddNamesCompile() throws {
        let swiftc = try XCTUnwrap(HostileOutputTests.findExecutable("swiftc"), "swiftc is not on PATH")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.spec.utf8).write(to: folder.appendingPathComponent("tables.yaml"))
        try Data("spec: tables.yaml\noutput: Generated\n".utf8).write(to: folder.appendingPathComponent("apigen.yml"))
        let generated = try apigen([], in: folder)
        XCTAssertEqual(generated.status, 0, generated.stderr)

        let output = folder.appendingPathComponent("Generated")
        let files = snapshot(output).mapValues { String(decoding: $0, as: UTF8.self) }
        let odd = try XCTUnwrap(files["Models/Odd.swift"])
        XCTAssertTrue(odd.contains("JSONPropertyTable(lines: \"\"\""), odd)
        XCTAssertTrue(odd.contains("SchemaRule.table(\"\"\""), odd)
        // Every row is in the one document: a non-ASCII pointer once cut the document name short (`in table`), since
        // the pointer's length in bytes was dropped from the location as a count of characters.
        XCTAssertEqual(odd.components(separatedBy: "            in ").count - 1, 1, odd)
        XCTAssertTrue(odd.contains("type=integer @/components/schemas/Odd/properties/日本語 \\\\(x)\n"), odd)
        let broken = try XCTUnwrap(files["Models/Broken.swift"])
        XCTAssertTrue(broken.contains(#"JSONPropertyTable(["line\nbreak", "plain"])"#), broken)

        let sources = files.keys.filter { $0.hasSuffix(".swift") }.sorted().map { output.appendingPathComponent($0).path }
        let modules = productsDirectory.appendingPathComponent("Modules")
        let result = try runProcess(swiftc, ["-typecheck", "-wmo", "-swift-version", "6", "-module-name", "TablesClient",
                                             "-I", modules.path, "-I", repositoryRoot.appendingPathComponent("Sources/CSQLite").path]
                                    + sources, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("warning:") }, [])
    }
}
