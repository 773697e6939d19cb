@testable import APIGenCore
import XCTest

/// Loading: YAML and JSON into located nodes.
final class SourceDocumentTests: XCTestCase {
    private func load(_ text: String, path: String = "doc.yaml") throws -> SpecNode {
        try SourceDocument.load(bytes: Array(text.utf8), path: path).root
    }

    func testIntegerKeysBecomeStringsAndScalarsResolveByCoreSchema() throws {
        let root = try load("responses:\n  200:\n    description: ok\nflag: yes\nn: 12\nd: 1.50\nz: null\nq: '12'\n")
        XCTAssertEqual(root["responses"]?["200"]?["description"]?.string, "ok")
        XCTAssertEqual(root["flag"]?.string, "yes", "YAML 1.1 booleans like `yes` stay strings")
        XCTAssertEqual(root["n"]?.scalar, .int(12))
        XCTAssertEqual(root["d"]?.scalar, .double(1.5, text: "1.50"))
        XCTAssertEqual(root["z"]?.scalar, .null)
        XCTAssertEqual(root["q"]?.scalar, .string("12"))
    }

    func testAnchorsAndMergeKeysWithExplicitKeysWinning() throws {
        let root = try load("""
            base: &base
              a: 1
              b: 2
            derived:
              <<: *base
              b: 3
            """)
        let derived = try XCTUnwrap(root["derived"])
        XCTAssertEqual(derived["a"]?.scalar, .int(1))
        XCTAssertEqual(derived["b"]?.scalar, .int(3))
        XCTAssertEqual(derived.entries?.map(\.key), ["b", "a"])
    }

    func testLocationsAndPointers() throws {
        let root = try load("paths:\n  /a/b:\n    get:\n      summary: x\n")
        let summary = try XCTUnwrap(root["paths"]?["/a/b"]?["get"]?["summary"])
        XCTAssertEqual(summary.location, SourceLocation(file: "doc.yaml", line: 4, column: 16))
        XCTAssertEqual(summary.pointer, "/paths/~1a~1b/get/summary")
    }

    func testJSONLocationsNumbersAndEscapes() throws {
        let root = try load("{\n  \"a\": [1, 2.5e1, \"\\u00e9\\ud83d\\ude00\"],\n  \"b\": {\"c\": true}\n}", path: "doc.json")
        XCTAssertEqual(root["a"]?.elements?[0].scalar, .int(1))
        XCTAssertEqual(root["a"]?.elements?[1].number, 25)
        XCTAssertEqual(root["a"]?.elements?[2].string, "é😀")
        XCTAssertEqual(root["b"]?["c"]?.location, SourceLocation(file: "doc.json", line: 3, column: 14))
        XCTAssertEqual(root["b"]?["c"]?.pointer, "/b/c")
    }

    func testMalformedYAMLReportsPosition() {
        XCTAssertThrowsError(try load("a: [1, 2\nb: 3\n")) { error in
            let diagnostic = error as? Diagnostic
            XCTAssertEqual(diagnostic?.severity, .error)
            XCTAssertEqual(diagnostic?.location?.file, "doc.yaml")
            XCTAssertTrue(diagnostic?.message.hasPrefix("invalid YAML:") ?? false, "\(error)")
        }
    }

    func testMalformedJSONPinned() {
        XCTAssertThrowsError(try load("{\"a\": 1,\n \"b\" 2}", path: "x.json")) { error in
            XCTAssertEqual((error as? Diagnostic)?.description, "x.json:2:6: error: invalid JSON: expected ':' after key")
        }
    }

    func testDuplicateKeysAreErrors() {
        XCTAssertThrowsError(try load("a: 1\na: 2\n"))
    }

