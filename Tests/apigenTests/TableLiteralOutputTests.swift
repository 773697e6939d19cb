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
        let folder = try generateInTemporaryFolder(spec: Self.spec, specName: "tables.yaml", output: "Generated")
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

        let result = try typecheck(swiftSources(under: output), moduleName: "TablesClient", in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.contains("warning:") }, [])
    }
}
