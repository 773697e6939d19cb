@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatIPAddressTests: XCTestCase {
    func testIPv4() {
        XCTAssertTrue(JSONSchemaFormat.isValidIPv4("0.0.0.0"))
        XCTAssertTrue(JSONSchemaFormat.isValidIPv4("255.255.255.255"))
        XCTAssertFalse(JSONSchemaFormat.isValidIPv4("01.2.3.4"))
        XCTAssertFalse(JSONSchemaFormat.isValidIPv4("1.2.3.256"))
        XCTAssertFalse(JSONSchemaFormat.isValidIPv4("1.2.3.4."))
        XCTAssertFalse(JSONSchemaFormat.isValidIPv4("1.2.3.1234"))
    }

    func testIPv6() {
        for valid in ["::", "::1", "1::", "1:2:3:4:5:6:7:8", "1::8", "::ffff:1.2.3.4", "fe80::1:2:3:4:5:6", "::1:2:3:4:5:6:7"] {
            XCTAssertTrue(JSONSchemaFormat.isValidIPv6(valid), valid)
        }
        for invalid in [":", ":::", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "::g", "1:2:3:4:5:6:7:1.2.3.4", "::1%eth0", "[::1]", "::01.2.3.4"] {
            XCTAssertFalse(JSONSchemaFormat.isValidIPv6(invalid), invalid)
        }
    }
}
