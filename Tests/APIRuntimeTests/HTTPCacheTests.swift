@_spi(Generated) @_spi(RuntimeInternals) import APIRuntime
import APIRuntimeStore
import APIRuntimeOffline
import APIRuntimeTesting
import Foundation
import HTTPTypes
import XCTest

final class HTTPCacheTests: XCTestCase {
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

    private func client(_ configuration: HTTPCache.Configuration = HTTPCache.Configuration()) -> APIClient {
        let cache = HTTPCache(storage: storage, configuration: configuration, clock: clock)
        let account = account!
        return APIClient(
            baseURL: URL(string: "https://api.test")!, transport: mock, middlewares: [probe, cache],
            accountProvider: { account.current })
    }

    private func get(_ client: APIClient, _ path: String = "/items", headers: [String: String] = [:]) async throws -> APIResponse {
        var builder = RequestBuilder(method: "GET", path: path)
        for (name, value) in headers {
            builder.header(name, value)
        }
        return try await client.send(builder, operation: TestOperations.getItems)
    }

    private static func json(_ text: String, _ headers: HTTPFields) -> APIResponse {
        var response = APIResponse.json(text)
        for field in headers {
            response.headerFields.append(HTTPField(name: field.name, value: field.value))
        }
        return response
    }

    func testFreshResponsesAreServedUntilMaxAgeRunsOut() async throws {
        let client = client()
        mock.script("GET /items", [.respond(Self.json("[1]", [.cacheControl: "max-age=60"])), .respond(Self.json("[2]", [.cacheControl: "max-age=60"]))])
        let first = try await get(client)
        XCTAssertEqual(probe.last, .network)
        XCTAssertFalse(first.isLocal)
        clock.advance(by: .seconds(30))
        let second = try await get(client)
        XCTAssertEqual(probe.last, .httpCache)
        XCTAssertTrue(second.isLocal, "a fresh hit is marked as served locally")
        XCTAssertEqual(second.bodyText, first.bodyText)
        XCTAssertEqual(second.headerFields[.age], "30")
        XCTAssertEqual(mock.requests.count, 1)
        clock.advance(by: .seconds(31))
        let third = try await get(client)
        XCTAssertEqual(probe.last, .network)
        XCTAssertEqual(third.bodyText, "[2]")
        XCTAssertEqual(mock.requests.count, 2)
        XCTAssertNil(mock.requests[1].headerFields[.ifNoneMatch], "nothing to revalidate with")
    }

    func testExpiresGivesFreshnessRelativeToDate() async throws {
        let client = client()
        let date = clock.now()
        mock.on("GET /items", respond: Self.json("[]", [.date: HTTPDate.format(date), .expires: HTTPDate.format(date.addingTimeInterval(100))]))
        _ = try await get(client)
        clock.advance(by: .seconds(99))
        _ = try await get(client)
        XCTAssertEqual(probe.last, .httpCache)
        clock.advance(by: .seconds(2))
        _ = try await get(client)
        XCTAssertEqual(probe.last, .network)
    }

    func testETagRevalidationServesTheStoredBodyOn304AndUpdatesHeaders() async throws {
        let client = client()
        mock.on("GET /items") { request in
            if request.headerFields[.ifNoneMatch] == "\"v1\"" {
                return APIResponse(status: 304, headerFields: [.eTag: "\"v1\"", .cacheControl: "no-cache", HTTPField.Name("X-Version")!: "2"])
            }
            return Self.json("[\"stored\"]", [.eTag: "\"v1\"", .cacheControl: "no-cache", HTTPField.Name("X-Version")!: "1"])
        }
        _ = try await get(client)
        let revalidated = try await get(client)
        XCTAssertEqual(probe.last, .revalidated)
        XCTAssertEqual(revalidated.status, 200)
        XCTAssertEqual(revalidated.bodyText, "[\"stored\"]")
        XCTAssertEqual(revalidated.headerFields[HTTPField.Name("X-Version")!], "2", "the 304's fields update the stored response")
        XCTAssertEqual(mock.requests.count, 2)
        XCTAssertEqual(mock.requests[1].headerFields[.ifNoneMatch], "\"v1\"")
    }

