@_spi(Generated) @_spi(RuntimeInternals) import APIRuntime
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

    /// The fuzzer's finding: a year with a dozen digits overflowed the calendar arithmetic and trapped.
    func testRejectsNumbersOutsideTheGrammarWithoutTrapping() {
        for text in ["Sun, 06 Nov 999999999999 08:49:37 GMT", "Sun Nov  6 08:49:37 99999999999999999999",
                     "Sun, 06 Nov 9223372036854775807 08:49:37 GMT", "Sun, 06 Nov +994 08:49:37 GMT",
                     "Sun, +6 Nov 1994 08:49:37 GMT", "Sun, 006 Nov 1994 08:49:37 GMT",
                     "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 1994 08:49:+7 GMT", "Sun, 06 Nov 1994 08::49 GMT",
                     "Sun, 06 Nov 994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37:00 GMT"] {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
        XCTAssertEqual(HTTPDate.parse("Sun, 6 Nov 1994 08:49:37 GMT"), reference, "a one-digit day is common")
    }

    func testFormatClampsDatesTheFormatCannotSpell() {
        XCTAssertEqual(HTTPDate.format(Date(timeIntervalSince1970: 1e300)), "Fri, 31 Dec 9999 23:59:59 GMT")
        XCTAssertEqual(HTTPDate.format(Date(timeIntervalSince1970: .infinity)), "Fri, 31 Dec 9999 23:59:59 GMT")
        XCTAssertEqual(HTTPDate.format(Date(timeIntervalSince1970: -.infinity)), "Sat, 01 Jan 0000 00:00:00 GMT")
        XCTAssertEqual(HTTPDate.format(Date(timeIntervalSince1970: .nan)), "Thu, 01 Jan 1970 00:00:00 GMT")
        for text in ["Fri, 31 Dec 9999 23:59:59 GMT", "Sat, 01 Jan 0000 00:00:00 GMT"] {
            XCTAssertEqual(HTTPDate.parse(text).map(HTTPDate.format), text)
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
