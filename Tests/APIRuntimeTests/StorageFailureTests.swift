@_spi(Generated) import APIRuntime
import APIRuntimeOffline
import APIRuntimeStore
import APIRuntimeTesting
import Foundation
import HTTPTypes
import XCTest

/// Storage that fails is never silent: the call being served goes on, and the failure reaches the event bus.
final class StorageFailureTests: XCTestCase {
    func testAFailingHTTPCacheStorageServesTheNetworkAndReportsEachFailure() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let mock = MockTransport()
        mock.on("GET /items", respond: APIResponse(
            status: 200, headerFields: [.contentType: "application/json", .cacheControl: "max-age=60"], body: Data("[1]".utf8)))
        let cache = HTTPCache(storage: FailingStorage(), events: events)
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock, middlewares: [cache], events: events)

        let response = try await client.send(RequestBuilder(method: "GET", path: "/items"), operation: TestOperations.getItems)

        XCTAssertEqual(response.body, Data("[1]".utf8))
        let reported = await collector.wait { events in
            let messages = events.compactMap { event -> String? in
                if case .storageError(let message) = event { message } else { nil }
            }
            return messages.contains { $0.contains("reading an entry") } && messages.contains { $0.contains("storing a response") }
        }
        XCTAssertTrue(reported, "the failed read and the failed write are both reported: \(collector.all)")
        do {
            try await cache.removeAll(.all)
            XCTFail("a removal the app asked for throws the storage's error")
        } catch is FailingStorage.Failure {}
    }

    func testAnOfflineCallThatCannotBeQueuedThrowsTheNetworkErrorAndReportsWhy() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let mock = MockTransport()
        mock.offline = true
        let queue = OfflineQueue(storage: FailingStorage(), events: events)
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock, middlewares: [queue], events: events)

        do {
            _ = try await client.send(RequestBuilder(method: "POST", path: "/messages"), operation: TestOperations.postMessage)
            XCTFail("nothing was stored, so the caller must not be told it was queued")
        } catch is RequestQueuedError {
            XCTFail("the call was not stored")
        } catch {
            XCTAssertTrue(APIError.isConnectivityFailure(error), "the caller gets the network error: \(error)")
        }
        let reported = await collector.wait { events in
            events.contains { if case .storageError(let message) = $0 { message.contains("could not be queued") } else { false } }
        }
        XCTAssertTrue(reported, "\(collector.all)")
    }
}

/// A storage whose every operation fails, as a full disk or a revoked file permission would.
private final class FailingStorage: RuntimeStorage {
    struct Failure: Error {}

    func loadResponse(key: String, area: StorageArea, accessedAt: Date) throws -> StoredResponse? { throw Failure() }
    func saveResponse(_ entry: StoredResponse, area: StorageArea) throws { throw Failure() }
    func removeResponse(key: String, area: StorageArea) throws { throw Failure() }
    func removeResponses(_ scope: AccountScope, area: StorageArea?) throws { throw Failure() }
    func purgeResponses(area: StorageArea, limits: PurgeLimits, now: Date) throws -> Int { throw Failure() }
    func responseUsage(area: StorageArea) throws -> StorageUsage { throw Failure() }
    func appendQueueEntries(_ entries: [QueuedRequest]) throws -> [QueuedRequest] { throw Failure() }
    func queueEntries(state: QueuedRequest.State, scope: AccountScope, limit: Int?) throws -> [QueuedRequest] { throw Failure() }
    func updateQueueEntry(_ entry: QueuedRequest) throws { throw Failure() }
    func removeQueueEntry(id: String) throws { throw Failure() }
    func removeQueueEntries(_ scope: AccountScope) throws { throw Failure() }
    func queueCount(state: QueuedRequest.State, scope: AccountScope) throws -> Int { throw Failure() }
}
