@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class HTTPDateTests: XCTestCase {
    private let reference = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    func testParsesTheThreeFormats() {
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT"), reference)
        XCTAssertEqual(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT"), reference)
        XCTAssertEqual(HTTPDate.parse("Sun Nov  6 08:49:37 1994"), reference)
    }

    func testRejectsInvalidDates() {
        for text in ["", "0", "-1", "Sun, 31 Feb 2023 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT", "tomorrow",
                     "Sun, 06 Nov 1994 08:49:37 PST"] {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
    }

    func testFormatsAsIMFFixdateAndRoundTrips() {
        XCTAssertEqual(HTTPDate.format(reference), "Sun, 06 Nov 1994 08:49:37 GMT")
        XCTAssertEqual(HTTPDate.format(Date(timeIntervalSince1970: 0)), "Thu, 01 Jan 1970 00:00:00 GMT")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(HTTPDate.parse(HTTPDate.format(date)), date)
        XCTAssertEqual(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)), "Tue, 29 Feb 2000 00:00:00 GMT")
    }
}
