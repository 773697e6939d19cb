@_spi(Generated) @_spi(RuntimeInternals) @testable import APIRuntime
@testable import APIRuntimeMiddleware
@testable import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

final class RetryMiddlewareTests: XCTestCase {
    private func retry(_ clock: ManualClock, policy: RetryPolicy = RetryPolicy(), random: Double = 0) -> RetryMiddleware {
        RetryMiddleware(policy: policy, clock: clock, random: { random })
    }

    func testRetriesTransientStatusesWithExponentialBackoff() async throws {
        let clock = ManualClock()
        let mock = MockTransport(clock: clock)
        mock.script("GET /x", [.status(503), .status(502), .status(200)])
        var policy = RetryPolicy()
        policy.jitter = 0
        let response = try await sendThrough(retry(clock, policy: policy), .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(mock.requests.count, 3)
        XCTAssertEqual(clock.sleeps, [.milliseconds(500), .seconds(1)])
    }

    func testGivesUpAfterMaxAttemptsAndReturnsTheLastResponse() async throws {
        let clock = ManualClock()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 500) }, clock: clock)
        let response = try await sendThrough(retry(clock), .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(mock.requests.count, 3)
    }

    func testJitterShortensTheDelayWithinBounds() {
        var policy = RetryPolicy()
        policy.jitter = 0.5
        XCTAssertEqual(policy.backoff(retry: 1, random: 0), .milliseconds(500))
        XCTAssertEqual(policy.backoff(retry: 1, random: 0.999_999), .nanoseconds(250_000_250))
        XCTAssertEqual(policy.backoff(retry: 3, random: 0), .seconds(2))
        XCTAssertEqual(policy.backoff(retry: 20, random: 0), .seconds(30), "capped at maxDelay")
        for _ in 0..<100 {
            let delay = policy.backoff(retry: 2, random: Double.random(in: 0..<1))
            XCTAssertTrue((.milliseconds(500)...(.seconds(1))).contains(delay), "\(delay)")
        }
    }

    func testNeverRetriesNonIdempotentMethods() async throws {
        let clock = ManualClock()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 503) }, clock: clock)
        let post = APIRequest(method: .post, url: URL(string: "https://api.test/x")!)
        let response = try await sendThrough(retry(clock), post, transport: mock)
        XCTAssertEqual(response.status, 503)
        XCTAssertEqual(mock.requests.count, 1)
        mock.defaultHandler = { _ in throw URLError(.timedOut) }
        do {
            _ = try await sendThrough(retry(clock), post, transport: mock)
            XCTFail("expected the timeout")
        } catch {}
        XCTAssertEqual(mock.requests.count, 2)
    }

    func testNeverRetries4xxOtherThan408And429EvenIfConfigured() async throws {
        let clock = ManualClock()
        var policy = RetryPolicy()
        policy.retryableStatuses = [400, 401, 404, 408, 409, 429]
        for status in [400, 401, 404, 409] {
            let mock = MockTransport(defaultHandler: { _ in APIResponse(status: status) }, clock: clock)
            _ = try await sendThrough(retry(clock, policy: policy), .get("https://api.test/x"), transport: mock)
            XCTAssertEqual(mock.requests.count, 1, "status \(status)")
        }
        for status in [408, 429] {
            let mock = MockTransport(defaultHandler: { _ in APIResponse(status: status) }, clock: clock)
            _ = try await sendThrough(retry(clock, policy: policy), .get("https://api.test/x"), transport: mock)
            XCTAssertEqual(mock.requests.count, 3, "status \(status)")
        }
    }

    func testHonoursRetryAfterInSecondsAndAsADate() async throws {
        let clock = ManualClock()
        let mock = MockTransport(clock: clock)
        let date = HTTPDate.format(clock.now().addingTimeInterval(7))
        mock.script("GET /x", [
            .respond(APIResponse(status: 429, headerFields: [.retryAfter: "3"])),
            .respond(APIResponse(status: 503, headerFields: [.retryAfter: date])),
            .status(200),
        ])
        var policy = RetryPolicy()
        policy.maxAttempts = 5
        let response = try await sendThrough(retry(clock, policy: policy), .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(clock.sleeps, [.seconds(3), .seconds(4)], "the date is 7 s after the start, 3 s have passed")
    }

    func testATooLongRetryAfterReturnsTheResponse() async throws {
        let clock = ManualClock()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 429, headerFields: [.retryAfter: "3600"]) }, clock: clock)
        let response = try await sendThrough(retry(clock), .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(response.status, 429)
        XCTAssertEqual(mock.requests.count, 1)
        XCTAssertEqual(clock.sleeps, [])
    }

    func testRetriesTransientTransportErrorsButNotOthers() async throws {
        let clock = ManualClock()
        let mock = MockTransport(clock: clock)
        mock.script("GET /x", [.fail(APIError.transport(URLError(.networkConnectionLost))), .status(200)])
        let response = try await sendThrough(retry(clock), .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(response.status, 200)
        mock.script("GET /y", [.fail(URLError(.badURL)), .status(200)])
        do {
            _ = try await sendThrough(retry(clock), .get("https://api.test/y"), transport: mock)
            XCTFail("badURL is not transient")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .badURL)
        }
    }
}