    func testLastModifiedRevalidatesWithIfModifiedSinceAndAChangedResponseReplacesTheEntry() async throws {
        let client = client()
        let modified = HTTPDate.format(clock.now().addingTimeInterval(-3_600))
        mock.script("GET /items", [
            .respond(Self.json("[1]", [.lastModified: modified])),
            .respond(Self.json("[2]", [.lastModified: HTTPDate.format(clock.now()), .cacheControl: "max-age=10"])),
        ])
        _ = try await get(client)
        let changed = try await get(client)
        XCTAssertEqual(mock.requests[1].headerFields[.ifModifiedSince], modified, "no heuristic freshness: revalidated at once")
        XCTAssertEqual(changed.bodyText, "[2]")
        XCTAssertEqual(probe.last, .network)
        let cached = try await get(client)
        XCTAssertEqual(cached.bodyText, "[2]")
        XCTAssertEqual(probe.last, .httpCache)
    }

    func testNoStoreAndResponsesWithoutFreshnessOrValidatorsAreNotStored() async throws {
        let client = client()
        mock.on("GET /a", respond: Self.json("1", [.cacheControl: "no-store, max-age=60"]))
        mock.on("GET /b", respond: Self.json("2", [:]))
        for path in ["/a", "/a", "/b", "/b"] {
            _ = try await get(client, path)
        }
        XCTAssertEqual(mock.requests.count, 4)
        XCTAssertEqual(probe.sources.current, [.network, .network, .network, .network])
    }

    func testAnAuthenticatedResponseWithoutAnAccountIsStoredOnlyWhenPublic() async throws {
        account.withLock { $0 = nil }
        let client = client()
        mock.on("GET /mine", respond: Self.json("1", [.cacheControl: "max-age=60"]))
        mock.on("GET /shared", respond: Self.json("2", [.cacheControl: "public, max-age=60"]))
        for path in ["/mine", "/mine", "/shared", "/shared"] {
            _ = try await get(client, path, headers: ["Authorization": "Bearer t1"])
        }
        XCTAssertEqual(mock.requests.map(\.url.path), ["/mine", "/mine", "/shared"],
                       "the anonymous partition is shared by the device's users: only public responses go there")
    }

    func testRequestNoCacheForcesRevalidation() async throws {
        let client = client()
        mock.on("GET /items") { request in
            request.headerFields[.ifNoneMatch] != nil ? APIResponse(status: 304) : Self.json("[]", [.cacheControl: "max-age=600", .eTag: "\"e\""])
        }
        _ = try await get(client)
        _ = try await get(client, headers: ["Cache-Control": "no-cache"])
        XCTAssertEqual(probe.last, .revalidated)
        XCTAssertEqual(mock.requests.count, 2)
    }

    func testPrivateResponsesAreStoredPerAccountOnly() async throws {
        let client = client()
        mock.on("GET /me", respond: Self.json("{}", [.cacheControl: "private, max-age=60"]))
        _ = try await get(client, "/me")
        _ = try await get(client, "/me")
        XCTAssertEqual(probe.last, .httpCache)
        account.withLock { $0 = "bob" }
        _ = try await get(client, "/me")
        XCTAssertEqual(probe.last, .network, "another account's entry is not used")
        account.withLock { $0 = nil }
        _ = try await get(client, "/me")
        _ = try await get(client, "/me")
        XCTAssertEqual(probe.last, .network, "private responses are not stored in the shared anonymous partition")
        XCTAssertEqual(mock.requests.count, 4)
    }

