@_spi(Generated) @testable import APIRuntime
import XCTest

final class JSONSchemaFormatDateTimeTests: XCTestCase {
    func testDateTime() {
        XCTAssertTrue(JSONSchemaFormat.isValidDateTime("2024-02-29T23:59:60Z"))
        XCTAssertTrue(JSONSchemaFormat.isValidDateTime("2024-01-01t00:00:00.000000001+14:00"))
        XCTAssertFalse(JSONSchemaFormat.isValidDateTime("2023-02-29T00:00:00Z"))
        XCTAssertFalse(JSONSchemaFormat.isValidDateTime("2024-01-01T00:00:00"))
        XCTAssertFalse(JSONSchemaFormat.isValidDateTime("2024-01-01T00:00:00.Z"))
        XCTAssertFalse(JSONSchemaFormat.isValidDateTime("2024-01-01 00:00:00Z"))
    }

    func testDateAndTime() {
        XCTAssertTrue(JSONSchemaFormat.isValidDate("2000-02-29"))
        XCTAssertFalse(JSONSchemaFormat.isValidDate("1900-02-29"))
        XCTAssertFalse(JSONSchemaFormat.isValidDate("2024-1-01"))
        XCTAssertTrue(JSONSchemaFormat.isValidTime("00:29:60-23:30"))
        XCTAssertFalse(JSONSchemaFormat.isValidTime("00:29:60+23:30"))
        XCTAssertFalse(JSONSchemaFormat.isValidTime("12:00:00"))
        XCTAssertEqual(JSONSchemaFormat.daysInMonth(2, year: 2000), 29)
        XCTAssertEqual(JSONSchemaFormat.daysInMonth(2, year: 2100), 28)
    }

    func testDuration() {
        for valid in ["P1Y", "P1Y2M3DT4H5M6S", "PT0S", "P2W", "P1M2D", "PT1M2S", "p1d"] {
            XCTAssertTrue(JSONSchemaFormat.isValidDuration(valid), valid)
        }
        for invalid in ["P", "PT", "P1Y2D", "PT1H2S", "P1W2D", "P1.5D", "P1DT", "1D", "P-1D"] {
            XCTAssertFalse(JSONSchemaFormat.isValidDuration(invalid), invalid)
        }
    }
}
