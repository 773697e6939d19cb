@_spi(Generated) import APIRuntime
import XCTest

final class JSONObjectTests: XCTestCase {
    func testOrderAndLastValueWins() {
        let object = JSONObject([("b", 1), ("a", 2), ("b", 3)])
        XCTAssertEqual(object.keys, ["b", "a"])
        XCTAssertEqual(object["b"], 3)
        XCTAssertEqual(object.count, 2)
        XCTAssertTrue(object.contains(key: "a"))
        XCTAssertFalse(object.contains(key: "c"))
        XCTAssertEqual(object.position(ofKey: "a"), 1)
        XCTAssertEqual(object[1].key, "a")
    }

    func testLargeObjectsAreIndexed() {
        let object = JSONObject((0..<100).map { ("key\($0)", JSONInstance.number(JSONNumber($0))) })
        XCTAssertEqual(object["key57"], .number(57))
        XCTAssertNil(object["key100"])
        XCTAssertEqual(object.position(ofKey: "key99", hash: JSONPropertyTable.hash("key99")), 99)
    }

    func testStructuralEqualityIgnoresOrder() {
        let first: JSONObject = ["a": 1, "b": [true, nil]]
        let second: JSONObject = ["b": [true, nil], "a": 1.0]
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.hashValue, second.hashValue)
        XCTAssertNotEqual(first, ["a": 1])
        XCTAssertNotEqual(first, ["a": 1, "c": [true, nil]])
    }

    func testMembersCarryTheirKeyHash() throws {
        guard case .object(let parsed) = try JSONParser.parse(#"{"id": 1, "n\u00e9": 2}"#) else { return XCTFail("not an object") }
        XCTAssertEqual(parsed[0].keyHash, JSONPropertyTable.hash("id"))
        XCTAssertEqual(parsed[1].keyHash, JSONPropertyTable.hash("né"))
        XCTAssertEqual(JSONObject.Member(key: "id", value: 1).keyHash, JSONPropertyTable.hash("id"))
    }
}
