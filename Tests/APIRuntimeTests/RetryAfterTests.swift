@_spi(RuntimeInternals) @testable import APIRuntime
import Foundation
import HTTPTypes
import XCTest

/// `Retry-After` (RFC 9110 §10.2.3): delay-seconds is digits only, else an HTTP date; anything else is unreadable
/// (the retry then uses its own backoff) rather than read by Swift's `Int`, which took `+5`.
final class RetryAfterTests: XCTestCase {
    func testDelaySecondsAreDigitsOnly() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let cases: [(String, Duration?)] = [("5", .seconds(5)), (" 0 ", .seconds(0)), ("+5", nil), ("-1", nil), ("5.0", nil),
                                            ("soon", nil), ("", nil)]
        for (text, expected) in cases {
            let response = APIResponse(status: 429, headerFields: [.retryAfter: text])
            XCTAssertEqual(RetryAfter.delay(in: response, now: now), expected, text)
        }
        let date = APIResponse(status: 503, headerFields: [.retryAfter: HTTPDate.format(now.addingTimeInterval(30))])
        XCTAssertEqual(RetryAfter.delay(in: date, now: now), .seconds(30))
    }
}