    func testQueryStylePOSTsAreCachedPerBodyOnlyWhenOptedIn() async throws {
        var configuration = HTTPCache.Configuration()
        configuration.operations = ["search"]
        let client = client(configuration)
        mock.on("POST /search") { request in
            Self.json(#"{"for":\#(String(decoding: request.body ?? Data(), as: UTF8.self))}"#, [.cacheControl: "max-age=60"])
        }
        func search(_ page: Int, operation: OperationInfo = TestOperations.search) async throws -> String {
            var builder = RequestBuilder(method: "POST", path: "/search")
            try builder.jsonBody(["page": page], encoder: JSONEncoder())
            return try await client.send(builder, operation: operation).bodyText
        }
        let one = try await search(1)
        let two = try await search(2)
        XCTAssertNotEqual(one, two)
        let again = try await search(1)
        XCTAssertEqual(again, one)
        XCTAssertEqual(probe.last, .httpCache)
        XCTAssertEqual(mock.requests.count, 2, "two bodies, two entries")
        _ = try await search(1, operation: OperationInfo(id: "createThing", method: "POST", path: "/search"))
        _ = try await search(1, operation: OperationInfo(id: "createThing", method: "POST", path: "/search"))
        XCTAssertEqual(mock.requests.count, 4, "POSTs of other operations are never served from the cache")
    }

    func testUnsafeRequestsInvalidateTheURL() async throws {
        let client = client()
        mock.on("GET /items/1", respond: Self.json("{}", [.cacheControl: "max-age=60"]))
        mock.on("PUT /items/1", respond: APIResponse(status: 204))
        _ = try await get(client, "/items/1")
        _ = try await get(client, "/items/1")
        XCTAssertEqual(mock.requests.count, 1)
        _ = try await client.send(RequestBuilder(method: "PUT", path: "/items/1"), operation: OperationInfo(id: "put", method: "PUT", path: "/items/{id}"))
        _ = try await get(client, "/items/1")
        XCTAssertEqual(probe.last, .network)
        XCTAssertEqual(mock.requests.count, 3)
    }

    func testVaryKeepsVariantsApart() async throws {
        let client = client()
        mock.on("GET /items") { request in
            Self.json(#""\#(request.headerFields[.acceptLanguage] ?? "")""#, [.cacheControl: "max-age=60", .vary: "Accept-Language"])
        }
        _ = try await get(client, headers: ["Accept-Language": "fi"])
        let english = try await get(client, headers: ["Accept-Language": "en"])
        XCTAssertEqual(english.bodyText, "\"en\"")
        XCTAssertEqual(probe.last, .network)
        let english2 = try await get(client, headers: ["Accept-Language": "en"])
        XCTAssertEqual(english2.bodyText, "\"en\"")
        XCTAssertEqual(probe.last, .httpCache)
    }

    func testServedAndRevalidatedEventsAndRemovalPerAccount() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let cache = HTTPCache(storage: storage, clock: clock, events: events)
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock, middlewares: [cache], events: events, accountProvider: { "ann" })
        mock.on("GET /items", respond: Self.json("[]", [.cacheControl: "max-age=60"]))
        _ = try await get(client)
        _ = try await get(client)
        let served = await collector.wait {
            $0.contains { if case .servedFromCache(let event) = $0 { event.source == .httpCache && event.account == "ann" } else { false } }
        }
        XCTAssertTrue(served)
        // The cache's event belongs to the request it served: the same id as that request's started event.
        let startedIDs = collector.all.compactMap { event -> UInt64? in
            if case .requestStarted(let request) = event { return request.id } else { return nil }
        }
        let cacheEvent = collector.all.compactMap { event -> RequestEvent? in
            if case .servedFromCache(let request) = event { return request } else { return nil }
        }.first
        XCTAssertEqual(cacheEvent?.id, startedIDs.last)
        XCTAssertEqual(cacheEvent?.status, 200)
        XCTAssertEqual(cacheEvent?.operation, "getItems")
        func finishedSources(_ events: [ClientEvent]) -> [ResponseSource?] {
            events.compactMap { event in
                if case .requestFinished(let request) = event { return request.source }
                return nil
            }
        }
        let bothFinished = await collector.wait { finishedSources($0).count == 2 }
        XCTAssertTrue(bothFinished)
        XCTAssertEqual(finishedSources(collector.all), [.network, .httpCache])
        try await cache.removeAll(.account("ann"))
        _ = try await get(client)
        XCTAssertEqual(mock.requests.count, 2)
    }
}
