@_spi(Generated) import APIRuntime
import APIRuntimeStore
import APIRuntimeOffline
import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

final class ResponseStoreTests: XCTestCase {
    private var clock: ManualClock!
    private var mock: MockTransport!
    private var storage: InMemoryStorage!
    private var probe: SourceProbe!
    private var account: TestLock<String?>!

    override func setUp() {
        clock = ManualClock()
        mock = MockTransport(clock: clock)
        storage = InMemoryStorage()
        probe = SourceProbe()
        account = TestLock("ann")
    }

    private func makeStore(_ configure: (inout ResponseStore.Configuration) -> Void = { _ in }) -> ResponseStore {
        var configuration = ResponseStore.Configuration()
        configure(&configuration)
        return ResponseStore(storage: storage, configuration: configuration, clock: clock)
    }

    private func client(_ store: ResponseStore? = nil) -> APIClient {
        let account = account!
        return APIClient(
            baseURL: URL(string: "https://api.test")!, transport: mock,
            middlewares: [probe] + (store.map { [$0] } ?? []), accountProvider: { account.current })
    }

    private func get(_ client: APIClient, _ path: String = "/items", policy: FetchPolicy) async throws -> String {
        try await client.fetch(policy) {
            try await client.send(RequestBuilder(method: "GET", path: path), operation: TestOperations.getItems).bodyText
        }
    }

    func testPrivateResponsesAreKeptOnlyInAnAccountsPartition() async throws {
        let store = makeStore()
        var response = APIResponse.json("[1]")
        response.headerFields[.cacheControl] = "private, max-age=60"
        mock.on("GET /items", respond: response)
        account.withLock { $0 = nil }
        _ = try await get(client(store), policy: .networkOnly)
        let value1 = try await store.storedResponse(for: .get("https://api.test/items"), account: nil)
        XCTAssertNil(value1,
                     "the anonymous partition is shared by everyone on the device")
        account.withLock { $0 = "ann" }
        _ = try await get(client(store), policy: .networkOnly)
        let value2 = try await store.storedResponse(for: .get("https://api.test/items"), account: "ann")
        XCTAssertNotNil(value2)
    }

    func testNetworkOnlyStoresButNeverReads() async throws {
        let store = makeStore()
        let client = client(store)
        mock.script("GET /items", [.json("[1]"), .json("[2]")])
        let awaited1 = try await get(client, policy: .networkOnly)
        XCTAssertEqual(awaited1, "[1]")
        let awaited2 = try await get(client, policy: .networkOnly)
        XCTAssertEqual(awaited2, "[2]")
        let value3 = try await store.usage().count
        XCTAssertEqual(value3, 1)
        XCTAssertEqual(probe.sources.current, [.network, .network])
    }

    func testCacheFirstServesUnexpiredEntriesThenGoesToTheNetwork() async throws {
        let client = client(makeStore { $0.defaultTTL = 60 })
        mock.script("GET /items", [.json("[1]"), .json("[2]")])
        let awaited3 = try await get(client, policy: .cacheFirst)
        XCTAssertEqual(awaited3, "[1]")
        let awaited4 = try await get(client, policy: .cacheFirst)
        XCTAssertEqual(awaited4, "[1]")
        XCTAssertEqual(probe.last, .store)
        XCTAssertEqual(mock.requests.count, 1)
        clock.advance(by: .seconds(61))
        let awaited5 = try await get(client, policy: .cacheFirst)
        XCTAssertEqual(awaited5, "[2]", "an expired entry is not served instead of the network")
        XCTAssertEqual(probe.last, .network)
    }

    func testNetworkFirstFallsBackToStoredDataOnlyWhenOffline() async throws {
        let client = client(makeStore { $0.defaultTTL = 1 })
        mock.script("GET /items", [.json("[1]"), .status(500), .offline])
        let awaited6 = try await get(client, policy: .networkFirst)
        XCTAssertEqual(awaited6, "[1]")
        let awaited7 = try await get(client, policy: .networkFirst)
        XCTAssertEqual(awaited7, "", "a server error is the answer, not a reason to fall back")
        clock.advance(by: .seconds(3_600))
        let awaited8 = try await get(client, policy: .networkFirst)
        XCTAssertEqual(awaited8, "[1]", "offline: even an expired entry beats nothing")
        XCTAssertEqual(probe.last, .store)
        mock.offline = true
        do {
            _ = try await get(client, "/never-stored", policy: .networkFirst)
            XCTFail("expected the offline error")
        } catch {
            XCTAssertTrue(APIError.isConnectivityFailure(error), "\(error)")
        }
    }

    func testCacheOnlyNeverTouchesTheNetwork() async throws {
        let client = client(makeStore { $0.defaultTTL = 60 })
        mock.on("GET /items", respond: .json("[1]"))
        do {
            _ = try await get(client, policy: .cacheOnly)
            XCTFail("nothing is stored yet")
        } catch APIError.notStored(let operation, _) {
            XCTAssertEqual(operation, "getItems")
        }
        XCTAssertEqual(mock.requests.count, 0)
        _ = try await get(client, policy: .networkOnly)
        let awaited9 = try await get(client, policy: .cacheOnly)
        XCTAssertEqual(awaited9, "[1]")
        clock.advance(by: .seconds(61))
        do {
            _ = try await get(client, policy: .cacheOnly)
            XCTFail("expired")
        } catch APIError.notStored {}
        XCTAssertEqual(mock.requests.count, 1)
    }

