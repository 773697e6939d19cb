@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class DateTimeCodingTests: XCTestCase {
    // 2024-03-09T12:34:56Z
    private let base: TimeInterval = 1_709_987_696

    private func parse(_ string: String, file: StaticString = #filePath, line: UInt = #line) throws -> TimeInterval {
        try XCTUnwrap(DateTimeCoding.parse(string), string, file: file, line: line).timeIntervalSince1970
    }

    func testWholeSeconds() throws {
        XCTAssertEqual(try parse("2024-03-09T12:34:56Z"), base)
        XCTAssertEqual(try parse("1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(try parse("1969-12-31T23:59:59Z"), -1)
        XCTAssertEqual(try parse("2000-02-29T00:00:00Z"), 951_782_400)
    }

    func testFractionDigits() throws {
        XCTAssertEqual(try parse("2024-03-09T12:34:56.1Z"), base + 0.1, accuracy: 1e-6)
        XCTAssertEqual(try parse("2024-03-09T12:34:56.123Z"), base + 0.123, accuracy: 1e-6)
        XCTAssertEqual(try parse("2024-03-09T12:34:56.123456Z"), base + 0.123456, accuracy: 1e-6)
        XCTAssertEqual(try parse("2024-03-09T12:34:56.123456789Z"), base + 0.123456789, accuracy: 1e-6)
        XCTAssertEqual(try parse("2024-03-09T12:34:56.123456789012345678901Z"), base + 0.123456789, accuracy: 1e-6)
        XCTAssertEqual(try parse("2024-03-09T12:34:56.000Z"), base)
        XCTAssertEqual(try parse("1969-12-31T23:59:59.5Z"), -0.5)
    }

    func testOffsets() throws {
        XCTAssertEqual(try parse("2024-03-09T14:34:56+02:00"), base)
        XCTAssertEqual(try parse("2024-03-09T07:04:56-05:30"), base)
        XCTAssertEqual(try parse("2024-03-09T12:34:56+00:00"), base)
        XCTAssertEqual(try parse("2024-03-09T12:34:56-00:00"), base)
        XCTAssertEqual(try parse("2024-03-09T14:34:56.250+0200"), base + 0.25)
        XCTAssertEqual(try parse("2024-03-10T00:34:56.5+12:00"), base + 0.5)
    }

    func testLenientSpellingsFromRFC3339() throws {
        XCTAssertEqual(try parse("2024-03-09t12:34:56z"), base)
        XCTAssertEqual(try parse("2024-03-09 12:34:56Z"), base)
    }

    func testRejectsInvalidStrings() {
        let invalid = [
            "", "2024-03-09", "12:34:56Z", "2024-03-09T12:34Z", "2024-03-09T12:34:56", "2024-03-09T12:34:56.Z",
            "2024-03-09T12:34:56.123", "2024-03-09T12:34:56ZZ", "2024-03-09T12:34:56Z ", " 2024-03-09T12:34:56Z",
            "2024-13-09T12:34:56Z", "2024-02-30T12:34:56Z", "2023-02-29T00:00:00Z", "2024-03-09T24:00:00Z",
            "2024-03-09T12:60:00Z", "2024-03-09T12:34:61Z", "2024-03-09T12:34:56+24:00", "2024-03-09T12:34:56+02:60",
            "2024-03-09T12:34:56+2:00", "2024-03-09T12:34:56+02:0", "2024-03-09X12:34:56Z", "2024-3-9T12:34:56Z",
            "2024-03-09T12:34:56.12a3Z", "not a date", "2024-03-09T12:34:56GMT",
        ]
        for string in invalid {
            XCTAssertNil(DateTimeCoding.parse(string), string)
        }
    }

    func testFormatWithoutFraction() {
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: base)), "2024-03-09T12:34:56Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: -1)), "1969-12-31T23:59:59Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: 253_402_300_799)), "9999-12-31T23:59:59Z")
    }

    func testFormatWithMilliseconds() {
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: base + 0.5)), "2024-03-09T12:34:56.500Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: base + 0.123)), "2024-03-09T12:34:56.123Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: base + 0.001)), "2024-03-09T12:34:56.001Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: -0.5)), "1969-12-31T23:59:59.500Z")
        // Microsecond precision is kept so decoded values re-encode unchanged; rounding carries into the seconds.
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: base + 0.9996)), "2024-03-09T12:34:56.999600Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: base + 0.123456)), "2024-03-09T12:34:56.123456Z")
        XCTAssertEqual(DateTimeCoding.format(Date(timeIntervalSince1970: base + 0.9999996)), "2024-03-09T12:34:57Z")
    }

    func testRoundTrip() throws {
        for string in [
            "2024-03-09T12:34:56Z", "2024-03-09T12:34:56.123Z", "1999-12-31T23:59:59.999Z", "2000-02-29T00:00:00.001Z",
            "1900-01-01T00:00:00Z", "2038-01-19T03:14:08.500Z",
        ] {
            let date = try XCTUnwrap(DateTimeCoding.parse(string))
            XCTAssertEqual(DateTimeCoding.format(date), string)
        }
        for interval in stride(from: -3_000_000_000.0, to: 4_000_000_000.0, by: 123_456_789.123) {
            let date = Date(timeIntervalSince1970: (interval * 1000).rounded() / 1000)
            let parsed = try XCTUnwrap(DateTimeCoding.parse(DateTimeCoding.format(date)))
            XCTAssertEqual(parsed.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 1e-6)
        }
    }

    func testAgreesWithISO8601DateFormatter() throws {
        let formatter = ISO8601DateFormatter()
        for string in ["2024-03-09T12:34:56Z", "1980-06-15T08:00:00+05:45", "2100-02-28T23:59:59-11:00"] {
            XCTAssertEqual(DateTimeCoding.parse(string), formatter.date(from: string), string)
        }
    }

    func testDateParameterValue() {
        XCTAssertEqual(Date(timeIntervalSince1970: base).parameterValue, "2024-03-09T12:34:56Z")
    }
}
