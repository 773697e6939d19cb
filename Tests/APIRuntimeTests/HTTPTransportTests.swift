import APIRuntime
import Foundation
import HTTPTypes
import XCTest

/// ``HTTPTransport``'s one requirement is `send`: a transport that writes nothing else still serves streamed calls
/// through the protocol's default `stream`, which delivers the whole body as one chunk.
final class HTTPTransportTests: XCTestCase {
    /// Answers every request with the body it received, and counts what it was asked to do.
    private final class EchoTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var sent: [APIRequest] = []
        var requests: [APIRequest] { lock.withLock { sent } }

        func send(_ request: APIRequest) async throws -> APIResponse {
            lock.withLock { sent.append(request) }
            return APIResponse(status: 200, headerFields: [.contentType: "text/plain"], body: request.body ?? Data("none".utf8))
        }
    }

    private let operation = OperationInfo(id: "echo", method: "POST", path: "/echo")

    func testASendOnlyTransportStreamsTheWholeBodyAsOneChunk() async throws {
        let transport = EchoTransport()
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let response = try await client.stream(
            APIRequest(method: .post, url: URL(string: "https://api.test/echo")!, body: Data("hello".utf8)),
            operation: operation)
        XCTAssertEqual(response.status, 200)
        var chunks: [Data] = []
        for try await chunk in response.body { chunks.append(chunk) }
        XCTAssertEqual(chunks, [Data("hello".utf8)])
        XCTAssertEqual(transport.requests.count, 1)
    }

    func testTheDefaultStreamReadsABodyFileIntoTheRequest() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("transport-\(UUID().uuidString).txt")
        try Data("from disk".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var request = APIRequest(method: .post, url: URL(string: "https://api.test/echo")!)
        request.bodyFile = file
        let transport = EchoTransport()
        let response = try await transport.stream(request)
        var received = Data()
        for try await chunk in response.body { received.append(chunk) }
        XCTAssertEqual(String(decoding: received, as: UTF8.self), "from disk")
        XCTAssertNil(transport.requests.first?.bodyFile, "a send-only transport gets the file's bytes as the body")
    }
}
