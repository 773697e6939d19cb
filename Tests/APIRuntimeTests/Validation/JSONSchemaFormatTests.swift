@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatTests: XCTestCase {
    func testNamesAndDispatch() {
        XCTAssertEqual(JSONSchemaFormat(name: "date-time"), .dateTime)
        XCTAssertNil(JSONSchemaFormat(name: "unknown"))
        XCTAssertEqual(JSONSchemaFormat.allCases.count, 23)  // 19 of 2020-12, plus draft-03 and RFC 1123 names
        XCTAssertTrue(JSONSchemaFormat.ipv4.isValid("1.2.3.4"))
        XCTAssertFalse(JSONSchemaFormat.ipv4.isValid("1.2.3"))
        XCTAssertTrue(JSONSchemaFormat.ipv4.isValid(12))  // non-strings always pass
        XCTAssertFalse(JSONSchemaFormat.ipv4.isValid(.string("x")))
        for format in JSONSchemaFormat.allCases {
            XCTAssertTrue(format.isValid(.null), format.rawValue)
            _ = format.isValid("")  // never traps
        }
    }

    func testRegexFormat() {
        XCTAssertTrue(JSONSchemaFormat.isValidRegex("^[a-z]+$"))
        XCTAssertFalse(JSONSchemaFormat.isValidRegex("^(abc]"))
        XCTAssertTrue(JSONSchemaFormat.isValidRegex("(?i:x)"))  // valid ES2025, even though not executable here
    }
}
