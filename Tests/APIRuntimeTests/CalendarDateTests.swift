@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class CalendarDateTests: XCTestCase {
    func testParsesValidDates() {
        XCTAssertEqual(CalendarDate(string: "2024-03-09"), CalendarDate(year: 2024, month: 3, day: 9))
        XCTAssertEqual(CalendarDate(string: "2024-02-29"), CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(CalendarDate(string: "2000-02-29"), CalendarDate(year: 2000, month: 2, day: 29))
        XCTAssertEqual(CalendarDate(string: "0001-01-01"), CalendarDate(year: 1, month: 1, day: 1))
        XCTAssertEqual(CalendarDate(string: "9999-12-31"), CalendarDate(year: 9999, month: 12, day: 31))
    }

    func testRejectsInvalidStrings() {
        let invalid = [
            "", "2024", "2024-1-01", "2024-01-1", "20240101", "2024/01/01", "2024-01-01T00:00:00Z", " 2024-01-01",
            "2024-01-01 ", "abcd-ef-gh", "2024-00-10", "2024-13-01", "2024-01-00", "2024-01-32", "2023-02-29",
            "1900-02-29", "2024-04-31", "+024-01-01", "２０２４-01-01",
        ]
        for string in invalid {
            XCTAssertNil(CalendarDate(string: string), string)
        }
    }

    func testFormats() {
        XCTAssertEqual(CalendarDate(year: 2024, month: 3, day: 9).description, "2024-03-09")
        XCTAssertEqual(CalendarDate(year: 5, month: 12, day: 31).description, "0005-12-31")
        XCTAssertEqual(CalendarDate(year: 2024, month: 3, day: 9).parameterValue, "2024-03-09")
    }

    func testComparable() {
        let dates = ["2024-01-02", "2023-12-31", "2024-01-01", "2024-02-01"].compactMap(CalendarDate.init(string:))
        XCTAssertEqual(dates.sorted().map(\.description), ["2023-12-31", "2024-01-01", "2024-01-02", "2024-02-01"])
    }

    func testCodable() throws {
        struct Holder: Codable, Equatable {
            var born: CalendarDate
        }
        let holder = try decodeJSON(Holder.self, #"{"born": "1815-12-10"}"#)
        XCTAssertEqual(holder.born, CalendarDate(year: 1815, month: 12, day: 10))
        XCTAssertEqual(try encodeJSON(holder), #"{"born":"1815-12-10"}"#)
        XCTAssertThrowsError(try decodeJSON(Holder.self, #"{"born": "1815-13-10"}"#)) { error in
            guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["born"])
            XCTAssertTrue(context.debugDescription.contains("1815-13-10"))
        }
        XCTAssertThrowsError(try decodeJSON(Holder.self, #"{"born": 20240101}"#))
    }

    func testConversionToAndFromDate() throws {
        let date = CalendarDate(year: 2024, month: 3, day: 9)
        XCTAssertEqual(date.date().timeIntervalSince1970, 1_709_942_400)
        XCTAssertEqual(CalendarDate(Date(timeIntervalSince1970: 1_709_942_400 + 86_399)), date)
        let tokyo = try XCTUnwrap(TimeZone(identifier: "Asia/Tokyo"))
        XCTAssertEqual(date.date(in: tokyo).timeIntervalSince1970, 1_709_942_400 - 9 * 3600)
        // 20:00 UTC on the 9th is already the 10th in Tokyo.
        XCTAssertEqual(CalendarDate(Date(timeIntervalSince1970: 1_709_942_400 + 20 * 3600), in: tokyo).day, 10)
        XCTAssertEqual(CalendarDate(Date(timeIntervalSince1970: -1)), CalendarDate(year: 1969, month: 12, day: 31))
    }
}