    func testAliasBombIsStopped() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            yaml += "a\(level): &a\(level) [\(refs)]\n"
        }
        XCTAssertThrowsError(try load(yaml)) { error in
            XCTAssertTrue("\(error)".contains("expands to more than"), "\(error)")
        }
    }

    /// Editors on Windows write a byte order mark; the first key right after it was read as `\u{FEFF}openapi`.
    func testAByteOrderMarkBeforeTheFirstKeyIsSkipped() throws {
        for text in ["\u{FEFF}openapi: 3.1.0\ninfo: {title: t}\n", "\u{FEFF}openapi: 3.1.0\r\ninfo: {title: t}\r\n"] {
            let root = try load(text)
            XCTAssertEqual(root["openapi"]?.string, "3.1.0", text.debugDescription)
            XCTAssertEqual(root["info"]?["title"]?.string, "t")
            XCTAssertEqual(root["info"]?.location.line, 2, "lines are counted as before")
        }
        let config = GeneratorConfig.parse(bytes: Array("\u{FEFF}spec: api.yaml\noutput: Out\n".utf8), path: "apigen.yml")
        XCTAssertEqual(config.diagnostics.map(\.message), [])
        XCTAssertEqual(config.config?.output, "Out")
    }

    func testNonUTF8IsAnError() {
        XCTAssertThrowsError(try SourceDocument.load(bytes: [0x61, 0xFF, 0xFE], path: "bad.yaml")) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "the file is not valid UTF-8")
        }
        let littleEndian: [UInt8] = "openapi: 3.1.0\n".utf16.flatMap { (unit: UInt16) -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let utf16: [UInt8] = [0xFF, 0xFE] + littleEndian
        XCTAssertThrowsError(try SourceDocument.load(bytes: utf16, path: "windows.yaml")) { error in
            XCTAssertEqual((error as? Diagnostic)?.message, "the file is UTF-16; save it as UTF-8")
        }
    }

    func testAliasesTakeThePointerOfWhereTheyAreUsed() throws {
        let root = try load("""
            defs:
              thing: &thing
                type: object
                properties: {id: {type: integer}}
            uses:
              - *thing
            """)
        let used = try XCTUnwrap(root["uses"]?.elements?.first?["properties"]?["id"]?["type"])
        XCTAssertEqual(used.string, "integer")
        XCTAssertEqual(used.pointer, "/uses/0/properties/id/type")
        XCTAssertEqual(used.location, SourceLocation(file: "doc.yaml", line: 4, column: 29), "the location is where the anchor is written")
        XCTAssertEqual(root["defs"]?["thing"]?["properties"]?["id"]?["type"]?.pointer, "/defs/thing/properties/id/type")
    }

    func testMergeKeyWithAListOfMappingsAndEscapedPointers() throws {
        let root = try load("""
            a: &a {x~y: 1, p: 1}
            b: &b {z/w: 2, p: 2}
            c:
              <<: [*a, *b]
              p: 3
            """)
        let merged = try XCTUnwrap(root["c"])
        XCTAssertEqual(merged.entries?.map(\.key), ["p", "x~y", "z/w"], "explicit keys first, then the first source wins")
        XCTAssertEqual(merged["p"]?.scalar, .int(3))
        XCTAssertEqual(merged["x~y"]?.pointer, "/c/x~0y")
        XCTAssertEqual(merged["z/w"]?.pointer, "/c/z~1w")
    }

    func testQuotedScalarsStayStringsAndPlainOnesResolve() throws {
        let root = try load("a: \"1\"\nb: '~'\nc: ~\nd: true\ne: |\n  text\nf: -2.5e3\n")
        XCTAssertEqual(root["a"]?.scalar, .string("1"))
        XCTAssertEqual(root["b"]?.scalar, .string("~"))
        XCTAssertEqual(root["c"]?.scalar, .null)
        XCTAssertEqual(root["d"]?.scalar, .bool(true))
        XCTAssertEqual(root["e"]?.scalar, .string("text\n"))
        XCTAssertEqual(root["f"]?.number, -2500)
    }

    func testYAMLErrorsArePinned() {
        func message(_ text: String) -> String {
            do {
                _ = try load(text)
                return "no error"
            } catch {
                return (error as? Diagnostic)?.description ?? "\(error)"
            }
        }
        XCTAssertEqual(message("a: 1\na: 2\n"), "doc.yaml:2:1: error: duplicate key 'a' in mapping")
        XCTAssertEqual(message("a: *nowhere\n"), "doc.yaml:1:4: error: invalid YAML: found undefined alias 'nowhere'")
        XCTAssertEqual(message("a: 1\n---\nb: 2\n"),
                       "doc.yaml:2:1: error: invalid YAML: but found another document (expected a single document in the stream)")
        XCTAssertEqual(message("? [a, b]\n: 1\n"), "doc.yaml:1:3: error: a mapping key must be a string, a number or a boolean, not a collection")
        XCTAssertEqual(message("a: [1, 2\nb: 3\n"),
                       "doc.yaml:2:2: error: invalid YAML: did not find expected ',' or ']' (while parsing a flow sequence)")
        XCTAssertEqual(message("a: 1\nb: x\u{01}y\n"), "doc.yaml:2:5: error: invalid YAML input: control characters are not allowed")
        XCTAssertEqual(message("# only a comment\n"), "doc.yaml:1:1: error: the document is empty")
        XCTAssertEqual(message("a: &x [1]\nb: {<<: *x}\n"), "doc.yaml:1:8: error: a merge key '<<' must refer to a mapping or a list of mappings")
    }
}
