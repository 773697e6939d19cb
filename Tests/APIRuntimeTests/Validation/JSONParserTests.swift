@_spi(Generated) @testable import APIRuntime
import Foundation
import XCTest

final class JSONParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSONInstance {
        try JSONParser.parse(text)
    }

    private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            XCTFail("expected \(text.debugDescription) to be rejected", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func testScalars() throws {
        XCTAssertEqual(try parse("null"), .null)
        XCTAssertEqual(try parse(" true "), .bool(true))
        XCTAssertEqual(try parse("false"), .bool(false))
        XCTAssertEqual(try parse("\"hi\""), .string("hi"))
        XCTAssertEqual(try parse("-12.5e1"), .number(JSONNumber(-125)))
    }

    func testBooleansAreNotNumbers() throws {
        let value = try parse("[0, 1, true, false]")
        XCTAssertEqual(value, .array([.number(0), .number(1), .bool(true), .bool(false)]))
        XCTAssertNotEqual(JSONInstance.bool(true), .number(1))
        XCTAssertNotEqual(JSONInstance.bool(false), .number(0))
    }

    func testObjectsKeepDocumentOrderAndFirstDuplicateWins() throws {
        let value = try parse(#"{"b": 1, "a": 2, "b": 3}"#)
        guard case .object(let object) = value else { return XCTFail("not an object") }
        XCTAssertEqual(object.keys, ["b", "a"])
        XCTAssertEqual(object["b"], .number(1))
        XCTAssertEqual(object.count, 2)
    }

    /// The validator must check the value the model decodes: a repeated name resolves as `JSONDecoder` resolves it.
    func testRepeatedNamesResolveAsJSONDecoderResolvesThem() throws {
        struct Named: Decodable { var name: String }
        let small = #"{"name": "first", "x": 1, "name": "second"}"#
        var large = #"{"name": "first""#
        for index in 0..<40 { large += ", \"k\(index)\": \(index)" }
        large += #", "name": "second"}"#
        for text in [small, large] {
            let decoded = try JSONDecoder().decode(Named.self, from: Data(text.utf8))
            guard case .object(let object) = try parse(text) else { return XCTFail("not an object") }
            XCTAssertEqual(object["name"], .string(decoded.name), text)
        }
    }

    func testLargeObjectsUseTheIndexAndDeduplicate() throws {
        var text = "{"
        for index in 0..<40 { text += "\"k\(index)\": \(index), " }
        text += "\"k3\": \"repeat\"}"
        guard case .object(let object) = try parse(text) else { return XCTFail("not an object") }
        XCTAssertEqual(object.count, 40)
        XCTAssertEqual(object["k3"], .number(3))
        XCTAssertEqual(object["k39"], .number(39))
        XCTAssertEqual(object.keys.first, "k0")
        XCTAssertNil(object["nope"])
    }

    func testAnObjectOfOneRepeatedNameKeepsOneMember() throws {
        // Each repeat used to be removed by shifting the members after it: quadratic in the number of repeats.
        for count in [10, 100_000] {
            let text = "{" + Array(repeating: #""a": 1"#, count: count).joined(separator: ",") + #", "b": 2}"#
            guard case .object(let object) = try parse(text) else { return XCTFail("not an object") }
            XCTAssertEqual(object.keys, ["a", "b"])
            XCTAssertEqual(object["b"], .number(2))
        }
    }

    func testRepeatedMemberNamesOfEveryLengthKeepTheirOwnBytes() throws {
        // Names of 0 to 20 bytes (the key cache holds up to 16), names that differ only in their last byte or are
        // prefixes of each other, multi-byte UTF-8, and an escaped spelling of a plain name: every object of the
        // array must come back with exactly its own names, however often they repeat.
        var names = (0...20).map { String("abcdefghijklmnopqrstu".prefix($0)) }
        names += ["abcdefghijklmnoq", "abcdefgq", "i", "id", "ident", "ключ", "é", "名前名前名", "a b", "x\u{7F}"]
        let spelled = names.map { name -> String in
            name == "ab" ? #""a\u0062""# : "\"" + name.replacingOccurrences(of: "\u{7F}", with: "\\u007f") + "\""
        }
        let object = "{" + spelled.enumerated().map { "\($1): \($0)" }.joined(separator: ", ") + "}"
        let reversed = "{" + spelled.enumerated().reversed().map { "\($1): \($0)" }.joined(separator: ", ") + "}"
        let text = "[" + Array(repeating: object + ", " + reversed, count: 20).joined(separator: ", ") + "]"
        guard case .array(let items) = try parse(text) else { return XCTFail("not an array") }
        XCTAssertEqual(items.count, 40)
        for (position, item) in items.enumerated() {
            guard case .object(let parsed) = item else { return XCTFail("item \(position) is not an object") }
            XCTAssertEqual(parsed.keys, position % 2 == 0 ? names : names.reversed(), "item \(position)")
            for (index, name) in names.enumerated() {
                XCTAssertEqual(parsed[name], .number(JSONNumber(index)), "\(name) in item \(position)")
                XCTAssertEqual(parsed.position(ofKey: name, hash: JSONPropertyTable.hash(name)), parsed.position(ofKey: name))
            }
        }
    }

    func testManyDistinctMemberNamesSharingCacheSlots() throws {
        // 300 names over 64 slots: every slot is replaced many times, and each object must still get its names.
        let names = (0..<300).map { "field\($0)" }
        let object = "{" + names.map { "\"\($0)\": \"\($0)\"" }.joined(separator: ",") + "}"
        guard case .array(let items) = try parse("[" + object + "," + object + "]") else { return XCTFail("not an array") }
        for item in items {
            guard case .object(let parsed) = item else { return XCTFail("not an object") }
            XCTAssertEqual(parsed.keys, names)
            XCTAssertTrue(parsed.allSatisfy { $0.value == .string($0.key) })
        }
        // Names at the very end of the input, where fewer than 16 bytes follow them, are not cached but parsed alike.
        XCTAssertEqual(try parse(#"{"a":1}"#), try parse(#"{"a" : 1 }"#))
        guard case .object(let tail) = try parse(#"{"abcdefghijklmnop":{"abcdefghijklmnop":1}}"#) else { return XCTFail() }
        XCTAssertEqual(tail.keys, ["abcdefghijklmnop"])
    }

    func testKeyCacheWordsHoldOnlyTheNameBytes() {
        let bytes = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        bytes.withUnsafeBytes { raw in
            for length in 0...16 {
                let (low, high) = JSONKeyCache.words(raw.baseAddress!, length: length)
                var expected = [UInt8](repeating: 0, count: 16)
                expected.replaceSubrange(0..<length, with: bytes[0..<length])
                let words = expected.withUnsafeBytes { ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
                XCTAssertEqual(low, UInt64(littleEndian: words.0), "length \(length)")
                XCTAssertEqual(high, UInt64(littleEndian: words.1), "length \(length)")
            }
        }
    }

    func testStringEscapes() throws {
        XCTAssertEqual(try parse(#""a\"b\\c\/d\b\f\n\r\t""#), .string("a\"b\\c/d\u{8}\u{C}\n\r\t"))
        XCTAssertEqual(try parse(#""\u00e9\u4e2d\ud83d\ude00""#), .string("é中😀"))
        XCTAssertEqual(try parse(#""\u0000""#), .string("\u{0}"))
        XCTAssertEqual(try parse("\"héllo wörld, this is a longer string ✓\""), .string("héllo wörld, this is a longer string ✓"))
        XCTAssertEqual(try parse("\"0123456789abcdef0123456789\\n\""), .string("0123456789abcdef0123456789\n"))
    }

    func testSpecialBytesAtEveryPositionOfTheWordScan() throws {
        // The scanner reads eight bytes at a time and jumps to the first that needs attention: put each kind of
        // special byte at every offset of two words, with plain text on both sides.
        for offset in 0..<17 {
            let prefix = String(repeating: "a", count: offset), suffix = String(repeating: "z", count: 9)
            XCTAssertEqual(try parse("[\"\(prefix)\",\"\(suffix)\"]"), .array([.string(prefix), .string(suffix)]), "quote at \(offset)")
            XCTAssertEqual(try parse("\"\(prefix)\\n\(suffix)\""), .string(prefix + "\n" + suffix), "escape at \(offset)")
            XCTAssertEqual(try parse("\"\(prefix)é✓😀\(suffix)\""), .string(prefix + "é✓😀" + suffix), "non-ASCII at \(offset)")
            let control = parseError("\"\(prefix)\u{1F}\(suffix)\"")
            XCTAssertEqual(control?.message, "unescaped control character U+001F in a string")
            XCTAssertEqual(control?.offset, offset + 1, "control character at \(offset)")
            let invalid = try? JSONParser().parse(Array("\"\(prefix)".utf8) + [0xFF] + Array("\(suffix)\"".utf8))
            XCTAssertNil(invalid, "invalid UTF-8 at \(offset)")
            XCTAssertEqual(parseError("\"\(prefix)")?.message, "unterminated string")
        }
    }

    func testStrictStringErrors() {
        XCTAssertEqual(parseError("\"a\u{1}b\"")?.message, "unescaped control character U+0001 in a string")
        XCTAssertEqual(parseError(#""\x""#)?.message, "invalid escape '\\x' in a string")
        XCTAssertEqual(parseError(#""\ud83d""#)?.message, "unpaired high surrogate \\uD83D in a string")
        XCTAssertEqual(parseError(#""\ude00""#)?.message, "unpaired low surrogate \\uDE00 in a string")
        XCTAssertEqual(parseError(#""\u12g4""#)?.message, "invalid \\u escape: expected four hexadecimal digits")
        XCTAssertEqual(parseError("\"abc")?.message, "unterminated string")
    }

    func testInvalidUTF8IsRejected() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22]] {
            XCTAssertThrowsError(try JSONParser().parse(bytes)) { error in
                XCTAssertEqual((error as? JSONParseError)?.message, "invalid UTF-8 in a string")
            }
        }
    }

    func testNumberGrammar() {
        for bad in ["01", "-", "1.", ".5", "1e", "1e+", "+1", "0x10", "NaN", "Infinity", "-01", "1.e5"] {
            XCTAssertThrowsError(try parse(bad), bad)
        }
        for good in ["0", "-0", "0.5", "1E5", "1e-5", "1.25E+3", "123456789012345678901234567890"] {
            XCTAssertNoThrow(try parse(good), good)
        }
    }

    func testStructuralErrorsCarryLineAndColumn() {
        let error = parseError("{\n  \"a\": 1,\n  \"b\" 2\n}")
        XCTAssertEqual(error?.line, 3)
        XCTAssertEqual(error?.column, 7)
        XCTAssertEqual(error?.offset, 18)
        XCTAssertEqual(error?.message, "unexpected '2', expected ':' after a member name")
        XCTAssertEqual(error?.description, "line 3, column 7 (byte 18): unexpected '2', expected ':' after a member name")
    }

    func testRejectsNonStandardSyntax() {
        XCTAssertNotNil(parseError("[1, 2,]"))
        XCTAssertNotNil(parseError(#"{"a": 1,}"#))
        XCTAssertNotNil(parseError("{'a': 1}"))
        XCTAssertNotNil(parseError("[1] // comment"))
        XCTAssertNotNil(parseError("tru"))
        XCTAssertNotNil(parseError(""))
        XCTAssertNotNil(parseError("   "))
        XCTAssertEqual(parseError("[1] 2")?.message, "unexpected '2' after the JSON value")
        XCTAssertNotNil(parseError("[1\u{A0}]"))
    }

    func testNestingLimit() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        XCTAssertEqual(parseError(deep)?.message, "nesting deeper than 512 arrays and objects")
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        XCTAssertNoThrow(try JSONParser(maxDepth: 100).parse(fine))
        XCTAssertThrowsError(try JSONParser(maxDepth: 99).parse(fine))
    }

    func testDefaultDepthLimitFitsASmallThreadStack() {
        // 512 KiB is the default stack of secondary threads on Apple platforms.
        let text = String(repeating: #"{"a":["#, count: 256) + String(repeating: "]}", count: 256)
        let done = expectation(description: "parsed")
        let outcomes = Locked<[Bool]>([])
        let thread = Thread {
            let deepest = Result { () throws(JSONParseError) in try JSONParser.parse(text) }
            let tooDeep = Result { () throws(JSONParseError) in try JSONParser.parse("[" + text + "]") }
            outcomes.withLock { $0 = [(try? deepest.get()) != nil, (try? tooDeep.get()) == nil] }
            done.fulfill()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        wait(for: [done], timeout: 30)
        XCTAssertEqual(outcomes.withLock { $0 }, [true, true])
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(1)]))
    }

    func testDataInput() throws {
        let data = Data(#"{"items": [{"id": 1}, {"id": 2.0}]}"#.utf8)
        let value = try JSONParser.parse(data)
        XCTAssertEqual(value["items"]?[1]?["id"], .number(2))
        XCTAssertEqual(value["items"]?[1]?["id"]?.numberValue?.hasFractionOrExponent, true)
    }

    func testErrorAfterPartialArrayDoesNotLeak() {
        // Exercises the scratch stacks' cleanup on the error path.
        XCTAssertNotNil(parseError(#"[{"a": [1, 2, {"b": "x"}], "c": [true, nul"#))
    }
}
