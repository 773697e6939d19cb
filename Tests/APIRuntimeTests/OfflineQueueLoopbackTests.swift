import LoopbackTestServer
@_spi(Generated) import APIRuntime
import APIRuntimeStore
import APIRuntimeOffline
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

/// The offline queue over `URLSessionTransport` and SQLite against a real loopback server that goes away.
final class OfflineQueueLoopbackTests: XCTestCase {
    func testCallsMadeWhileTheServerIsUnreachableReplayInOrderWhenItReturns() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try LoopbackServer { _ in .status(201) }
        defer { server.stop() }
        server.pause()

        let events = EventBus()
        let collector = EventCollector(events.stream())
        let queue = OfflineQueue(storage: try SQLiteStorage(path: directory.appendingPathComponent("queue.sqlite").path), events: events)
        let client = APIClient(
            baseURL: server.baseURL, transport: URLSessionTransport(timeout: 5), middlewares: [queue], events: events,
            accountProvider: { "ann" })
        for text in ["first", "second", "third"] {
            var builder = RequestBuilder(method: "POST", path: "/messages")
            try builder.jsonBody(["text": text], encoder: JSONEncoder())
            do {
                _ = try await client.send(builder, operation: TestOperations.postMessage)
                XCTFail("the server is unreachable")
            } catch let error as RequestQueuedError {
                XCTAssertEqual(error.entry.account, "ann")
            }
        }
        let pending = try await queue.pendingCount()
        XCTAssertEqual(pending, 3)

        let reachability = ProbeReachability(
            url: server.baseURL.appendingPathComponent("health"), interval: .milliseconds(50),
            transport: URLSessionTransport(timeout: 2))
        await queue.startMonitoring(reachability)
        server.resume()
        let replayed = await collector.wait { $0.filter { if case .replayed = $0 { true } else { false } }.count == 3 }
        XCTAssertTrue(replayed)
        await queue.stopMonitoring()
        reachability.stop()

        let messages = server.requests.filter { $0.path == "/messages" }
        XCTAssertEqual(messages.map(\.bodyText), [#"{"text":"first"}"#, #"{"text":"second"}"#, #"{"text":"third"}"#])
        XCTAssertEqual(Set(messages.compactMap { $0.headerFields[HTTPField.Name("Idempotency-Key")!] }).count, 3)
        let remaining = try await queue.pendingCount()
        XCTAssertEqual(remaining, 0)
    }
}
