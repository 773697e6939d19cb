@_spi(Generated) import APIRuntime
import XCTest

final class JSONInstanceSerializationTests: XCTestCase {
    func testCompactText() throws {
        let value = try JSONParser.parse(#"{"b": [1, 2.50, true, null], "a": "x\"y\n\u0001"}"#)
        XCTAssertEqual(value.jsonText, #"{"b":[1,2.5,true,null],"a":"x\"y\n\u0001"}"#)
        XCTAssertEqual(value.description, value.jsonText)
        XCTAssertEqual(try JSONParser.parse(value.jsonText), value)
    }

    func testAbbreviation() {
        let long = JSONInstance.string(String(repeating: "a", count: 100))
        let abbreviated = long.abbreviatedJSON(maxLength: 10)
        XCTAssertEqual(abbreviated, "\"aaaaaaaaa…")
        XCTAssertEqual(JSONInstance.array(Array(repeating: 1, count: 1000)).abbreviatedJSON(maxLength: 8), "[1,1,1,1…")
        XCTAssertEqual(JSONInstance.string("ok").abbreviatedJSON(), "\"ok\"")
    }

    func testQuoted() {
        XCTAssertEqual(JSONInstance.quoted("a\\b\t"), #""a\\b\t""#)
        XCTAssertEqual(JSONInstance.quoted("é😀"), "\"é😀\"")
    }

    func testLiterals() {
        let value: JSONInstance = ["a": [1, 2.5, "s", true, nil]]
        XCTAssertEqual(value.jsonText, #"{"a":[1,2.5,"s",true,null]}"#)
    }
}
