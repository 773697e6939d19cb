import LoopbackTestServer
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

/// The HTTP cache and the response store over `URLSessionTransport` against a real loopback server.
final class CacheLoopbackTests: XCTestCase {
    private struct Document: Codable, Equatable, Sendable {
        var version: Int
    }

    private var directory: URL!

    override func setUpWithError() throws {
        directory = try temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testCacheMissHitAndRevalidationWith304() async throws {
        let server = try LoopbackServer { request in
            if request.headerFields[.ifNoneMatch] == "\"v1\"" {
                return .status(304, headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=60")])
            }
            return .json(#"{"version":1}"#, headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=60")])
        }
        defer { server.stop() }
        let clock = ManualClock(date: Date())
        let probe = SourceProbe()
        let cache = HTTPCache(storage: try SQLiteStorage(path: directory.appendingPathComponent("cache.sqlite").path), clock: clock)
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: [probe, cache])
        let operation = OperationInfo(id: "getDocument", method: "GET", path: "/document")
        func load() async throws -> Document {
            let response = try await client.send(RequestBuilder(method: "GET", path: "/document"), operation: operation)
            return try client.decode(Document.self, from: response, operation: operation)
        }

        let miss = try await load()
        XCTAssertEqual(probe.last, .network)
        let hit = try await load()
        XCTAssertEqual(probe.last, .httpCache)
        XCTAssertEqual(server.requests.count, 1)
        clock.advance(by: .seconds(61))
        let revalidated = try await load()
        XCTAssertEqual(probe.last, .revalidated)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(server.requests[1].headerFields[.ifNoneMatch], "\"v1\"")
        XCTAssertEqual([miss, hit, revalidated], Array(repeating: Document(version: 1), count: 3))
        let fresh = try await load()
        XCTAssertEqual(fresh, Document(version: 1))
        XCTAssertEqual(probe.last, .httpCache, "the 304 renewed the freshness")
    }

    func testTwoPOSTsWithDifferentParametersAreDifferentEntries() async throws {
        let server = try LoopbackServer { request in
            .json(#"{"version":\#(request.bodyText.filter(\.isNumber))}"#, headers: [("Cache-Control", "max-age=60")])
        }
        defer { server.stop() }
        var configuration = HTTPCache.Configuration()
        configuration.operations = ["search"]
        let cache = HTTPCache(storage: InMemoryStorage(), configuration: configuration)
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: [cache])
        func search(_ page: Int) async throws -> String {
            var builder = RequestBuilder(method: "POST", path: "/search")
            try builder.jsonBody(["page": page], encoder: JSONEncoder())
            return try await client.send(builder, operation: TestOperations.search).bodyText
        }
        let results = [try await search(1), try await search(2), try await search(1), try await search(2)]
        XCTAssertEqual(results, [#"{"version":1}"#, #"{"version":2}"#, #"{"version":1}"#, #"{"version":2}"#])
        XCTAssertEqual(server.requests.count, 2)
    }

    func testCachedThenFreshWithAndWithoutChange() async throws {
        let version = TestLock(1)
        let server = try LoopbackServer { _ in .json(#"{"version":\#(version.current)}"#) }
        defer { server.stop() }
        let store = ResponseStore(storage: try SQLiteStorage(path: directory.appendingPathComponent("store.sqlite").path))
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: [store], accountProvider: { "ann" })
        let operation = OperationInfo(id: "getDocument", method: "GET", path: "/document")
        func values() async throws -> [FetchResult<Document>] {
            var results: [FetchResult<Document>] = []
            for try await result in client.cachedThenFresh({
                let response = try await client.send(RequestBuilder(method: "GET", path: "/document"), operation: operation)
                return try client.decode(Document.self, from: response, operation: operation)
            }) {
                results.append(result)
            }
            return results
        }

        let empty = try await values()
        XCTAssertEqual(empty, [FetchResult(value: Document(version: 1), source: .network)])
        let unchanged = try await values()
        XCTAssertEqual(unchanged, [FetchResult(value: Document(version: 1), source: .store)])
        version.withLock { $0 = 2 }
        let changed = try await values()
        XCTAssertEqual(changed, [
            FetchResult(value: Document(version: 1), source: .store), FetchResult(value: Document(version: 2), source: .network),
        ])
        XCTAssertEqual(server.requests.count, 3)
    }

    func testTruncatedJSONAndWrongContentTypeFailDecodingAndAreNotStored() async throws {
        let server = try LoopbackServer { request in
            request.path == "/truncated"
                ? .json(#"{"version":1"#)
                : ServerReply(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html>down</html>".utf8))
        }
        defer { server.stop() }
        let store = ResponseStore(storage: InMemoryStorage())
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: [store])
        for path in ["/truncated", "/html"] {
            let operation = OperationInfo(id: "get", method: "GET", path: path)
            let response = try await client.send(RequestBuilder(method: "GET", path: path), operation: operation)
            XCTAssertThrowsError(try client.decode(Document.self, from: response, operation: operation), path) { error in
                guard case APIError.decoding(_, let status, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(status, 200)
            }
        }
        let value6 = try await store.usage().count
        XCTAssertEqual(value6, 1, "the truncated JSON was not kept; the HTML (not declared JSON) was")
    }
}
