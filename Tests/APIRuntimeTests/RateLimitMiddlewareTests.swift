@_spi(Generated) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeTesting
import Foundation
import XCTest

final class RateLimitMiddlewareTests: XCTestCase {
    func testConcurrentRequestsNeverExceedTheRate() async throws {
        let clock = ManualClock()
        let sendTimes = TestLock<[Duration]>([])
        let mock = MockTransport(defaultHandler: { _ in
            sendTimes.withLock { $0.append(clock.uptime()) }
            return APIResponse(status: 200)
        })
        let limiter = RateLimitMiddleware(requestsPerSecond: 2, burst: 2, clock: clock)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<10 {
                group.addTask { _ = try await sendThrough(limiter, .get("https://a.test/x"), transport: mock) }
            }
            try await group.waitForAll()
        }
        let times = sendTimes.current.sorted()
        XCTAssertEqual(times.count, 10)
        // A bucket of 2 refilled at 2/s grants request k (0-based) no earlier than (k - 1) / 2 seconds.
        for (index, time) in times.enumerated() where index >= 2 {
            XCTAssertGreaterThanOrEqual(time, .milliseconds((index - 1) * 500), "request \(index)")
        }
        XCTAssertGreaterThanOrEqual(clock.uptime(), .seconds(4))
    }

    func testHostsHaveSeparateBucketsAndOwnRates() async throws {
        let clock = ManualClock()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let limiter = RateLimitMiddleware(requestsPerSecond: 1, perHost: ["Slow.test": 0.5], clock: clock)
        _ = try await sendThrough(limiter, .get("https://a.test/1"), transport: mock)
        _ = try await sendThrough(limiter, .get("https://b.test/1"), transport: mock)
        XCTAssertEqual(clock.sleeps, [], "first requests to two hosts go at once")
        _ = try await sendThrough(limiter, .get("https://a.test/2"), transport: mock)
        XCTAssertEqual(clock.sleeps, [.seconds(1)])
        _ = try await sendThrough(limiter, .get("https://slow.test/1"), transport: mock)
        _ = try await sendThrough(limiter, .get("https://slow.test/2"), transport: mock)
        XCTAssertEqual(clock.sleeps, [.seconds(1), .seconds(2)], "slow.test has its own rate of 0.5/s")
    }

    func testTheBucketRefillsWhileIdle() async throws {
        let clock = ManualClock()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let limiter = RateLimitMiddleware(requestsPerSecond: 1, burst: 3, clock: clock)
        for _ in 0..<3 {
            _ = try await sendThrough(limiter, .get("https://a.test/x"), transport: mock)
        }
        XCTAssertEqual(clock.sleeps, [])
        clock.advance(by: .seconds(10))
        for _ in 0..<3 {
            _ = try await sendThrough(limiter, .get("https://a.test/x"), transport: mock)
        }
        XCTAssertEqual(clock.sleeps, [], "a full bucket again after 10 s")
        _ = try await sendThrough(limiter, .get("https://a.test/x"), transport: mock)
        XCTAssertEqual(clock.sleeps, [.seconds(1)])
    }
}
