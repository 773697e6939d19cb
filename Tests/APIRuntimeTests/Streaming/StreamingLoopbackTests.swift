@_spi(Generated) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeStore
import Foundation
import LoopbackTestServer
import HTTPTypes
import XCTest

/// Streamed responses through `APIClient` and `URLSessionTransport` against a loopback server that writes chunked
/// bodies piece by piece.
final class StreamingLoopbackTests: XCTestCase {
    private struct Note: Decodable, Sendable, Equatable {
        let n: Int
        let text: String
    }

    private let operation = OperationInfo(id: "feed", method: "GET", path: "/feed")

    private func client(_ server: LoopbackServer, middlewares: [any ClientMiddleware] = []) -> APIClient {
        APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: middlewares)
    }

    func testTheFirstJSONLinesItemArrivesBeforeTheServerSendsTheLast() async throws {
        let firstSent = StreamingSignal()
        let goOn = StreamingSignal()
        let lastSent = StreamingSignal()
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "application/jsonl")]) { stream in
                stream.send(#"{"n":1,"text":"one"}"# + "\n")
                firstSent.raise()
                goOn.wait(timeout: 10)
                stream.send(#"{"n":2,"text":"two"}"# + "\n" + #"{"n":3,"text":"three"}"#)
                lastSent.raise()
            }
        }
        defer { server.stop() }
        let api = client(server)
        let request = RequestBuilder(method: "GET", path: "/feed")
        let response = try await api.stream(request, operation: operation, accept: "application/jsonl")
        var items = api.jsonStream(of: Note.self, from: response, format: .lines, request: request, operation: operation)
            .makeAsyncIterator()
        let first = try await items.next()
        XCTAssertEqual(first, Note(n: 1, text: "one"))
        XCTAssertFalse(lastSent.isRaised, "the first item must arrive while the server still holds the rest")
        goOn.raise()
        let second = try await items.next()
        let third = try await items.next()
        let end = try await items.next()
        XCTAssertEqual([second, third], [Note(n: 2, text: "two"), Note(n: 3, text: "three")])
        XCTAssertNil(end)
        XCTAssertTrue(lastSent.isRaised)
    }

    func testServerSentEventsReconnectWithLastEventIDAfterADroppedConnection() async throws {
        let server = try LoopbackServer { request in
            switch request.headerFields[HTTPField.Name("Last-Event-ID")!] {
            case nil:
                return .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                    stream.send(": hello\nretry: 20\n\nid: 1\ndata: {\"n\":1,\n")
                    stream.send("data: \"text\":\"multi\\nline\"}\n\n: keep-alive\n\nid: 2\ndata: {\"n\":2,\"text\":\"b\"}\n\n")
                    stream.send("id: 3\ndata: {\"n\":99,")  // cut off: never dispatched
                    stream.abort()
                }
            case "2":
                return .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                    stream.send("id: 3\r\ndata: {\"n\":3,\"text\":\"c\"}\r\n\r\n")
                }
            default:
                return .status(204)
            }
        }
        defer { server.stop() }
        let api = client(server)
        let request = RequestBuilder(method: "GET", path: "/feed")
        let response = try await api.stream(request, operation: operation, accept: "text/event-stream")
        var received: [ServerSentEvent<Note>] = []
        for try await event in api.serverSentEvents(of: Note.self, from: response, request: request, operation: operation).reconnecting() {
            received.append(event)
        }
        XCTAssertEqual(received.map(\.data), [Note(n: 1, text: "multi\nline"), Note(n: 2, text: "b"), Note(n: 3, text: "c")])
        XCTAssertEqual(received.map(\.id), ["1", "2", "3"])
        XCTAssertEqual(server.requests.map { $0.headerFields[HTTPField.Name("Last-Event-ID")!] }, [nil, "2", "3"])
        XCTAssertEqual(server.requests.map { $0.headerFields[.accept] }, Array(repeating: "text/event-stream", count: 3))
    }

    func testADroppedStreamWithoutReconnectionThrowsTruncated() async throws {
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "application/x-ndjson")]) { stream in
                stream.send(#"{"n":1,"text":"a"}"# + "\n" + #"{"n":2,"text":"b"}"# + "\n" + #"{"n":3,"#)
                stream.abort()
            }
        }
        defer { server.stop() }
        let api = client(server)
        let request = RequestBuilder(method: "GET", path: "/feed")
        let response = try await api.stream(request, operation: operation, accept: "application/x-ndjson")
        var received: [Note] = []
        do {
            for try await note in api.jsonStream(of: Note.self, from: response, format: .lines, request: request, operation: operation) {
                received.append(note)
            }
            XCTFail("a cut-off stream must not end normally")
        } catch APIError.streamTruncated(let operation, let itemsReceived) {
            XCTAssertEqual(operation, "feed")
            XCTAssertEqual(itemsReceived, 2)
        }
        XCTAssertEqual(received.map(\.n), [1, 2])
    }

    func testAMalformedEventThrowsATypedErrorNamingTheEvent() async throws {
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                stream.send("data: {\"n\":1,\"text\":\"a\"}\n\ndata: {\"n\":\"two\"}\n\n")
            }
        }
        defer { server.stop() }
        let api = client(server)
        let request = RequestBuilder(method: "GET", path: "/feed")
        let response = try await api.stream(request, operation: operation, accept: "text/event-stream")
        var events = api.serverSentEvents(of: Note.self, from: response, request: request, operation: operation).makeAsyncIterator()
        let first = try await events.next()
        XCTAssertEqual(first?.data, Note(n: 1, text: "a"))
        do {
            _ = try await events.next()
            XCTFail("expected a malformed event")
        } catch APIError.malformedStreamItem(let operation, let index, let message) {
            XCTAssertEqual(operation, "feed")
            XCTAssertEqual(index, 1)
            XCTAssertTrue(message.contains("n"), message)
        }
    }

    func testCancellingTheConsumerClosesTheConnection() async throws {
        let clientClosed = StreamingSignal()
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                stream.send("data: first\n\n")
                if stream.waitForClientClose(timeout: 10) { clientClosed.raise() }
            }
        }
        defer { server.stop() }
        let api = client(server)
        let firstArrived = StreamingSignal()
        let operation = operation
        let consumer = Task {
            let request = RequestBuilder(method: "GET", path: "/feed")
            let response = try await api.stream(request, operation: operation, accept: "text/event-stream")
            for try await _ in api.serverSentEvents(from: response, request: request, operation: operation) {
                firstArrived.raise()
            }
        }
        let arrived = await firstArrived.waitAsync(timeout: 10)
        XCTAssertTrue(arrived)
        consumer.cancel()
        let closed = await clientClosed.waitAsync(timeout: 10)
        XCTAssertTrue(closed, "the server must see the connection closed once the consuming task is cancelled")
        let result = await consumer.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
    }

    func testCredentialsAndRetriesApplyBeforeTheFirstByteOnly() async throws {
        let attempts = Locked(0)
        let server = try LoopbackServer { request in
            let attempt = attempts.increment()
            if attempt == 1 { return .status(503, headers: [("Retry-After", "0")]) }
            return .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                stream.send("data: \(request.headerFields[.authorization] ?? "none")\n\n")
            }
        }
        defer { server.stop() }
        let auth = AuthMiddleware(provider: StaticTokenProvider(token: "t0ken"))
        let api = client(server, middlewares: [RetryMiddleware(), auth])
        let request = RequestBuilder(method: "GET", path: "/feed")
        let response = try await api.stream(request, operation: operation, accept: "text/event-stream")
        var data: [String] = []
        for try await event in api.serverSentEvents(from: response, request: request, operation: operation) {
            data.append(event.data)
        }
        XCTAssertEqual(data, ["Bearer t0ken"])
        XCTAssertEqual(server.requests.count, 2, "a 503 head is retried")
    }
}

