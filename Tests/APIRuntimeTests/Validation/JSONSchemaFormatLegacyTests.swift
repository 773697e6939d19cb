@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatLegacyTests: XCTestCase {
    func testRFC1123HostnamesAllowDoubleHyphens() {
        XCTAssertTrue(JSONSchemaFormat.isValidRFC1123Hostname("ab--cd.example"))
        XCTAssertFalse(JSONSchemaFormat.isValidHostname("ab--cd.example"), "IDNA2008 reserves -- in positions 3-4")
        XCTAssertFalse(JSONSchemaFormat.isValidRFC1123Hostname("-a.example"))
        XCTAssertFalse(JSONSchemaFormat.isValidRFC1123Hostname("a_b.example"))
        XCTAssertFalse(JSONSchemaFormat.isValidRFC1123Hostname(""))
        XCTAssertFalse(JSONSchemaFormat.isValidRFC1123Hostname(String(repeating: "a", count: 64)))
    }

    func testClockTimeAndColor() {
        XCTAssertTrue(JSONSchemaFormat(name: "draft-03-time")!.isValid("08:30:06"))
        XCTAssertFalse(JSONSchemaFormat.isValidClockTime("24:00:00"))
        XCTAssertFalse(JSONSchemaFormat.isValidClockTime("8:30 AM"))
        XCTAssertTrue(JSONSchemaFormat.isValidCSSColor("#C89"))
        XCTAssertTrue(JSONSchemaFormat.isValidCSSColor("Fuchsia"))
        XCTAssertFalse(JSONSchemaFormat.isValidCSSColor("#00332520"))
        XCTAssertFalse(JSONSchemaFormat.isValidCSSColor("puce"))
    }

    func testContentAssertion() {
        XCTAssertTrue(SchemaCheck.hasValidContent("eyJmb28iOiAiYmFyIn0K", encoding: "base64", mediaType: "application/json"))
        XCTAssertFalse(SchemaCheck.hasValidContent("eyJib28iOiAyMCwgImZvbyI6ICJiYXoifQ%3D%3D", encoding: "base64", mediaType: nil))
        XCTAssertFalse(SchemaCheck.hasValidContent("{:}", encoding: nil, mediaType: "application/json"))
    }
}
