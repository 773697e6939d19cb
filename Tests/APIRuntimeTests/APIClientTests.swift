@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

private struct Member: Decodable, Equatable {
    var ident: String
}

private struct Team: Decodable {
    var name: String
    var members: [Member]
}

private struct Tagging: ClientMiddleware {
    let name: String
    let log: Recorder<String>

    func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        log.append("\(name) before \(operation.id)")
        var request = request
        request.headerFields.append(HTTPField(name: HTTPField.Name("X-Chain")!, value: name))
        var response = try await next(request)
        log.append("\(name) after")
        response.headerFields.append(HTTPField(name: HTTPField.Name("X-Seen-By")!, value: name))
        return response
    }
}

private struct Failing: ClientMiddleware {
    struct Refused: Error {}

    func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        throw Refused()
    }
}

private struct ErrorObserving: ClientMiddleware {
    let log: Recorder<String>

    func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        do {
            return try await next(request)
        } catch {
            log.append("saw \(type(of: error))")
            throw error
        }
    }
}

final class APIClientTests: XCTestCase {
    private let operation = OperationInfo(id: "getTeam", method: "GET", path: "/teams/{id}")
    private let baseURL = URL(string: "https://api.test/v1")!

    private func getTeam(_ id: String = "t1") -> RequestBuilder {
        var builder = RequestBuilder(method: "GET", path: "/teams/{id}")
        builder.path("id", id)
        return builder
    }

