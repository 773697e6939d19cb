import APIRuntime
import APIRuntimeTesting
import Foundation
import HTTPTypes
import XCTest

/// ``ClientMiddleware`` is one protocol for whole and streamed responses: `intercept` also runs for streams through
/// the default `interceptStream`, and a middleware that implements `interceptStream` is called with the stream.
final class ClientMiddlewareTests: XCTestCase {
    /// Adds a header and records the body it saw in `intercept`.
    private final class HeaderMiddleware: ClientMiddleware, @unchecked Sendable {
        private let lock = NSLock()
        private var bodies: [Data] = []
        var seenBodies: [Data] { lock.withLock { bodies } }

        func intercept(
            _ request: APIRequest, operation: OperationInfo, next: @Sendable (APIRequest) async throws -> APIResponse
        ) async throws -> APIResponse {
            var request = request
            request.headerFields[HTTPField.Name("X-Seen")!] = "yes"
            let response = try await next(request)
            lock.withLock { bodies.append(response.body) }
            return response
        }
    }

    /// Counts which of its two methods the client called.
    private final class StreamAwareMiddleware: ClientMiddleware, @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [String] = []
        var called: [String] { lock.withLock { calls } }

        func intercept(
            _ request: APIRequest, operation: OperationInfo, next: @Sendable (APIRequest) async throws -> APIResponse
        ) async throws -> APIResponse {
            lock.withLock { calls.append("intercept") }
            return try await next(request)
        }

        func interceptStream(
            _ request: APIRequest, operation: OperationInfo,
            next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
        ) async throws -> StreamedHTTPResponse {
            lock.withLock { calls.append("interceptStream") }
            return try await next(request)
        }
    }

    private let operation = OperationInfo(id: "feed", method: "GET", path: "/feed")

    private func client(_ middlewares: [any ClientMiddleware]) -> (APIClient, MockTransport) {
        let transport = MockTransport(defaultHandler: { request in
            APIResponse(status: 200, body: Data("seen: \(request.headerFields[HTTPField.Name("X-Seen")!] ?? "no")".utf8))
        })
        return (APIClient(baseURL: URL(string: "https://api.test")!, transport: transport, middlewares: middlewares), transport)
    }

    func testAnInterceptOnlyMiddlewareRunsForStreamsAndSeesTheHeadWithoutTheBody() async throws {
        let middleware = HeaderMiddleware()
        let (client, _) = client([middleware])
        let response = try await client.stream(APIRequest(method: .get, url: URL(string: "https://api.test/feed")!), operation: operation)
        var body = Data()
        for try await chunk in response.body { body.append(chunk) }
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "seen: yes", "its request change reached the transport")
        XCTAssertEqual(middleware.seenBodies, [Data()], "the body stays with the caller")
    }

    func testAStreamAwareMiddlewareIsCalledWithTheStreamAndNotThroughIntercept() async throws {
        let middleware = StreamAwareMiddleware()
        let (client, _) = client([middleware])
        _ = try await client.stream(APIRequest(method: .get, url: URL(string: "https://api.test/feed")!), operation: operation)
        XCTAssertEqual(middleware.called, ["interceptStream"])
        _ = try await client.send(APIRequest(method: .get, url: URL(string: "https://api.test/feed")!), operation: operation)
        XCTAssertEqual(middleware.called, ["interceptStream", "intercept"])
    }

    /// Keeps one value per account and forgets it when asked; records the client it was attached to.
    private final class AccountMemory: ClientMiddleware, @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Set<String> = ["ann", "bob"]
        private weak var attached: APIClient?
        var accounts: Set<String> { lock.withLock { stored } }
        var client: APIClient? { lock.withLock { attached } }

        func intercept(
            _ request: APIRequest, operation: OperationInfo, next: @Sendable (APIRequest) async throws -> APIResponse
        ) async throws -> APIResponse {
            try await next(request)
        }

        func attach(to client: APIClient) {
            lock.withLock { attached = client }
        }

        func removeData(for account: String?) async throws {
            _ = lock.withLock { stored.remove(account ?? "") }
        }
    }

    func testAMiddlewareOfItsOwnIsAttachedAndAskedToRemoveAnAccountsData() async throws {
        let memory = AccountMemory()
        let (client, _) = client([HeaderMiddleware(), memory])
        XCTAssertTrue(memory.client === client, "attach(to:) is called when the client is created")
        try await client.removeStoredData(for: "ann")
        XCTAssertEqual(memory.accounts, ["bob"])
    }
}
