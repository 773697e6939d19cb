import APIRuntime
import Foundation

/// Token buckets per host: each host may send `burst` requests at once and `rate` per second on average.
///
/// Grants are reservations: a request that finds the bucket empty is given the time its token will exist and
/// the bucket goes negative, so waiting requests keep their order and never exceed the rate together.
actor TokenBucket {
    private struct Bucket {
        var tokens: Double
        var updated: Duration
    }

    private var buckets: [String: Bucket] = [:]

    /// The uptime at which the next request to `host` may be sent, given the current uptime `now`.
    func reserve(host: String, rate: Double, burst: Int, now: Duration) -> Duration {
        let capacity = Double(max(1, burst))
        var bucket = buckets[host] ?? Bucket(tokens: capacity, updated: now)
        let elapsed = max(0, (now - bucket.updated).seconds)
        bucket.tokens = min(capacity, bucket.tokens + elapsed * rate)
        bucket.updated = now
        bucket.tokens -= 1
        buckets[host] = bucket
        guard bucket.tokens < 0 else { return now }
        return now + .seconds(double: -bucket.tokens / rate)
    }
}
