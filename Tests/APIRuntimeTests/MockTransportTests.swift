@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

final class MockTransportTests: XCTestCase {
    private func request(_ method: String, _ url: String) -> APIRequest {
        APIRequest(method: HTTPRequest.Method(method)!, url: URL(string: url)!)
    }

    func testRoutesByMethodAndPath() async throws {
        let mock = MockTransport()
        mock.on("GET /members", respond: APIResponse(status: 200, body: Data("list".utf8)))
        mock.on("post /members", respond: APIResponse(status: 201))
        mock.on("GET /members/{id}") { request in
            APIResponse(status: 200, body: Data(request.url.lastPathComponent.utf8))
        }
        mock.on("GET /members/me", respond: APIResponse(status: 200, body: Data("me".utf8)))
        let list = try await mock.send(request("GET", "https://api.test/members?page=2"))
        XCTAssertEqual(list.bodyText, "list")
        let created = try await mock.send(request("POST", "https://api.test/members"))
        XCTAssertEqual(created.status, 201)
        let one = try await mock.send(request("GET", "https://api.test/members/42"))
        XCTAssertEqual(one.bodyText, "42")
        let me = try await mock.send(request("GET", "https://api.test/members/me"))
        XCTAssertEqual(me.bodyText, "me", "a route without placeholders wins")
        do {
            _ = try await mock.send(request("DELETE", "https://api.test/members/42"))
            XCTFail("expected UnhandledRequestError")
        } catch let error as MockTransport.UnhandledRequestError {
            XCTAssertEqual(error.method, "DELETE")
            XCTAssertTrue(error.description.contains("DELETE /members/42"), error.description)
        }
    }

    func testPlaceholderMatchesOneDecodedSegment() async throws {
        let mock = MockTransport()
        mock.on("GET /files/{name}", respond: APIResponse(status: 200))
        mock.on("GET /files/a b", respond: APIResponse(status: 202))
        let encoded = try await mock.send(request("GET", "https://api.test/files/a%20b"))
        XCTAssertEqual(encoded.status, 202)
        let slash = try await mock.send(request("GET", "https://api.test/files/a%2Fb"))
        XCTAssertEqual(slash.status, 200)
        do {
            _ = try await mock.send(request("GET", "https://api.test/files/a/b"))
            XCTFail("two segments must not match one placeholder")
        } catch is MockTransport.UnhandledRequestError {
        }
    }

    func testLaterRegistrationReplacesAndDefaultHandlerCatchesTheRest() async throws {
        let mock = MockTransport()
        mock.on("GET /x", respond: APIResponse(status: 500))
        mock.on("GET /x", respond: APIResponse(status: 200))
        mock.defaultHandler = { _ in APIResponse(status: 404) }
        let replaced = try await mock.send(request("GET", "https://api.test/x"))
        XCTAssertEqual(replaced.status, 200)
        let fallback = try await mock.send(request("GET", "https://api.test/y"))
        XCTAssertEqual(fallback.status, 404)
        XCTAssertNotNil(mock.defaultHandler)
    }

    func testRecordsRequestsInOrder() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        var post = request("POST", "https://api.test/a")
        post.body = Data("body".utf8)
        _ = try await mock.send(post)
        _ = try await mock.send(request("GET", "https://api.test/b"))
        XCTAssertEqual(mock.requests.map(\.url.path), ["/a", "/b"])
        XCTAssertEqual(mock.requests.first, post)
        mock.removeAllRequests()
        XCTAssertTrue(mock.requests.isEmpty)
    }

    func testConcurrentUse() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    _ = try await mock.send(APIRequest(method: .get, url: URL(string: "https://api.test/\(index)")!))
                }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(mock.requests.count, 50)
    }

    func testOffline() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        mock.offline = true
        XCTAssertTrue(mock.offline)
        do {
            _ = try await mock.send(request("GET", "https://api.test/x"))
            XCTFail("expected URLError")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .notConnectedToInternet)
        }
        XCTAssertEqual(mock.requests.count, 1)
        mock.offline = false
        let response = try await mock.send(request("GET", "https://api.test/x"))
        XCTAssertEqual(response.status, 200)
    }

    func testLatency() async throws {
        let mock = MockTransport(latency: .milliseconds(200), defaultHandler: { _ in APIResponse(status: 200) })
        XCTAssertEqual(mock.latency, .milliseconds(200))
        let start = ContinuousClock.now
        _ = try await mock.send(request("GET", "https://api.test/x"))
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(200))
        mock.latency = .zero
        XCTAssertEqual(mock.latency, .zero)
    }

    func testCancellationDuringLatency() async throws {
        let mock = MockTransport(latency: .seconds(30), defaultHandler: { _ in APIResponse(status: 200) })
        let task = Task { try await mock.send(APIRequest(method: .get, url: URL(string: "https://api.test/x")!)) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch is CancellationError {
        }
    }

    func testHandlerErrorsPropagate() async throws {
        struct Boom: Error {}
        let mock = MockTransport()
        mock.on("GET /x") { _ in throw Boom() }
        do {
            _ = try await mock.send(request("GET", "https://api.test/x"))
            XCTFail("expected Boom")
        } catch is Boom {
        }
    }
}
