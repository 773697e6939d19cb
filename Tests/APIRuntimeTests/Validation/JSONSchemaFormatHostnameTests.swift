@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatHostnameTests: XCTestCase {
    func testHostname() {
        XCTAssertTrue(JSONSchemaFormat.isValidHostname("Example.COM"))
        XCTAssertTrue(JSONSchemaFormat.isValidHostname("xn--bcher-kva.example"))
        XCTAssertFalse(JSONSchemaFormat.isValidHostname("xn--bcher-kvb.example"))
        XCTAssertFalse(JSONSchemaFormat.isValidHostname("ab--cd.example"))
        XCTAssertFalse(JSONSchemaFormat.isValidHostname("bücher.example"))
        XCTAssertFalse(JSONSchemaFormat.isValidHostname(String(repeating: "a.", count: 127) + "a"))
    }

    func testIDNHostname() {
        XCTAssertTrue(JSONSchemaFormat.isValidIDNHostname("bücher.example"))
        XCTAssertTrue(JSONSchemaFormat.isValidIDNHostname("例え。テスト"))
        XCTAssertFalse(JSONSchemaFormat.isValidIDNHostname("Bücher.example"))  // uppercase U-label
        XCTAssertFalse(JSONSchemaFormat.isValidIDNHostname("bücher..example"))
        XCTAssertFalse(JSONSchemaFormat.isValidIDNHostname("a b.example"))
    }
}
