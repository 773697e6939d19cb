import APIRuntime
import APIRuntimeStore

/// Automatic replay retries after transient failures: exponential delays, a cap, and a limit on consecutive
/// retries (after which the queue waits for reachability or an explicit flush, to spare the battery).
public struct QueueRetry: Sendable, Hashable {
    /// The delay after the first failure; doubled after each further one.
    public var baseDelay: Duration
    /// The longest delay (also caps `Retry-After`).
    public var maxDelay: Duration
    /// How many automatic retries may follow each other without a success.
    public var maxConsecutive: Int

    /// Retries after 5 s, 10 s, 20 s … up to 5 minutes, at most 8 times in a row.
    public init(baseDelay: Duration = .seconds(5), maxDelay: Duration = .seconds(300), maxConsecutive: Int = 8) {
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxConsecutive = maxConsecutive
    }

    /// The delay after `failures` consecutive failures (1 for the first).
    public func delay(afterFailures failures: Int) -> Duration {
        var delay = baseDelay
        for _ in 1..<max(1, failures) where delay < maxDelay {
            delay *= 2
        }
        return min(delay, maxDelay)
    }
}
