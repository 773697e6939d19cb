import LoopbackTestServer
@_spi(Generated) import APIRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

/// `URLSessionTransport` against a real HTTP server on loopback: statuses, bodies, timeouts, cancellation and
/// broken connections.
final class URLSessionTransportLoopbackTests: XCTestCase {
    func testSendsMethodHeadersAndBodyAndReturnsTheResponse() async throws {
        let server = try LoopbackServer { request in
            .json(#"{"echo":"\#(request.bodyText)"}"#, status: 201, headers: [("X-Seen", request.headerFields[HTTPField.Name("X-Test")!] ?? "")])
        }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10)
        let response = try await transport.send(APIRequest(
            method: .post, url: server.baseURL.appendingPathComponent("items"), headerFields: [HTTPField.Name("X-Test")!: "yes"],
            body: Data("hello".utf8)))
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.headerFields[HTTPField.Name("X-Seen")!], "yes")
        XCTAssertEqual(response.bodyText, #"{"echo":"hello"}"#)
        XCTAssertEqual(server.requests.first?.method, "POST")
        XCTAssertEqual(server.requests.first?.path, "/items")
    }

    /// OpenAPI 3.2's `query` operations and `additionalOperations` (`LINK`): generated code builds them with the
    /// method as a string, and URLSession sends it as written, with the body a QUERY carries.
    func testMethodsWithoutAConstantAreSentAsWrittenWithTheirBody() async throws {
        let server = try LoopbackServer { _ in .json("[]") }
        defer { server.stop() }
        var query = RequestBuilder(method: "QUERY", path: "/items")
        try query.jsonBody(["term": "lamp"], encoder: JSONEncoder())
        let searched = try await URLSessionTransport(timeout: 10).send(query.build(baseURL: server.baseURL))
        XCTAssertEqual(searched.bodyText, "[]")
        XCTAssertEqual(server.requests.first?.bodyText, #"{"term":"lamp"}"#)
        let link = RequestBuilder(method: "LINK", path: "/items")
        _ = try await URLSessionTransport(timeout: 10).send(link.build(baseURL: server.baseURL))
        XCTAssertEqual(server.requests.map(\.method), ["QUERY", "LINK"])
        XCTAssertEqual(server.requests.first?.headerFields[.contentType], "application/json")
        XCTAssertEqual(server.requests.last?.bodyByteCount, 0)
    }

    /// swift-http-types keeps one field per cookie; on the wire they are one `Cookie` line joined with `; `, and other
    /// repeated fields one line joined with `, ` (a cookie list joined with commas would be read as one cookie).
    func testRepeatedFieldsAndCookiesAreOneLineEachOnTheWire() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        var request = APIRequest(method: .get, url: server.baseURL)
        request.headerFields[.cookie] = "a=1; b=2"
        request.headerFields.append(HTTPField(name: .cookie, value: "c=3"))
        request.headerFields.append(HTTPField(name: .acceptLanguage, value: "fi"))
        request.headerFields.append(HTTPField(name: .acceptLanguage, value: "en;q=0.5"))
        _ = try await URLSessionTransport(timeout: 10).send(request)
        let received = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(received.headerFields[values: .cookie], ["a=1; b=2; c=3"])
        XCTAssertEqual(received.headerFields[values: .acceptLanguage], ["fi, en;q=0.5"])
    }

