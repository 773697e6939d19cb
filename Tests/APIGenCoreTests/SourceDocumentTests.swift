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

    func testNonUTF8IsAnError() {
        XCTAssertThrowsError(try SourceDocument.load(bytes: [0x61, 0xFF, 0xFE], path: "bad.yaml"))
    }
}
