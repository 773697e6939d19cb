import Foundation
import HTTPTypes

/// The wait a response's `Retry-After` asks for (RFC 9110 §10.2.3), read by the retry middleware and the offline
/// queue alike.
package enum RetryAfter {
    /// delay-seconds or an HTTP date relative to `now`; nil when absent, negative or unreadable.
    package static func delay(in response: APIResponse, now: Date) -> Duration? {
        guard let value = response.headerFields[.retryAfter]?.trimmingSpaces, !value.isEmpty else { return nil }
        // delay-seconds is 1*DIGIT (RFC 9110 §10.2.3): `+5`, `-1` and `5.0` are not delays (Int would read `+5`).
        if value.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return Int(value).map { .seconds($0) }
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .seconds(double: date.timeIntervalSince(now))
    }
}
