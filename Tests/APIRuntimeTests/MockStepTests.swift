@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

/// The scripting added to `MockTransport`: steps, per-operation routes, offline periods.
final class MockStepTests: XCTestCase {
    private struct Item: Decodable {
        var id: Int
    }

    func testScriptsPlayInOrderAndRepeatTheLastStep() async throws {
        let clock = ManualClock()
        let mock = MockTransport(clock: clock)
        mock.script("GET /x", [.offline, .status(503), .delayed(.seconds(2), .json(#"{"id":1}"#)), .fail(URLError(.timedOut))])
        let request = APIRequest.get("https://api.test/x")
        do {
            _ = try await mock.send(request)
            XCTFail("offline first")
        } catch let error as URLError {
            XCTAssertEqual(error.code, .notConnectedToInternet)
        }
        let unavailable = try await mock.send(request)
        XCTAssertEqual(unavailable.status, 503)
        let delayed = try await mock.send(request)
        XCTAssertEqual(delayed.bodyText, #"{"id":1}"#)
        XCTAssertEqual(clock.sleeps, [.seconds(2)], "scripted latency runs on the injected clock")
        for _ in 0..<2 {
            do {
                _ = try await mock.send(request)
                XCTFail("the last step repeats")
            } catch let error as URLError {
                XCTAssertEqual(error.code, .timedOut)
            }
        }
    }

    func testOperationRoutesMatchUnderAnyBasePath() async throws {
        let mock = MockTransport()
        let getMember = OperationInfo(id: "getMember", method: "GET", path: "/members/{id}")
        mock.on(getMember, respond: .json(#"{"id":7}"#))
        let client = APIClient(baseURL: URL(string: "https://api.test/v2")!, transport: mock)
        var builder = RequestBuilder(method: "GET", path: "/members/{id}")
        builder.path("id", 7)
        let response = try await client.send(builder, operation: getMember)
        XCTAssertEqual(try client.decode(Item.self, from: response, operation: getMember).id, 7)
        do {
            _ = try await mock.send(.get("https://api.test/v2/members/7/friends"))
            XCTFail("a longer path is another operation")
        } catch is MockTransport.UnhandledRequestError {}
    }

    func testTruncatedWrongTypedAndCutOffBodies() async throws {
        let mock = MockTransport()
        let operation = TestOperations.getItems
        mock.script(operation, [
            .truncated(.json(#"{"id": 12345}"#), keepingBytes: 7),
            .wrongContentType(APIResponse(status: 200, body: Data("<html>maintenance</html>".utf8)), contentType: "text/html"),
            .connectionLost,
        ])
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock)
        let truncated = try await client.send(RequestBuilder(method: "GET", path: "/items"), operation: operation)
        XCTAssertEqual(truncated.headerFields[.contentLength], "13", "the announced length stays")
        XCTAssertThrowsError(try client.decode(Item.self, from: truncated, operation: operation)) { error in
            guard case APIError.decoding = error else { return XCTFail("\(error)") }
        }
        let html = try await client.send(RequestBuilder(method: "GET", path: "/items"), operation: operation)
        XCTAssertEqual(html.headerFields[.contentType], "text/html")
        XCTAssertThrowsError(try client.decode(Item.self, from: html, operation: operation))
        do {
            _ = try await client.send(RequestBuilder(method: "GET", path: "/items"), operation: operation)
            XCTFail("expected connection lost")
        } catch APIError.transport(let error) {
            XCTAssertEqual((error as? URLError)?.code, .networkConnectionLost)
        }
    }

    func testOfflinePeriodsByCountAndByTime() async throws {
        let clock = ManualClock()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) }, clock: clock)
        let request = APIRequest.get("https://api.test/x")
        mock.goOffline(forNext: 2)
        for _ in 0..<2 {
            do {
                _ = try await mock.send(request)
                XCTFail("offline")
            } catch is URLError {}
        }
        let online = try await mock.send(request)
        XCTAssertEqual(online.status, 200)
        mock.goOffline(for: .seconds(30))
        clock.advance(by: .seconds(29))
        do {
            _ = try await mock.send(request)
            XCTFail("still offline")
        } catch is URLError {}
        clock.advance(by: .seconds(2))
        let back = try await mock.send(request)
        XCTAssertEqual(back.status, 200)
    }
}
