@_spi(RuntimeInternals) import APIRuntime
import Foundation
import HTTPTypes

/// Freshness lifetime and age of a stored response (RFC 9111 §4.2), without heuristic freshness.
enum CacheFreshness {
    /// The explicit freshness lifetime in seconds: `max-age`, else `Expires` minus `Date` (or minus the response
    /// time when there is no `Date`); an invalid `Expires` means already expired. Nil when the response gives none.
    static func lifetime(of headers: HTTPFields, responseTime: Date) -> TimeInterval? {
        lifetime(of: headers, control: CacheControl(headers), responseTime: responseTime)
    }

    /// ``lifetime(of:responseTime:)`` with the response's `Cache-Control` already parsed.
    static func lifetime(of headers: HTTPFields, control: CacheControl, responseTime: Date) -> TimeInterval? {
        if let maxAge = control.maxAge {
            return TimeInterval(maxAge)
        }
        guard let expires = headers[.expires] else { return nil }
        guard let expiresDate = HTTPDate.parse(expires) else { return 0 }
        let base = headers[.date].flatMap(HTTPDate.parse) ?? responseTime
        return max(0, expiresDate.timeIntervalSince(base))
    }

    /// The response's current age in seconds (RFC 9111 §4.2.3).
    static func currentAge(of headers: HTTPFields, requestTime: Date, responseTime: Date, now: Date) -> TimeInterval {
        let dateValue = headers[.date].flatMap(HTTPDate.parse) ?? responseTime
        let ageValue = headers[.age].flatMap { TimeInterval($0.trimmingSpaces) } ?? 0
        let apparentAge = max(0, responseTime.timeIntervalSince(dateValue))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        let correctedInitialAge = max(apparentAge, ageValue + responseDelay)
        let residentTime = max(0, now.timeIntervalSince(responseTime))
        return correctedInitialAge + residentTime
    }

    /// When a response received at `responseTime` stops being fresh, or nil without explicit freshness.
    static func expiry(of headers: HTTPFields, requestTime: Date, responseTime: Date) -> Date? {
        guard let lifetime = lifetime(of: headers, responseTime: responseTime) else { return nil }
        let initialAge = currentAge(of: headers, requestTime: requestTime, responseTime: responseTime, now: responseTime)
        return responseTime.addingTimeInterval(lifetime - initialAge)
    }
}