extension StreamingLoopbackTests {
    func testTheHTTPCacheNeverStoresAStreamedBody() async throws {
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "application/jsonl"), ("Cache-Control", "max-age=600")]) { stream in
                stream.send(#"{"n":1,"text":"a"}"# + "\n")
            }
        }
        defer { server.stop() }
        let api = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10),
                            middlewares: [HTTPCache(storage: InMemoryStorage())])
        let request = RequestBuilder(method: "GET", path: "/feed")
        let operation = OperationInfo(id: "feed", method: "GET", path: "/feed")
        for _ in 0..<2 {
            let response = try await api.stream(request, operation: operation, accept: "application/jsonl")
            let body = try await response.body.collect(upTo: 1_000, url: server.baseURL)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"n":1,"text":"a"}"# + "\n")
        }
        XCTAssertEqual(server.requests.count, 2, "a max-age stream is not served from the cache")
    }

    func testTheTimeoutIsBetweenChunksSoALongStreamOutlivesIt() async throws {
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                for index in 0..<6 {
                    stream.send("data: \(index)\n\n")
                    usleep(500_000)
                }
            }
        }
        defer { server.stop() }
        let api = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 1))
        let request = RequestBuilder(method: "GET", path: "/feed")
        let operation = OperationInfo(id: "feed", method: "GET", path: "/feed")
        let response = try await api.stream(request, operation: operation, accept: "text/event-stream")
        var data: [String] = []
        for try await event in api.serverSentEvents(from: response, request: request, operation: operation) {
            data.append(event.data)
        }
        XCTAssertEqual(data, ["0", "1", "2", "3", "4", "5"], "3 s of events through a 1 s timeout")
    }

    func testAConsumerFallingTooFarBehindFailsInsteadOfBufferingWithoutBound() async throws {
        let sent = StreamingSignal()
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "application/octet-stream")]) { stream in
                for _ in 0..<10 { stream.send(Data(repeating: 1, count: 500)) }
                sent.raise()
            }
        }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10, maxResponseSize: 1_000)
        let response = try await transport.stream(APIRequest(method: .get, url: server.baseURL))
        let arrived = await sent.waitAsync(timeout: 10)
        XCTAssertTrue(arrived)
        try await Task.sleep(for: .milliseconds(200))
        do {
            for try await _ in response.body {}
            XCTFail("the unread bytes passed the limit")
        } catch APIError.streamConsumerTooSlow(let limit) {
            XCTAssertEqual(limit, 1_000)
        }
    }
}

/// A counter shared with a server thread.
private final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int

    init(_ value: Int) {
        self.value = value
    }

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// A token that never needs refreshing.
private struct StaticTokenProvider: AuthTokenProvider {
    let token: String

    func token() async throws -> String? {
        token
    }

    func refreshToken(rejected: String?) async throws -> String {
        token
    }
}
