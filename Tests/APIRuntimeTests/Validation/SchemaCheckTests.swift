@_spi(Generated) import APIRuntime
import XCTest

final class SchemaCheckTests: XCTestCase {
    func testCodePointLengths() {
        XCTAssertEqual(SchemaCheck.codePointCount(""), 0)
        XCTAssertEqual(SchemaCheck.codePointCount("abc"), 3)
        XCTAssertEqual(SchemaCheck.codePointCount("😀"), 1)  // 2 UTF-16 units
        XCTAssertEqual(SchemaCheck.codePointCount("e\u{301}"), 2)  // 1 grapheme
        XCTAssertEqual(SchemaCheck.codePointCount("🇫🇷"), 2)
        XCTAssertTrue(SchemaCheck.hasLength("😀😀", atLeast: 2))
        XCTAssertFalse(SchemaCheck.hasLength("😀", atLeast: 2))
        XCTAssertTrue(SchemaCheck.hasLength("😀😀", atMost: 2))
        XCTAssertFalse(SchemaCheck.hasLength("😀😀😀", atMost: 2))
        XCTAssertTrue(SchemaCheck.hasLength("", atLeast: 0))
        XCTAssertTrue(SchemaCheck.hasLength("abcdefgh", atLeast: 2))
        XCTAssertFalse(SchemaCheck.hasLength("abcdefghijkl", atMost: 2))
    }

    func testEnumAndConst() {
        XCTAssertTrue(SchemaCheck.equals(1, 1.0))
        XCTAssertFalse(SchemaCheck.equals(true, 1))
        XCTAssertTrue(SchemaCheck.isOneOf(2.0, [1, 2, "3"]))
        XCTAssertFalse(SchemaCheck.isOneOf(false, [0, nil]))
        XCTAssertTrue(SchemaCheck.isOneOf("b", ["a", "b"]))
        XCTAssertFalse(SchemaCheck.isOneOf("e\u{301}", ["é"]))
    }

    func testUniqueItems() {
        XCTAssertNil(SchemaCheck.firstDuplicate(in: []))
        XCTAssertNil(SchemaCheck.firstDuplicate(in: [1, true, "1", [1], ["a": 1], nil, false, 0]))
        XCTAssertEqual(SchemaCheck.firstDuplicate(in: [1, 2, 1.0]).map { [$0.0, $0.1] }, [0, 2])
        XCTAssertEqual(SchemaCheck.firstDuplicate(in: [["a": 1, "b": 2], ["b": 2, "a": 1]]).map { [$0.0, $0.1] }, [0, 1])
        XCTAssertTrue(SchemaCheck.hasUniqueItems([[1, 2], [2, 1]]))
        let large = (0..<100).map { JSONInstance.number(JSONNumber($0)) }
        XCTAssertTrue(SchemaCheck.hasUniqueItems(large))
        XCTAssertEqual(SchemaCheck.firstDuplicate(in: large + [.number(JSONNumber("42.0")!)]).map { [$0.0, $0.1] }, [42, 100])
    }
}
