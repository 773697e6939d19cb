import APIRuntime
import Foundation
import HTTPTypes

/// Retries idempotent requests that failed transiently: exponential backoff with jitter, `Retry-After` honoured
/// (seconds or an HTTP date), never a 4xx other than 408/429, never a non-idempotent method.
///
/// Sleeps through the injected `RuntimeClock`, so tests can check the delays with a `ManualClock`
/// (`APIRuntimeTesting`).
public struct RetryMiddleware: ClientMiddleware {
    /// The policy in effect.
    public let policy: RetryPolicy
    private let clock: any RuntimeClock
    private let random: @Sendable () -> Double

    /// A middleware following `policy`; `random` returns values in `0..<1` for the jitter.
    public init(
        policy: RetryPolicy = RetryPolicy(), clock: any RuntimeClock = SystemClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.policy = policy
        self.clock = clock
        self.random = random
    }

    /// Sends `request`, retrying as the policy allows; returns the last response or throws the last error.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        guard policy.idempotentMethods.contains(request.method) else {
            return try await next(request)
        }
        var attempt = 1
        while true {
            let delay: Duration
            do {
                let response = try await next(request)
                guard attempt < policy.maxAttempts, policy.isRetryable(status: response.status) else {
                    return response
                }
                if let retryAfter = retryAfter(response) {
                    guard retryAfter <= policy.maxRetryAfter else { return response }
                    delay = retryAfter
                } else {
                    delay = policy.backoff(retry: attempt, random: random())
                }
            } catch {
                guard attempt < policy.maxAttempts, policy.retriesTransportErrors, !(error is CancellationError),
                      APIError.isTransientFailure(error)
                else { throw error }
                delay = policy.backoff(retry: attempt, random: random())
            }
            try await clock.sleep(for: delay)
            attempt += 1
        }
    }

    /// The wait `Retry-After` asks for: delay-seconds or an HTTP date (relative to the clock); nil when absent
    /// or unreadable.
    package func retryAfter(_ response: APIResponse) -> Duration? {
        RetryAfter.delay(in: response, now: clock.now())
    }
}