    func testAGETWithABodyIsRefusedWithAReasonInsteadOfURLSessionsOpaqueError() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let request = APIRequest(method: .get, url: server.baseURL, body: Data("{}".utf8))
        do {
            _ = try await URLSessionTransport(timeout: 10).send(request)
            XCTFail("URLSession cannot send it")
        } catch let APIError.invalidRequest(message) {
            XCTAssertTrue(message.contains("cannot send a body with GET"), message)
        }
        XCTAssertTrue(server.requests.isEmpty)
        _ = try await URLSessionTransport(timeout: 10).send(APIRequest(method: .get, url: server.baseURL, body: Data()))
        XCTAssertEqual(server.requests.count, 1, "an empty body is no body")
    }

    func testADotSegmentParameterReachesTheServerAsItsOwnSegment() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        var builder = RequestBuilder(method: "GET", path: "/groups/{group}/items/{item}")
        builder.path("group", "..")
        builder.path("item", ".")
        _ = try await URLSessionTransport(timeout: 10).send(builder.build(baseURL: server.baseURL))
        XCTAssertEqual(server.requests.first?.path, "/groups/%2E%2E/items/%2E",
                       "a literal `..` would have been resolved away before sending")
    }

    /// Twilio documents a `307` whose JSON body says where the data is: URLSession followed it (and on Linux drops
    /// every 3xx body it may follow), so the documented response never reached the caller.
    func testARedirectIsReturnedWithItsBodyWhenTheRequestDoesNotFollowRedirects() async throws {
        let server = try LoopbackServer { request in
            request.path == "/old" ? .json(#"{"redirect_to":"/new"}"#, status: 307, headers: [("Location", "/new")])
                : .json(#"{"new":true}"#)
        }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10)
        var request = APIRequest(method: .get, url: server.baseURL.appendingPathComponent("old"))
        let followed = try await transport.send(request)
        XCTAssertEqual(followed.status, 200)
        XCTAssertEqual(followed.bodyText, #"{"new":true}"#)
        XCTAssertEqual(server.requests.map(\.path), ["/old", "/new"])

        request.followsRedirects = false
        let returned = try await transport.send(request)
        XCTAssertEqual(returned.status, 307)
        XCTAssertEqual(returned.bodyText, #"{"redirect_to":"/new"}"#)
        XCTAssertEqual(returned.headerFields[.location], "/new")
        XCTAssertEqual(server.requests.map(\.path), ["/old", "/new", "/old"])
    }

    func testNotModifiedIsPassedThroughBecauseURLSessionCachesNothing() async throws {
        let server = try LoopbackServer { request in
            request.headerFields[.ifNoneMatch] == "\"v1\"" ? .status(304, headers: [("ETag", "\"v1\"")])
                : .json("{}", headers: [("ETag", "\"v1\""), ("Cache-Control", "max-age=600")])
        }
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10)
        let url = server.baseURL.appendingPathComponent("doc")
        let first = try await transport.send(APIRequest(method: .get, url: url))
        XCTAssertEqual(first.status, 200)
        let second = try await transport.send(APIRequest(method: .get, url: url))
        XCTAssertEqual(second.status, 200)
        XCTAssertEqual(server.requests.count, 2, "URLSession must not answer max-age responses from its own cache")
        let conditional = try await transport.send(APIRequest(method: .get, url: url, headerFields: [.ifNoneMatch: "\"v1\""]))
        XCTAssertEqual(conditional.status, 304)
    }

    func testTimeoutThrowsTimedOut() async throws {
        let server = try LoopbackServer { _ in ServerReply(status: 200, delay: 3) }
        defer { server.stop() }
        // Below one second on purpose: FoundationNetworking would fail such a request at once without rounding.
        let transport = URLSessionTransport(timeout: 0.4)
        let start = ContinuousClock.now
        do {
            _ = try await transport.send(APIRequest(method: .get, url: server.baseURL))
            XCTFail("expected a timeout")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .timedOut)
        }
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(350), "the timeout fired too early")
    }

    func testCancellationEndsTheRequestWithCancellationError() async throws {
        let server = try LoopbackServer { _ in ServerReply(status: 200, delay: 5) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 30))
        let start = ContinuousClock.now
        let task = Task {
            try await client.send(RequestBuilder(method: "GET", path: "/slow"), operation: OperationInfo(id: "slow", method: "GET", path: "/slow"))
        }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected cancellation")
        } catch is CancellationError {
        }
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(4), "cancellation must not wait for the server")
    }

    func testServerClosingMidBodyThrows() async throws {
        let body = Data(repeating: UInt8(ascii: "a"), count: 10_000)
        let server = try LoopbackServer { _ in
            ServerReply(status: 200, headers: [("Content-Type", "application/json")], body: body, closeAfterBodyBytes: 100)
        }
        defer { server.stop() }
        do {
            let response = try await URLSessionTransport(timeout: 10).send(APIRequest(method: .get, url: server.baseURL))
            XCTFail("expected an error, got \(response.status) with \(response.body.count) bytes")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .networkConnectionLost, "\(error)")
            XCTAssertTrue(APIError.isConnectivityFailure(error))
        }
    }

    func testConnectionRefusedIsAConnectivityFailure() async throws {
        let server = try LoopbackServer { _ in .status(200) }
        server.pause()
        defer { server.stop() }
        do {
            _ = try await URLSessionTransport(timeout: 5).send(APIRequest(method: .get, url: server.baseURL))
            XCTFail("expected connection refused")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .cannotConnectToHost)
            XCTAssertTrue(APIError.isConnectivityFailure(error))
        }
        server.resume()
        let response = try await URLSessionTransport(timeout: 5).send(APIRequest(method: .get, url: server.baseURL))
        XCTAssertEqual(response.status, 200)
    }
}
