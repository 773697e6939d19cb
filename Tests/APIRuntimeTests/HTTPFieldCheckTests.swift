import APIRuntimeTesting
import LoopbackTestServer
@_spi(Generated) import APIRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

/// CR, LF and NUL never reach the wire as a header line: what callers give (header parameters, cookies, methods,
/// credentials) is a typed error before sending, and a value set straight in `HTTPFields` has such bytes made spaces.
final class HTTPFieldCheckTests: XCTestCase {
    private let url = URL(string: "https://example.com")!

    private func sendThroughClient(
        _ builder: RequestBuilder, credentials: [String: any SchemeCredential] = [:],
        security: [SecurityRequirement]? = nil
    ) async throws -> MockTransport {
        let transport = MockTransport(defaultHandler: { _ in APIResponse(status: 204) })
        let client = APIClient(baseURL: url, transport: transport, credentials: CredentialSet(credentials))
        _ = try await client.send(builder, operation: OperationInfo(id: "op", method: "GET", path: "/items", security: security))
        return transport
    }

    /// Which `APIError` case a refused request should throw.
    enum Part { case method, name, value }

    private func assertRejected(
        _ part: Part, byte: UInt8, file: StaticString = #filePath, line: UInt = #line,
        _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            XCTFail("sent", file: file, line: line)
        } catch let error as APIError {
            switch (error, part) {
            case (.invalidMethod(_, let found), .method), (.invalidHeaderName(_, let found), .name),
                 (.invalidHeaderValue(_, let found), .value):
                XCTAssertEqual(found, byte, file: file, line: line)
            default:
                XCTFail("expected an invalid \(part), got \(error)", file: file, line: line)
            }
            XCTAssertFalse(error.description.contains("\n"), error.description, file: file, line: line)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
    }

    func testHeaderParameterValuesAndNamesThatCouldInjectAreTypedErrors() async {
        for (value, byte) in [("a\r\nInjected: yes", UInt8(0x0D)), ("a\nInjected: yes", 0x0A), ("a\u{0}b", 0x00)] {
            var builder = RequestBuilder(method: "GET", path: "/items")
            builder.header("X-Param", value)
            await assertRejected(.value, byte: byte) { _ = try await self.sendThroughClient(builder) }
        }
        for (name, byte) in [("X-Name\r\nInjected", UInt8(0x0D)), ("X-Name\n", 0x0A), ("X-Na\u{0}me", 0x00), ("X Name", 0x20)] {
            var builder = RequestBuilder(method: "GET", path: "/items")
            builder.header(name, "yes")
            await assertRejected(.name, byte: byte) { _ = try await self.sendThroughClient(builder) }
        }
    }

    func testAMethodThatIsNotATokenIsATypedError() async {
        let builder = RequestBuilder(method: "GET /other HTTP/1.1\r\nX:", path: "/items")
        await assertRejected(.method, byte: 0x20) { _ = try await self.sendThroughClient(builder) }
    }

    func testACookieThatCouldInjectIsATypedError() async {
        var builder = RequestBuilder(method: "GET", path: "/items")
        builder.cookie("session\r\nInjected", "1")
        await assertRejected(.value, byte: 0x0D) { _ = try await self.sendThroughClient(builder) }
    }

    func testACredentialThatCouldInjectIsATypedErrorNotAChangedToken() async {
        let bearer = SecurityScheme(name: "bearer", kind: .http(scheme: "bearer"))
        let apiKey = SecurityScheme(name: "key", kind: .apiKey(name: "X-Key", location: .header))
        await assertRejected(.value, byte: 0x0A) {
            _ = try await self.sendThroughClient(
                RequestBuilder(method: "GET", path: "/items"), credentials: ["bearer": BearerCredential("t\nInjected: yes")],
                security: [SecurityRequirement([.init(bearer)])])
        }
        await assertRejected(.value, byte: 0x0D) {
            _ = try await self.sendThroughClient(
                RequestBuilder(method: "GET", path: "/items"), credentials: ["key": APIKeyCredential("k\r\n")],
                security: [SecurityRequirement([.init(apiKey)])])
        }
    }

    /// A middleware writes `HTTPFields` directly: swift-http-types turns the forbidden bytes into spaces, so the
    /// server receives one field with the value, never a second field.
    func testAValueSetInHTTPFieldsCannotInjectAFieldOnTheWire() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        var request = APIRequest(method: .get, url: server.baseURL)
        request.headerFields[HTTPField.Name("X-Value")!] = "a\r\nInjected: yes"
        let response = try await URLSessionTransport(timeout: 10).send(request)
        XCTAssertEqual(response.status, 200)
        let received = try XCTUnwrap(server.requests.first)
        XCTAssertNil(received.headerFields[HTTPField.Name("Injected")!])
        XCTAssertEqual(received.headerFields[HTTPField.Name("X-Value")!], "a  Injected: yes")
    }

    func testTabsAndUnicodeInValuesAreSentAsGiven() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        var builder = RequestBuilder(method: "GET", path: "/items")
        builder.header("X-Value", "tab\tand ünïcode")
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let response = try await client.send(builder, operation: OperationInfo(id: "op", method: "GET", path: "/items"))
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(server.requests.first?.headerFields[HTTPField.Name("X-Value")!], "tab\tand ünïcode")
    }
}
