@_spi(Generated) import APIRuntime
import XCTest

final class JSONTypeSetTests: XCTestCase {
    func testIntegersAndNumbers() {
        XCTAssertTrue(JSONTypeSet.integer.matches(1))
        XCTAssertTrue(JSONTypeSet.integer.matches(.number(JSONNumber("1.0")!)))
        XCTAssertFalse(JSONTypeSet.integer.matches(.number(JSONNumber("1.0")!), draft4Integers: true))
        XCTAssertTrue(JSONTypeSet.integer.matches(.number(JSONNumber("1e308")!)))
        XCTAssertTrue(JSONTypeSet.integer.matches(.number(JSONNumber("123456789012345678901234567890")!)))
        XCTAssertFalse(JSONTypeSet.integer.matches(1.5))
        XCTAssertTrue(JSONTypeSet.number.matches(1))
        XCTAssertFalse(JSONTypeSet.number.matches(true))
        XCTAssertFalse(JSONTypeSet.integer.matches(false))
    }

    func testUnionsAndNames() {
        let nullableString: JSONTypeSet = [.string, .null]
        XCTAssertTrue(nullableString.matches(nil))
        XCTAssertTrue(nullableString.matches("x"))
        XCTAssertFalse(nullableString.matches(1))
        XCTAssertEqual(nullableString.names, ["null", "string"])
        XCTAssertEqual(JSONTypeSet(name: "integer"), .integer)
        XCTAssertNil(JSONTypeSet(name: "int"))
        XCTAssertTrue(JSONTypeSet.object.matches(["a": 1]))
        XCTAssertTrue(JSONTypeSet.array.matches([]))
        XCTAssertTrue(JSONTypeSet.boolean.matches(true))
    }
}