    func testSendBuildsTheRequestAndAddsAccept() async throws {
        let mock = MockTransport()
        mock.on("GET /v1/teams/{id}", respond: .json(#"{"name": "A", "members": []}"#))
        let client = APIClient(baseURL: baseURL, transport: mock)
        var builder = getTeam("a b")
        builder.query("expand", true)
        let response = try await client.send(builder, operation: operation)
        XCTAssertEqual(response.status, 200)
        let request = try XCTUnwrap(mock.requests.first)
        XCTAssertEqual(request.url.absoluteString, "https://api.test/v1/teams/a%20b?expand=true")
        XCTAssertEqual(request.method, .get)
        XCTAssertEqual(request.headerFields[.accept], "application/json")
    }

    func testExplicitAcceptIsKept() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 204) })
        let client = APIClient(baseURL: baseURL, transport: mock)
        var builder = getTeam()
        builder.header("accept", "text/csv")
        _ = try await client.send(builder, operation: operation)
        XCTAssertEqual(mock.requests.first?.headerFields[values: .accept], ["text/csv"])
    }

    func testNonSuccessStatusesAreReturned() async throws {
        let mock = MockTransport(defaultHandler: { _ in .json(#"{"error": "nope"}"#, status: 404) })
        let response = try await APIClient(baseURL: baseURL, transport: mock).send(getTeam(), operation: operation)
        XCTAssertEqual(response.status, 404)
        XCTAssertFalse(response.isSuccess)
    }

    func testMiddlewaresRunInOrderAroundTheTransport() async throws {
        let log = Recorder<String>()
        let mock = MockTransport(defaultHandler: { request in
            log.append("transport \(request.headerFields[values: HTTPField.Name("X-Chain")!].joined(separator: ","))")
            return APIResponse(status: 200, body: Data("{}".utf8))
        })
        let client = APIClient(
            baseURL: baseURL, transport: mock,
            middlewares: [Tagging(name: "first", log: log), Tagging(name: "second", log: log)])
        let response = try await client.send(getTeam(), operation: operation)
        XCTAssertEqual(log.values, [
            "first before getTeam", "second before getTeam", "transport first,second", "second after", "first after",
        ])
        XCTAssertEqual(response.headerFields[values: HTTPField.Name("X-Seen-By")!], ["second", "first"])
    }

    func testDecodeSuccess() async throws {
        let mock = MockTransport()
        mock.on("GET /v1/teams/t1", respond: .json(#"{"name": "A", "members": [{"ident": "m1"}]}"#))
        let client = APIClient(baseURL: baseURL, transport: mock)
        let response = try await client.send(getTeam(), operation: operation)
        let team = try client.decode(Team.self, from: response, operation: operation)
        XCTAssertEqual(team.members, [Member(ident: "m1")])
    }

    private func decodingMessage<T: Decodable>(
        _ body: String, status: Int = 200, as type: T.Type = Team.self
    ) throws -> String {
        let client = APIClient(baseURL: baseURL, transport: MockTransport())
        do {
            _ = try client.decode(T.self, from: APIResponse(status: status, body: Data(body.utf8)), operation: operation)
            XCTFail("decoding \(body) should fail")
            return ""
        } catch APIError.decoding(let operationID, let errorStatus, let message) {
            XCTAssertEqual(operationID, "getTeam")
            XCTAssertEqual(errorStatus, status)
            return message
        }
    }

    func testDecodingErrorNamesTheCodingPath() throws {
        let body = #"{"name": "A", "members": [{"ident": "a"}, {"ident": "b"}, {"ident": "c"}, {"ident": 4}]}"#
        XCTAssertEqual(try decodingMessage(body), "members[3].ident: expected String, found number")
        XCTAssertEqual(try decodingMessage(#"{"name": "A", "members": [{"ident": null}]}"#), "members[0].ident: expected String, found null")
        XCTAssertEqual(try decodingMessage(#"{"name": "A", "members": [{}]}"#), "members[0]: missing required key 'ident'")
        XCTAssertEqual(try decodingMessage(#"{"name": "A"}"#), "response body: missing required key 'members'")
        XCTAssertEqual(try decodingMessage(#"{"name": "A", "members": {"ident": "x"}}"#), "members: expected array, found object")
        XCTAssertEqual(try decodingMessage(#"[1]"#, status: 201), "response body: expected object, found array")
        XCTAssertEqual(try decodingMessage(#"{"name": true, "members": []}"#), "name: expected String, found bool")
    }

    func testEmptyAndMalformedBodiesAreDecodingErrors() throws {
        XCTAssertTrue(try decodingMessage("").contains("empty body"))
        XCTAssertEqual(try decodingMessage(#"{"name": "#), #"response body is not valid JSON (it starts with: {"name": )"#)
        XCTAssertEqual(try decodingMessage("<html>"), "response body is not valid JSON (it starts with: <html>)")
        let long = try decodingMessage(String(repeating: "x", count: 500))
        XCTAssertEqual(long, "response body is not valid JSON (it starts with: \(String(repeating: "x", count: 100))…)")
        // Linux Foundation reports this without a path; Apple's names the path. Both must say something useful.
        struct Sizes: Decodable {
            var sizes: [Int]
        }
        let fraction = try decodingMessage(#"{"sizes": [1, 2.5]}"#, as: Sizes.self)
        XCTAssertTrue(fraction.hasPrefix("sizes[1]") || fraction.contains("does not fit the expected type"), fraction)
        // A top-level value that is valid JSON but rejected by its type keeps the type's own explanation.
        XCTAssertEqual(
            try decodingMessage(#""2024-13-01""#, as: CalendarDate.self),
            "response body: invalid date '2024-13-01', expected YYYY-MM-DD")
    }

    func testDecodingErrorDescriptionIsActionable() {
        let error = APIError.decoding(operation: "getTeam", status: 200, message: "members[3].ident: expected String, found number")
        XCTAssertTrue(error.description.contains("getTeam"))
        XCTAssertTrue(error.description.contains("members[3].ident: expected String, found number"))
    }

    func testTransportErrorsAreWrapped() async throws {
        let log = Recorder<String>()
        let client = APIClient(baseURL: baseURL, transport: MockTransport(offline: true), middlewares: [ErrorObserving(log: log)])
        do {
            _ = try await client.send(getTeam(), operation: operation)
            XCTFail("expected a transport error")
        } catch APIError.transport(let underlying) {
            XCTAssertEqual((underlying as? URLError)?.code, .notConnectedToInternet)
        }
        XCTAssertEqual(log.values, ["saw APIError"], "middlewares see the wrapped error")
    }

    func testUnhandledMockRequestIsATransportError() async throws {
        let client = APIClient(baseURL: baseURL, transport: MockTransport())
        do {
            _ = try await client.send(getTeam(), operation: operation)
            XCTFail("expected a transport error")
        } catch APIError.transport(let underlying) {
            XCTAssertTrue(underlying is MockTransport.UnhandledRequestError)
            XCTAssertTrue("\(underlying)".contains("GET https://api.test/v1/teams/t1"), "\(underlying)")
        }
    }

    func testMiddlewareErrorsAreNotWrapped() async throws {
        let client = APIClient(baseURL: baseURL, transport: MockTransport(), middlewares: [Failing()])
        do {
            _ = try await client.send(getTeam(), operation: operation)
            XCTFail("expected the middleware's error")
        } catch is Failing.Refused {
        }
    }

    func testInvalidRequestsDoNotReachTheTransport() async throws {
        let mock = MockTransport()
        let client = APIClient(baseURL: baseURL, transport: mock)
        do {
            _ = try await client.send(RequestBuilder(method: "GET", path: "/teams/{id}"), operation: operation)
            XCTFail("expected invalidRequest")
        } catch APIError.invalidRequest(let message) {
            XCTAssertTrue(message.contains("'id'"), message)
        }
        XCTAssertTrue(mock.requests.isEmpty)
    }

    func testCancellationPropagatesAsCancellationError() async throws {
        let mock = MockTransport(latency: .seconds(30), defaultHandler: { _ in APIResponse(status: 200) })
        let client = APIClient(baseURL: baseURL, transport: mock)
        let operation = operation
        let request = getTeam()
        let started = ContinuousClock.now
        let task = Task {
            try await client.send(request, operation: operation)
        }
        while mock.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch is CancellationError {
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(10))
    }

    func testURLSessionStyleCancellationBecomesCancellationError() async throws {
        // URLSession reports a cancelled task as URLError.cancelled instead of CancellationError.
        let mock = MockTransport(defaultHandler: { _ in
            try? await Task.sleep(for: .seconds(30))
            throw URLError(.cancelled)
        })
        let client = APIClient(baseURL: baseURL, transport: mock)
        let operation = operation
        let request = getTeam()
        let task = Task {
            try await client.send(request, operation: operation)
        }
        while mock.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch is CancellationError {
        }
    }

    func testURLErrorCancelledWithoutTaskCancellationStaysATransportError() async throws {
        let client = APIClient(baseURL: baseURL, transport: MockTransport(defaultHandler: { _ in throw URLError(.cancelled) }))
        do {
            _ = try await client.send(getTeam(), operation: operation)
            XCTFail("expected APIError.transport")
        } catch APIError.transport(let underlying) {
            XCTAssertEqual((underlying as? URLError)?.code, .cancelled)
        }
    }

    func testAlreadyCancelledTaskDoesNotSend() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let client = APIClient(baseURL: baseURL, transport: mock)
        let operation = operation
        let request = getTeam()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(request, operation: operation)
        }
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch is CancellationError {
        }
        XCTAssertTrue(mock.requests.isEmpty)
    }

    func testDefaults() {
        let client = APIClient(baseURL: baseURL)
        XCTAssertTrue(client.transport is URLSessionTransport)
        XCTAssertTrue(client.middlewares.isEmpty)
        XCTAssertEqual(client.baseURL, baseURL)
        XCTAssertEqual(operation.description, "getTeam (GET /teams/{id})")
    }
}
