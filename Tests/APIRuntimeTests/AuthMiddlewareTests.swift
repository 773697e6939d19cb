@_spi(Generated) import APIRuntime
@testable import APIRuntimeMiddleware
import APIRuntimeTesting
import Foundation
import HTTPTypes
import XCTest

final class AuthMiddlewareTests: XCTestCase {
    /// A server that accepts only `valid` and answers other tokens with 401 after `latency`.
    private func server(valid: TestLock<String>, latency: Duration = .milliseconds(30)) -> MockTransport {
        let mock = MockTransport()
        mock.defaultHandler = { request in
            try await Task.sleep(for: latency)
            return request.headerFields[.authorization] == "Bearer \(valid.current)" ? .json("{}") : APIResponse(status: 401)
        }
        return mock
    }

    func testAddsTheBearerToken() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let auth = AuthMiddleware(provider: TestTokenProvider(token: "abc"))
        _ = try await sendThrough(auth, .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(mock.requests.first?.headerFields[.authorization], "Bearer abc")

        let custom = AuthMiddleware(provider: TestTokenProvider(token: "k"), headerName: HTTPField.Name("X-Token")!, scheme: nil)
        _ = try await sendThrough(custom, .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(mock.requests.last?.headerFields[HTTPField.Name("X-Token")!], "k")

        let anonymous = AuthMiddleware(provider: TestTokenProvider(token: nil))
        _ = try await sendThrough(anonymous, .get("https://api.test/x", headerFields: [.authorization: "stale"]), transport: mock)
        XCTAssertNil(mock.requests.last?.headerFields[.authorization])
    }

    func testTenConcurrent401sCauseOneRefreshAndAllReplay() async throws {
        let valid = TestLock("t2")
        let mock = server(valid: valid)
        let provider = TestTokenProvider(token: "t1")
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let auth = AuthMiddleware(provider: provider, events: events)
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                group.addTask { try await sendThrough(auth, .get("https://api.test/items/\(index)"), transport: mock).status }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(statuses, Array(repeating: 200, count: 10))
        XCTAssertEqual(provider.refreshes, 1)
        XCTAssertEqual(mock.requests.count, 20, "each request is sent once with the old and once with the new token")
        let refreshed = await collector.wait { $0.contains { if case .authRefreshed = $0 { true } else { false } } }
        XCTAssertTrue(refreshed)
        XCTAssertEqual(collector.all.filter { if case .authRefreshed = $0 { true } else { false } }.count, 1)
    }

    func testA401ArrivingAfterTheRefreshReusesTheNewToken() async throws {
        let valid = TestLock("t2")
        let mock = MockTransport()
        mock.defaultHandler = { request in
            if request.url.path == "/slow", request.headerFields[.authorization] == "Bearer t1" {
                try await Task.sleep(for: .milliseconds(300))
            }
            return request.headerFields[.authorization] == "Bearer \(valid.current)" ? .json("{}") : APIResponse(status: 401)
        }
        let provider = TestTokenProvider(token: "t1", refreshDelay: .milliseconds(10))
        let auth = AuthMiddleware(provider: provider)
        async let slow = sendThrough(auth, .get("https://api.test/slow"), transport: mock)
        try await Task.sleep(for: .milliseconds(50))
        let fast = try await sendThrough(auth, .get("https://api.test/fast"), transport: mock)
        XCTAssertEqual(fast.status, 200)
        let slowStatus = try await slow.status
        XCTAssertEqual(slowStatus, 200)
        XCTAssertEqual(provider.refreshes, 1, "the late 401 was for the replaced token")
    }

    func testRefreshFailureThrowsTypedErrorToEveryWaiterAndEmitsAnEvent() async throws {
        let mock = server(valid: TestLock("never"))
        let provider = TestTokenProvider(token: "t1", failure: TestFailure(description: "refresh token revoked"))
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let auth = AuthMiddleware(provider: provider, events: events)
        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        _ = try await sendThrough(auth, .get("https://api.test/x"), transport: mock)
                        return false
                    } catch APIError.credentialRefreshFailed(let underlying) {
                        return String(describing: underlying) == "refresh token revoked"
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        XCTAssertEqual(failures, Array(repeating: true, count: 5))
        XCTAssertEqual(provider.refreshes, 1)
        let reported = await collector.wait {
            $0.contains { if case .authRefreshFailed(let message) = $0 { message == "refresh token revoked" } else { false } }
        }
        XCTAssertTrue(reported)
    }

    func testAReplayRejectedAgainReturnsThe401WithoutLooping() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 401) })
        let provider = TestTokenProvider(token: "t1", refreshDelay: .zero)
        let response = try await sendThrough(AuthMiddleware(provider: provider), .get("https://api.test/x"), transport: mock)
        XCTAssertEqual(response.status, 401)
        XCTAssertEqual(provider.refreshes, 1)
        XCTAssertEqual(mock.requests.map { $0.headerFields[.authorization] }, ["Bearer t1", "Bearer t2"])
    }

    func testOperationsDeclaredWithoutSecurityGetNoTokenAndNeverRefresh() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 401) })
        let provider = TestTokenProvider(token: "t1", refreshDelay: .zero)
        let login = OperationInfo(id: "login", method: "POST", path: "/login", security: [])
        let response = try await sendThrough(AuthMiddleware(provider: provider), .get("https://api.test/login"),
                                             operation: login, transport: mock)
        XCTAssertEqual(response.status, 401)
        XCTAssertNil(mock.requests.first?.headerFields[.authorization])
        XCTAssertEqual(provider.refreshes, 0)
    }

    func testARefreshCallingThroughTheSameClientAndGetting401DoesNotWaitForItself() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 401) })
        let holder = TestBox<APIClient?>(nil)
        let provider = RefreshThroughClient(client: holder)
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock,
                               middlewares: [AuthMiddleware(provider: provider)])
        holder.value = client
        let task = Task { () -> String in
            do {
                _ = try await client.send(RequestBuilder(method: "GET", path: "/me"), operation: TestOperations.getItems)
                return "sent"
            } catch APIError.credentialRefreshFailed {
                return "refresh failed"
            } catch {
                return "\(error)"
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while mock.requests.count < 2 || !provider.finished.value, Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        guard provider.finished.value else {
            // A deadlocked task is abandoned, not awaited, so the suite goes on.
            return XCTFail("the refresh call waited for its own refresh")
        }
        let outcome = await task.value
        XCTAssertEqual(outcome, "refresh failed")
    }
}

/// Refreshes by calling `/refresh` through the client it belongs to; the server answers 401.
private final class RefreshThroughClient: AuthTokenProvider {
    let client: TestBox<APIClient?>
    let finished = TestBox(false)

    init(client: TestBox<APIClient?>) { self.client = client }

    func token() async throws -> String? { "expired" }

    func refreshToken(rejected: String?) async throws -> String {
        defer { finished.value = true }
        guard let client = client.value else { throw CancellationError() }
        let response = try await client.send(RequestBuilder(method: "POST", path: "/refresh"), operation: TestOperations.search)
        throw TestFailure(description: "refresh answered \(response.status)")
    }
}
