@_spi(Generated) import APIRuntime
import XCTest

final class JSONInstanceTests: XCTestCase {
    func testJSONSchemaEquality() {
        XCTAssertEqual(JSONInstance.number(1), .number(JSONNumber("1.0")!))
        XCTAssertNotEqual(JSONInstance.bool(true), .number(1))
        XCTAssertNotEqual(JSONInstance.bool(false), .number(0))
        XCTAssertNotEqual(JSONInstance.null, .bool(false))
        XCTAssertNotEqual(JSONInstance.string("1"), .number(1))
        XCTAssertEqual(JSONInstance.array([1, "a"]), [1.0, "a"])
        XCTAssertNotEqual(JSONInstance.array([1, 2]), [2, 1])
        XCTAssertEqual(JSONInstance.object(["a": 1, "b": 2]), .object(["b": 2, "a": 1]))
        XCTAssertNotEqual(JSONInstance.array([false]), [0])
        XCTAssertNotEqual(JSONInstance.object(["a": false]), .object(["a": 0]))
    }

    func testStringsCompareByCodePoints() {
        XCTAssertNotEqual(JSONInstance.string("é"), .string("e\u{301}"))  // Swift's == would say equal
        XCTAssertNotEqual(JSONInstance.string("é").hashValue, JSONInstance.string("e\u{301}").hashValue)
        XCTAssertTrue(JSONInstance.sameCodePoints("abc", "abc"))
        XCTAssertFalse(JSONInstance.sameCodePoints("abc", "abd"))
        XCTAssertFalse(JSONInstance.sameCodePoints("é", "e\u{301}"))
    }

    func testHashingMatchesEquality() {
        let values: Set<JSONInstance> = [1, 1.0, "1", true, nil, [1], [1.0], ["a": 1], ["a": 1.0]]
        XCTAssertEqual(values.count, 6)
    }

    func testAccessors() {
        let value: JSONInstance = ["a": [1, "x", true, nil]]
        XCTAssertEqual(value["a"]?[1]?.stringValue, "x")
        XCTAssertEqual(value["a"]?[0]?.numberValue, 1)
        XCTAssertEqual(value["a"]?[2]?.boolValue, true)
        XCTAssertEqual(value["a"]?[3]?.isNull, true)
        XCTAssertNil(value["a"]?[4])
        XCTAssertNil(value["b"])
        XCTAssertNil(value[0])
        XCTAssertEqual(value.objectValue?.count, 1)
        XCTAssertEqual(value["a"]?.arrayValue?.count, 4)
        XCTAssertEqual(JSONInstance.number(JSONNumber("1.0")!).typeName, "integer")
        XCTAssertEqual(JSONInstance.number(1.5).typeName, "number")
        XCTAssertEqual(JSONInstance.bool(true).typeName, "boolean")
    }

    func testJSONValueConversions() {
        let value: JSONValue = ["n": 1, "d": 0.1, "s": "x", "a": [true, nil]]
        let instance = JSONInstance(value)
        XCTAssertEqual(instance["d"], .number(JSONNumber("0.1")!))
        XCTAssertEqual(instance["n"], 1)
        XCTAssertEqual(JSONValue(instance), value)
        XCTAssertEqual(JSONValue(.number(JSONNumber("1e30")!)), .double(1e30))
        XCTAssertEqual(JSONValue(.number(JSONNumber("2.0")!)), .int(2))
    }
}
