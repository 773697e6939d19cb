@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatEmailTests: XCTestCase {
    func testEmail() {
        for valid in ["a@b.co", "first.last+tag@example.com", "\"a b\"@example.com", "\"a\\\"b\"@example.com", "x@[IPv6:2001:db8::1]", "x@[192.168.0.1]"] {
            XCTAssertTrue(JSONSchemaFormat.isValidEmail(valid), valid)
        }
        for invalid in ["a@", "@b.co", "a..b@c.d", "a@b..c", "a@-b.co", "\"unterminated@b.co", "é@b.co", "a@bü.co",
                        String(repeating: "a", count: 65) + "@b.co", "a@[1.2.3]"] {
            XCTAssertFalse(JSONSchemaFormat.isValidEmail(invalid), invalid)
        }
    }

    func testIDNEmail() {
        XCTAssertTrue(JSONSchemaFormat.isValidIDNEmail("é@b.co"))
        XCTAssertTrue(JSONSchemaFormat.isValidIDNEmail("a@bü.co"))
        XCTAssertTrue(JSONSchemaFormat.isValidIDNEmail("用户@例子。广告"))
        XCTAssertFalse(JSONSchemaFormat.isValidIDNEmail("a@b@c"))
        XCTAssertFalse(JSONSchemaFormat.isValidIDNEmail("a@-ü.co"))
    }
}
