@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class JSONValueTests: XCTestCase {
    func testIntegersStayInts() throws {
        XCTAssertEqual(try decodeJSON(JSONValue.self, "0"), .int(0))
        XCTAssertEqual(try decodeJSON(JSONValue.self, "1"), .int(1))
        XCTAssertEqual(try decodeJSON(JSONValue.self, "-42"), .int(-42))
        XCTAssertEqual(try decodeJSON(JSONValue.self, "9223372036854775807"), .int(.max))
    }

    func testBooleansStayBools() throws {
        // JSONDecoder must not read true/false as 1/0 nor 1/0 as true/false.
        XCTAssertEqual(try decodeJSON(JSONValue.self, "true"), .bool(true))
        XCTAssertEqual(try decodeJSON(JSONValue.self, "false"), .bool(false))
        XCTAssertEqual(try decodeJSON([JSONValue].self, "[true, 1, false, 0]"), [.bool(true), .int(1), .bool(false), .int(0)])
    }

    func testFractionsAndHugeNumbersAreDoubles() throws {
        XCTAssertEqual(try decodeJSON(JSONValue.self, "1.5"), .double(1.5))
        XCTAssertEqual(try decodeJSON(JSONValue.self, "-0.25"), .double(-0.25))
        XCTAssertEqual(try decodeJSON(JSONValue.self, "12345678901234567890"), .double(12_345_678_901_234_567_168))
    }

    func testOnePointZeroVersusOne() throws {
        // The values differ even though the numbers are equal.
        XCTAssertNotEqual(JSONValue.int(1), JSONValue.double(1.0))
        XCTAssertNotEqual(JSONValue.int(1).hashValue, JSONValue.double(1.0).hashValue)
        XCTAssertEqual(try decodeJSON(JSONValue.self, "1"), .int(1))
        // JSONDecoder does not say whether `1.0` had a fraction; whichever case comes back, the number is 1.
        let decoded = try decodeJSON(JSONValue.self, "1.0")
        XCTAssertEqual(decoded.doubleValue, 1.0)
        XCTAssertTrue(decoded == .int(1) || decoded == .double(1.0))
        XCTAssertEqual(try encodeJSON(JSONValue.double(1.5)), "1.5")
    }

    func testStringsNullArraysObjects() throws {
        XCTAssertEqual(try decodeJSON(JSONValue.self, #""1""#), .string("1"))
        XCTAssertEqual(try decodeJSON(JSONValue.self, "null"), .null)
        let value = try decodeJSON(JSONValue.self, #"{"a": [1, 2.5, "x", null, {"b": false}], "c": {}}"#)
        XCTAssertEqual(value, .object([
            "a": .array([.int(1), .double(2.5), .string("x"), .null, .object(["b": .bool(false)])]),
            "c": .object([:]),
        ]))
    }

    func testRoundTrip() throws {
        let value: JSONValue = ["name": "Ada", "age": 36, "score": 9.5, "admin": true, "tags": ["a", nil], "meta": [:]]
        let json = try encodeJSON(value)
        XCTAssertEqual(json, #"{"admin":true,"age":36,"meta":{},"name":"Ada","score":9.5,"tags":["a",null]}"#)
        XCTAssertEqual(try decodeJSON(JSONValue.self, json), value)
    }

    func testNullAsPropertyOfAStruct() throws {
        struct Holder: Codable, Equatable {
            var extra: JSONValue?
        }
        XCTAssertEqual(try decodeJSON(Holder.self, #"{"extra": {"k": [1]}}"#).extra, ["k": [1]])
        XCTAssertNil(try decodeJSON(Holder.self, "{}").extra)
    }

    func testLiteralsAndAccessors() {
        let value: JSONValue = ["list": [1, 2.5, "three", true, nil], "n": 7]
        XCTAssertEqual(value["n"]?.intValue, 7)
        XCTAssertEqual(value["n"]?.doubleValue, 7)
        XCTAssertEqual(value["list"]?[1]?.doubleValue, 2.5)
        XCTAssertEqual(value["list"]?[2]?.stringValue, "three")
        XCTAssertEqual(value["list"]?[3]?.boolValue, true)
        XCTAssertEqual(value["list"]?[4]?.isNull, true)
        XCTAssertNil(value["list"]?[5])
        XCTAssertNil(value["list"]?[-1])
        XCTAssertNil(value["missing"])
        XCTAssertNil(value[0])
        XCTAssertNil(JSONValue.string("x")["k"])
        XCTAssertEqual(value["list"]?.arrayValue?.count, 5)
        XCTAssertEqual(value.objectValue?.keys.sorted(), ["list", "n"])
        XCTAssertNil(JSONValue.int(1).stringValue)
        XCTAssertNil(JSONValue.string("1").intValue)
        XCTAssertEqual(JSONValue.null.kindName, "null")
        XCTAssertEqual(JSONValue.double(1).kindName, "number")
        XCTAssertEqual(JSONValue.int(1).kindName, "number")
        XCTAssertEqual(JSONValue.array([]).kindName, "array")
    }
}