    func testCacheOnlyWithoutAStoreThrowsInsteadOfSending() async throws {
        let client = client(nil)
        mock.on("GET /items", respond: .json("[1]"))
        do {
            _ = try await get(client, policy: .cacheOnly)
            XCTFail("expected notStored")
        } catch APIError.notStored {}
        XCTAssertEqual(mock.requests.count, 0)
    }

    func testExpiryFollowsTheServerOrTheConfiguredTTL() async throws {
        let client = client(makeStore { $0.defaultTTL = 100 })
        mock.on("GET /max-age", respond: APIResponse(status: 200, headerFields: [.cacheControl: "max-age=10"], body: Data("a".utf8)))
        mock.on("GET /plain", respond: APIResponse(status: 200, body: Data("b".utf8)))
        mock.on("GET /no-cache", respond: APIResponse(status: 200, headerFields: [.cacheControl: "no-cache"], body: Data("c".utf8)))
        for path in ["/max-age", "/plain", "/no-cache"] {
            _ = try await get(client, path, policy: .networkOnly)
        }
        clock.advance(by: .seconds(11))
        _ = try await get(client, "/max-age", policy: .cacheFirst)
        XCTAssertEqual(probe.last, .network, "max-age=10 has run out")
        _ = try await get(client, "/plain", policy: .cacheFirst)
        XCTAssertEqual(probe.last, .store, "the configured TTL of 100 s has not")
        _ = try await get(client, "/no-cache", policy: .cacheFirst)
        XCTAssertEqual(probe.last, .network, "no-cache expires at once")
    }

    func testEntriesArePerAccountAndClearingOneAccountIsOneCall() async throws {
        let store = makeStore()
        let client = client(store)
        mock.defaultHandler = { request in .json(#""\#(request.url.path)""#) }
        _ = try await get(client, "/a", policy: .networkOnly)
        account.withLock { $0 = "bob" }
        _ = try await get(client, "/a", policy: .networkOnly)
        do {
            _ = try await get(client, "/b", policy: .cacheOnly)
            XCTFail("bob has no /b")
        } catch APIError.notStored {}
        try await store.removeAll(account: "bob")
        do {
            _ = try await get(client, "/a", policy: .cacheOnly)
            XCTFail("bob's data is gone")
        } catch APIError.notStored {}
        account.withLock { $0 = "ann" }
        let awaited10 = try await get(client, "/a", policy: .cacheOnly)
        XCTAssertEqual(awaited10, "\"/a\"", "ann's data is untouched")
    }

    func testPurgeRemovesOldThenLeastRecentlyUsedByCountAndSize() async throws {
        let store = makeStore {
            $0.maxCount = 3
            $0.maxAge = 1_000
            $0.purgeInterval = 0
        }
        let client = client(store)
        mock.defaultHandler = { request in .json(#""\#(request.url.path)""#) }
        _ = try await get(client, "/old", policy: .networkOnly)
        clock.advance(by: .seconds(2_000))
        for path in ["/a", "/b", "/c", "/d"] {
            _ = try await get(client, path, policy: .networkOnly)
            clock.advance(by: .seconds(1))
        }
        _ = try await get(client, "/a", policy: .cacheOnly)
        let value4 = try await store.purge()
        XCTAssertEqual(value4, 2, "/old by age, then /b as least recently used (/a was just read)")
        for path in ["/a", "/c", "/d"] {
            _ = try await get(client, path, policy: .cacheOnly)
        }
        do {
            _ = try await get(client, "/b", policy: .cacheOnly)
            XCTFail("/b was purged")
        } catch APIError.notStored {}
    }

    func testTruncatedOrWrongTypedJSONAndNoStoreResponsesAreNotKept() async throws {
        let store = makeStore()
        let client = client(store)
        mock.script("GET /truncated", [.truncated(.json(#"{"items":[1,2,3]}"#), keepingBytes: 8)])
        mock.on("GET /secret", respond: APIResponse(status: 200, headerFields: [.cacheControl: "no-store"], body: Data("s".utf8)))
        mock.on("GET /error", respond: .json("{}", status: 404))
        for path in ["/truncated", "/secret", "/error"] {
            _ = try await get(client, path, policy: .networkOnly)
        }
        let value5 = try await store.usage().count
        XCTAssertEqual(value5, 0)
    }

    func testServedFromStoreEventsCarryTheAccount() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let store = ResponseStore(storage: storage, clock: clock, events: events)
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock, middlewares: [store], events: events, accountProvider: { "ann" })
        mock.on("GET /items", respond: .json("[]"))
        _ = try await get(client, policy: .networkOnly)
        _ = try await get(client, policy: .cacheFirst)
        let served = await collector.wait {
            $0.contains { if case .servedFromCache(let event) = $0 { event.source == .store && event.account == "ann" } else { false } }
        }
        XCTAssertTrue(served)
    }
}
