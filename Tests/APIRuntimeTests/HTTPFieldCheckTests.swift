import LoopbackTestServer
@_spi(Generated) import APIRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

/// CR, LF and NUL in a method, header name or header value never reach the wire: a typed error before sending.
final class HTTPFieldCheckTests: XCTestCase {
    /// Counts what reaches it.
    final class CountingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var sent: Int { lock.withLock { count } }
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            lock.withLock { count += 1 }
            return HTTPResponse(status: 200, headers: [:], body: Data())
        }
    }

    static let hostile: [(request: @Sendable (URL) -> HTTPRequest, part: InvalidHeaderError.Part, byte: UInt8)] = [
        ({ HTTPRequest(method: "GET", url: $0, headers: ["X-Value": "a\r\nInjected: yes"]) }, .value, 0x0D),
        ({ HTTPRequest(method: "GET", url: $0, headers: ["X-Value": "a\nInjected: yes"]) }, .value, 0x0A),
        ({ HTTPRequest(method: "GET", url: $0, headers: ["X-Value": "a\u{0}b"]) }, .value, 0x00),
        ({ HTTPRequest(method: "GET", url: $0, headers: ["X-Name\r\nInjected": "yes"]) }, .name, 0x0D),
        ({ HTTPRequest(method: "GET", url: $0, headers: ["X-Name\n": "yes"]) }, .name, 0x0A),
        ({ HTTPRequest(method: "GET", url: $0, headers: ["X-Na\u{0}me": "yes"]) }, .name, 0x00),
        ({ HTTPRequest(method: "GET /other HTTP/1.1\r\nX:", url: $0) }, .method, 0x20),
    ]

    func testURLSessionTransportSendsNothing() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10)
        for (make, part, byte) in Self.hostile {
            do {
                _ = try await transport.send(make(server.baseURL))
                XCTFail("sent \(make(server.baseURL).headers)")
            } catch let error as InvalidHeaderError {
                XCTAssertEqual(error.part, part)
                XCTAssertEqual(error.byte, byte)
                XCTAssertFalse(error.description.contains("\n"), error.description)
            }
        }
        XCTAssertEqual(server.requests.count, 0)
        let fine = try await transport.send(HTTPRequest(method: "GET", url: server.baseURL, headers: ["X-Value": "tab\tand ünïcode"]))
        XCTAssertEqual(fine.status, 200)
    }

    /// Checked by the client whatever the transport, after the middlewares (which may add fields).
    func testAPIClientChecksBeforeAnyTransport() async throws {
        let transport = CountingTransport()
        let url = URL(string: "https://example.com")!
        let client = APIClient(baseURL: url, transport: transport)
        for (make, part, _) in Self.hostile {
            do {
                _ = try await client.send(make(url), operation: OperationInfo(id: "op", method: "GET", path: "/"))
                XCTFail("sent")
            } catch let error as InvalidHeaderError {
                XCTAssertEqual(error.part, part)
            }
        }
        var builder = RequestBuilder(method: "GET", path: "/items")
        builder.header("X-Param", "value\r\nInjected: yes")
        do {
            _ = try await client.send(builder, operation: OperationInfo(id: "op", method: "GET", path: "/items"))
            XCTFail("sent")
        } catch let error as InvalidHeaderError {
            XCTAssertEqual(error.part, .value)
        }
        XCTAssertEqual(transport.sent, 0)
    }
}
