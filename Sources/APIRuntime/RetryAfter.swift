import Foundation
import HTTPTypes

/// The wait a response's `Retry-After` asks for (RFC 9110 §10.2.3), read by the retry middleware and the offline
/// queue alike.
package enum RetryAfter {
    /// delay-seconds or an HTTP date relative to `now`; nil when absent, negative or unreadable.
    package static func delay(in response: APIResponse, now: Date) -> Duration? {
        guard let value = response.headerFields[.retryAfter]?.trimmingSpaces, !value.isEmpty else { return nil }
        if let seconds = Int(value) {
            return seconds >= 0 ? .seconds(seconds) : nil
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return .seconds(double: date.timeIntervalSince(now))
    }
}
