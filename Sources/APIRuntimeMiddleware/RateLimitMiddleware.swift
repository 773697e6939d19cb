import APIRuntime
import Foundation
import HTTPTypes

/// Sends at most N requests per second to each host (a token bucket per host), delaying the rest in order.
///
/// ```swift
/// RateLimitMiddleware(requestsPerSecond: 5, perHost: ["upload.example.com": 1])
/// ```
public struct RateLimitMiddleware: ClientMiddleware {
    /// The rate for hosts without their own entry in ``perHost``.
    public let requestsPerSecond: Double
    /// Requests a host may receive at once before the rate applies.
    public let burst: Int
    /// Rates for particular hosts (lowercased host names).
    public let perHost: [String: Double]
    private let clock: any RuntimeClock
    private let buckets = TokenBucket()

    /// A limiter allowing `requestsPerSecond` per host (overridden per host by `perHost`) with bursts of `burst`
    /// requests (by default the rate rounded down, at least 1).
    public init(
        requestsPerSecond: Double, burst: Int? = nil, perHost: [String: Double] = [:],
        clock: any RuntimeClock = SystemClock()
    ) {
        precondition(requestsPerSecond > 0, "requestsPerSecond must be positive")
        self.requestsPerSecond = requestsPerSecond
        self.burst = burst ?? max(1, Int(requestsPerSecond))
        self.perHost = Dictionary(perHost.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.clock = clock
    }

    /// Waits for the host's next slot, then sends `request`.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        let host = request.url.host?.lowercased() ?? ""
        let rate = perHost[host] ?? requestsPerSecond
        let slot = await buckets.reserve(host: host, rate: rate, burst: burst, now: clock.uptime())
        try await clock.sleep(until: slot)
        return try await next(request)
    }
}
