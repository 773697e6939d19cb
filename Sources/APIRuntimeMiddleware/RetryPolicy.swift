import APIRuntime
import Foundation
import HTTPTypes

/// When and how ``RetryMiddleware`` retries.
public struct RetryPolicy: Sendable {
    /// Attempts in total, the first included.
    public var maxAttempts = 3
    /// The delay before the first retry; each further retry multiplies it by ``multiplier``.
    public var baseDelay: Duration = .milliseconds(500)
    /// The longest backoff delay.
    public var maxDelay: Duration = .seconds(30)
    /// The backoff growth factor.
    public var multiplier = 2.0
    /// The share of each backoff delay that is random, `0...1`: the delay is `d * (1 - jitter * r)` with `r`
    /// uniform in `0..<1`, so concurrent clients spread out (1 is "full jitter").
    public var jitter = 0.5
    /// Statuses that are retried. 4xx statuses other than 408 and 429 are never retried, even if listed here.
    public var retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    /// Methods that are retried: the idempotent ones (RFC 9110 §9.2.2).
    public var idempotentMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .put, .delete, .trace]
    /// The longest `Retry-After` honoured; a longer one returns the response to the caller instead of waiting.
    public var maxRetryAfter: Duration = .seconds(120)
    /// Retry transport errors that may be transient (timeouts, lost or refused connections).
    public var retriesTransportErrors = true

    /// The defaults described on each property.
    public init() {}

    /// Whether a response with `status` may be retried.
    public func isRetryable(status: Int) -> Bool {
        guard retryableStatuses.contains(status) else { return false }
        return !(400..<500).contains(status) || status == 408 || status == 429
    }

    /// The backoff before retry number `retry` (1 for the first retry), for a random value `random` in `0..<1`.
    public func backoff(retry: Int, random: Double) -> Duration {
        let exponential = baseDelay.seconds * pow(multiplier, Double(max(0, retry - 1)))
        let capped = min(exponential, maxDelay.seconds)
        let share = min(max(jitter, 0), 1)
        return .seconds(double: capped * (1 - share * min(max(random, 0), 1)))
    }
}
