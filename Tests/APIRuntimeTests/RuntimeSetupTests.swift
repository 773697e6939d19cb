@_spi(Generated) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeStore
import APIRuntimeOffline
import APIRuntimeTesting
import Foundation
import InMemoryLogging
import Logging
import HTTPTypes
import XCTest

/// The whole recommended chain from Docs/Runtime.md working together.
final class RuntimeSetupTests: XCTestCase {
    func testTheRecommendedChainWorksEndToEnd() async throws {
        let clock = ManualClock()
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let caches = InMemoryStorage()
        let (logger, records) = LoggingMiddlewareTests.recordingLogger(level: .info)
        let mock = MockTransport(clock: clock)
        mock.on("GET /v3/members/me") { request in
            guard request.headerFields[.authorization] == "Bearer t2" else { return APIResponse(status: 401) }
            XCTAssertEqual(request.url.query, "api_version=3")
            return APIResponse.json(#"{"id":1}"#)
        }
        mock.on("POST /v3/messages", respond: APIResponse(status: 201))
        let provider = TestTokenProvider(token: "t1", refreshDelay: .zero)
        let queue = OfflineQueue(storage: InMemoryStorage(), clock: clock, events: events)
        let client = APIClient(
            baseURL: URL(string: "https://api.test/v3")!, transport: mock,
            middlewares: [
                LoggingMiddleware(logger: logger),
                BaseParametersMiddleware(query: ["api_version": "3"]),
                ResponseStore(storage: caches, clock: clock, events: events),
                queue,
                AuthMiddleware(provider: provider, events: events),
                RetryMiddleware(clock: clock),
                HTTPCache(storage: caches, clock: clock, events: events),
                RateLimitMiddleware(requestsPerSecond: 10, clock: clock),
            ],
            events: events, accountProvider: { "ann" })

        let operation = OperationInfo(id: "getProfile", method: "GET", path: "/members/me")
        let first = try await client.fetch(.cacheFirst) {
            try await client.send(RequestBuilder(method: "GET", path: "/members/me"), operation: operation)
        }
        XCTAssertEqual(first.bodyText, #"{"id":1}"#)
        XCTAssertEqual(provider.refreshes, 1)
        let second = try await client.fetch(.cacheFirst) {
            try await client.send(RequestBuilder(method: "GET", path: "/members/me"), operation: operation)
        }
        XCTAssertEqual(second.bodyText, first.bodyText)
        XCTAssertEqual(mock.requests.count, 2, "the 401 and its replay; the second call came from the store")

        mock.offline = true
        do {
            _ = try await client.send(RequestBuilder(method: "POST", path: "/messages"), operation: TestOperations.postMessage)
            XCTFail("expected the call to be queued")
        } catch is RequestQueuedError {}
        mock.offline = false
        let result = await queue.flush()
        XCTAssertEqual(result.replayed, 1)
        let replay = try XCTUnwrap(mock.requests.last)
        XCTAssertEqual(replay.headerFields[.authorization], "Bearer t2")
        XCTAssertNotNil(replay.headerFields[HTTPField.Name("Idempotency-Key")!])
        XCTAssertEqual(replay.url.query, "api_version=3")

        let sawEverything = await collector.wait { events in
            let names = Set(events.map { String(String(describing: $0).prefix { $0 != "(" }) })
            return names.isSuperset(of: ["requestStarted", "requestFinished", "authRefreshed", "servedFromCache", "queued", "replayed"])
        }
        XCTAssertTrue(sawEverything, "\(collector.all)")
        XCTAssertFalse(records.entries.isEmpty)
        XCTAssertFalse(records.entries.contains { $0.metadata.values.contains { "\($0)".contains("Bearer t") } }, "tokens are never logged")
    }
}
