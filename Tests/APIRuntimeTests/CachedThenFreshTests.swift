@_spi(Generated) import APIRuntime
import APIRuntimeStore
import APIRuntimeTesting
import Foundation
import XCTest

final class CachedThenFreshTests: XCTestCase {
    private struct Item: Codable, Equatable, Sendable {
        var name: String
    }

    private let clock = ManualClock()

    private func setUpClient() -> (APIClient, MockTransport, ResponseStore) {
        let mock = MockTransport(clock: clock)
        let store = ResponseStore(storage: InMemoryStorage(), clock: clock)
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock, middlewares: [store])
        return (client, mock, store)
    }

    private func values(_ client: APIClient) async throws -> [FetchResult<Item>] {
        var results: [FetchResult<Item>] = []
        for try await result in client.cachedThenFresh({
            let operation = TestOperations.getItems
            let response = try await client.send(RequestBuilder(method: "GET", path: "/item"), operation: operation)
            return try client.decode(Item.self, from: response, operation: operation)
        }) {
            results.append(result)
        }
        return results
    }

    func testWithNothingStoredYieldsTheNetworkValueOnly() async throws {
        let (client, mock, _) = setUpClient()
        mock.on("GET /item", respond: .json(#"{"name":"fresh"}"#))
        let results = try await values(client)
        XCTAssertEqual(results, [FetchResult(value: Item(name: "fresh"), source: .network)])
    }

    func testUnchangedNetworkValueIsNotYieldedAgain() async throws {
        let (client, mock, _) = setUpClient()
        mock.on("GET /item", respond: .json(#"{"name":"same"}"#))
        _ = try await values(client)
        let results = try await values(client)
        XCTAssertEqual(results, [FetchResult(value: Item(name: "same"), source: .store)])
        XCTAssertEqual(mock.requests.count, 2, "the network was still asked")
    }

    func testChangedNetworkValueFollowsTheStoredOne() async throws {
        let (client, mock, _) = setUpClient()
        mock.script("GET /item", [.json(#"{"name":"old"}"#), .json(#"{"name":"new"}"#)])
        _ = try await values(client)
        clock.advance(by: .seconds(86_400))
        let results = try await values(client)
        XCTAssertEqual(results, [
            FetchResult(value: Item(name: "old"), source: .store),
            FetchResult(value: Item(name: "new"), source: .network),
        ], "the stored value comes first even when expired")
    }

    func testOfflineAfterTheStoredValueEndsWithTheError() async throws {
        let (client, mock, _) = setUpClient()
        mock.script("GET /item", [.json(#"{"name":"kept"}"#), .offline])
        _ = try await values(client)
        var received: [Item] = []
        do {
            for try await result in client.cachedThenFresh({
                let response = try await client.send(RequestBuilder(method: "GET", path: "/item"), operation: TestOperations.getItems)
                return try client.decode(Item.self, from: response, operation: TestOperations.getItems)
            }) {
                received.append(result.value)
            }
            XCTFail("expected the offline error")
        } catch {
            XCTAssertTrue(APIError.isConnectivityFailure(error))
        }
        XCTAssertEqual(received, [Item(name: "kept")])
    }

    func testSingleValueFetchWithCachedThenFreshReturnsTheStoredValue() async throws {
        let (client, mock, _) = setUpClient()
        mock.script("GET /item", [.json(#"{"name":"first"}"#), .json(#"{"name":"second"}"#)])
        let operation = TestOperations.getItems
        let load: () async throws -> String = {
            try await client.send(RequestBuilder(method: "GET", path: "/item"), operation: operation).bodyText
        }
        let awaited1 = try await client.fetch(.cachedThenFresh, load)
        XCTAssertEqual(awaited1, #"{"name":"first"}"#)
        clock.advance(by: .seconds(86_400))
        let awaited2 = try await client.fetch(.cachedThenFresh, load)
        XCTAssertEqual(awaited2, #"{"name":"first"}"#)
        XCTAssertEqual(mock.requests.count, 1)
    }
}
