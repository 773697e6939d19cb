@_spi(Generated) import APIRuntime
import XCTest

final class JSONPropertyTableTests: XCTestCase {
    func testDispatchesMembersToDeclaredPositions() throws {
        let table = JSONPropertyTable(["id", "name", "é", "a_longer_property_name_than_fifteen_bytes"])
        guard case .object(let object) = try JSONParser.parse(#"{"name": 1, "extra": 2, "\u00e9": 3, "a_longer_property_name_than_fifteen_bytes": 4, "id": 5}"#) else {
            return XCTFail("not an object")
        }
        XCTAssertEqual(object.map { table.index(of: $0) }, [1, nil, 2, 3, 0])
        XCTAssertEqual(table.index(ofKey: "id"), 0)
        XCTAssertNil(table.index(ofKey: "ID"))
        XCTAssertTrue(table.contains(0, in: object))
        XCTAssertEqual(table.value(2, in: object), 3)
        XCTAssertNil(table.value(0, in: JSONObject()))
    }

    func testManyNamesAndDuplicates() {
        let names = (0..<200).map { "p\($0)" } + ["p7"]
        let table = JSONPropertyTable(names)
        for index in 0..<200 { XCTAssertEqual(table.index(ofKey: "p\(index)"), index) }
        XCTAssertNil(table.index(ofKey: "p200"))
        XCTAssertEqual(JSONPropertyTable([]).index(ofKey: "x"), nil)
    }

    func testHashIsFNV1a() {
        XCTAssertEqual(JSONPropertyTable.hash(""), 2_166_136_261)
        XCTAssertEqual(JSONPropertyTable.hash("a"), 0xE40C_292C)
    }
}
