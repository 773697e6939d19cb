import LoopbackTestServer
@_spi(Generated) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

/// Auth, retry and rate limiting over `URLSessionTransport` against a real loopback server.
final class MiddlewareLoopbackTests: XCTestCase {
    func testTenConcurrent401sRefreshOnceOverTheNetwork() async throws {
        let server = try LoopbackServer { request in
            request.headerFields[.authorization] == "Bearer t2" ? .json("{}") : ServerReply(status: 401, delay: 0.05)
        }
        defer { server.stop() }
        let provider = TestTokenProvider(token: "t1", refreshDelay: .milliseconds(100))
        let client = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: [AuthMiddleware(provider: provider)])
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                group.addTask {
                    try await client.send(RequestBuilder(method: "GET", path: "/items/\(index)"), operation: TestOperations.getItems).status
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        XCTAssertEqual(statuses, Array(repeating: 200, count: 10))
        XCTAssertEqual(provider.refreshes, 1)
        XCTAssertEqual(server.requests.count, 20)
        XCTAssertEqual(server.requests.filter { $0.headerFields[.authorization] == "Bearer t2" }.count, 10)
    }

    func testRetryAfterOn429IsHonoured() async throws {
        let calls = TestLock(0)
        let server = try LoopbackServer { _ in
            let call = calls.withLock { count -> Int in
                count += 1
                return count
            }
            return call == 1 ? .status(429, headers: [("Retry-After", "2")]) : .json("[]")
        }
        defer { server.stop() }
        let clock = ManualClock()
        let client = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10),
            middlewares: [RetryMiddleware(clock: clock, random: { 0 })])
        let response = try await client.send(RequestBuilder(method: "GET", path: "/items"), operation: TestOperations.getItems)
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(clock.sleeps, [.seconds(2)], "the wait the server asked for, not the backoff")
    }

    func testRateLimitSpacesRealRequests() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let client = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10),
            middlewares: [RateLimitMiddleware(requestsPerSecond: 5, burst: 1)])
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask { _ = try await client.send(RequestBuilder(method: "GET", path: "/x"), operation: TestOperations.getItems) }
            }
            try await group.waitForAll()
        }
        // Six requests at 5/s with no burst need at least five intervals of 200 ms (only a lower bound is checked).
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(950))
        XCTAssertEqual(server.requests.count, 6)
    }

    func testConnectionRefusedReachesTheCallerAsATransportError() async throws {
        let server = try LoopbackServer { _ in .status(200) }
        server.pause()
        defer { server.stop() }
        let client = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(timeout: 5),
            middlewares: [RetryMiddleware(policy: { var policy = RetryPolicy(); policy.maxAttempts = 2; return policy }(), clock: ManualClock())])
        do {
            _ = try await client.send(RequestBuilder(method: "GET", path: "/x"), operation: TestOperations.getItems)
            XCTFail("expected connection refused")
        } catch APIError.transport(let error) {
            XCTAssertEqual((error as? URLError)?.code, .cannotConnectToHost)
        }
    }

    func testServerClosingMidBodyIsAConnectionLostTransportError() async throws {
        let server = try LoopbackServer { _ in
            ServerReply(status: 200, headers: [("Content-Type", "application/json")], body: Data(repeating: 0x20, count: 5_000), closeAfterBodyBytes: 10)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 5))
        do {
            _ = try await client.send(RequestBuilder(method: "GET", path: "/x"), operation: TestOperations.getItems)
            XCTFail("expected connection lost")
        } catch APIError.transport(let error) {
            XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
        }
    }
}
