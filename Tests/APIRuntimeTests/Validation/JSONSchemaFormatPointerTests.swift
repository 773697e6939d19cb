@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatPointerTests: XCTestCase {
    func testJSONPointer() {
        XCTAssertTrue(JSONSchemaFormat.isValidJSONPointer(""))
        XCTAssertTrue(JSONSchemaFormat.isValidJSONPointer("/a~0b~1c/0/"))
        XCTAssertFalse(JSONSchemaFormat.isValidJSONPointer("a"))
        XCTAssertFalse(JSONSchemaFormat.isValidJSONPointer("/~2"))
        XCTAssertFalse(JSONSchemaFormat.isValidJSONPointer("/~"))
    }

    func testRelativeJSONPointer() {
        XCTAssertTrue(JSONSchemaFormat.isValidRelativeJSONPointer("0"))
        XCTAssertTrue(JSONSchemaFormat.isValidRelativeJSONPointer("10#"))
        XCTAssertTrue(JSONSchemaFormat.isValidRelativeJSONPointer("2/a/b"))
        XCTAssertFalse(JSONSchemaFormat.isValidRelativeJSONPointer("#"))
        XCTAssertFalse(JSONSchemaFormat.isValidRelativeJSONPointer("01"))
        XCTAssertFalse(JSONSchemaFormat.isValidRelativeJSONPointer("1#/a"))
    }

    func testUUID() {
        XCTAssertTrue(JSONSchemaFormat.isValidUUID("123e4567-e89b-12d3-a456-426614174000"))
        XCTAssertTrue(JSONSchemaFormat.isValidUUID("123E4567-E89B-12D3-A456-426614174000"))
        XCTAssertFalse(JSONSchemaFormat.isValidUUID("123e4567e89b12d3a456426614174000"))
        XCTAssertFalse(JSONSchemaFormat.isValidUUID("{123e4567-e89b-12d3-a456-426614174000}"))
    }
}
