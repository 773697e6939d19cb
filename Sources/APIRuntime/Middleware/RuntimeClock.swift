import Foundation

/// Time as the runtime sees it: the wall clock for freshness, expiry and queue timestamps, and a monotonic
/// clock for intervals (rate limits, backoff). Injected everywhere time matters so tests can use `ManualClock`
/// (`APIRuntimeTesting`).
public protocol RuntimeClock: Sendable {
    /// The current wall-clock time.
    func now() -> Date
    /// Monotonic time since an arbitrary origin; never goes back.
    func uptime() -> Duration
    /// Suspends until ``uptime()`` reaches `deadline`; throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Duration) async throws
}

extension RuntimeClock {
    /// Suspends for `duration`; returns at once (after checking for cancellation) when it is not positive.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: uptime() + duration)
    }
}

/// The real clock: `Date()` and `ContinuousClock`. The default value of every `clock:` parameter; apps never name
/// it (they pass a `RuntimeClock` of their own, such as `ManualClock` in tests, or nothing), so it is not public API.
@usableFromInline package struct SystemClock: RuntimeClock {
    private static let origin = ContinuousClock.now

    /// The system clock.
    @usableFromInline package init() {}

    /// `Date()`.
    @usableFromInline package func now() -> Date {
        Date()
    }

    /// Time elapsed on `ContinuousClock` since the first use of any `SystemClock`.
    @usableFromInline package func uptime() -> Duration {
        ContinuousClock.now - Self.origin
    }

    /// `Task.sleep` until the deadline.
    @usableFromInline package func sleep(until deadline: Duration) async throws {
        let remaining = deadline - uptime()
        if remaining > .zero {
            try await Task.sleep(for: remaining)
        } else {
            try Task.checkCancellation()
        }
    }
}

extension Duration {
    /// The duration in seconds as a `Double` (for `Date` arithmetic and header values).
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// A duration from seconds given as a `Double`; negative and non-finite values give zero.
    package static func seconds(double value: Double) -> Duration {
        guard value.isFinite, value > 0 else { return .zero }
        return .nanoseconds(Int64(min(value, 9e9) * 1e9))
    }
}
