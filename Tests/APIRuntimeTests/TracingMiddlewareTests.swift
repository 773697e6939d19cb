import APIRuntime
import APIRuntimeTesting
import APIRuntimeTracing
import Foundation
import InMemoryTracing
import Tracing
import HTTPTypes
import XCTest

final class TracingMiddlewareTests: XCTestCase {
    static let getMember = OperationInfo(id: "getMember", method: "GET", path: "/members/{id}")

    func testEachRequestIsAClientSpanNamedByItsOperationWithTheTraceInItsHeaders() async throws {
        let tracer = InMemoryTracer()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200, body: Data("{}".utf8)) })
        let client = APIClient(baseURL: URL(string: "https://api.test:8443/v1")!, transport: mock,
                               middlewares: [TracingMiddleware(tracer: tracer)])
        _ = try await client.send(.get("https://api.test:8443/v1/members/42?api_key=secret"), operation: Self.getMember)

        let span = try XCTUnwrap(tracer.finishedSpans.first)
        XCTAssertEqual(tracer.finishedSpans.count, 1)
        XCTAssertEqual(span.operationName, "getMember")
        XCTAssertEqual(span.kind, .client)
        XCTAssertEqual(span.attributes.get("http.request.method"), .string("GET"))
        XCTAssertEqual(span.attributes.get("url.template"), .string("/members/{id}"))
        XCTAssertEqual(span.attributes.get("server.address"), .string("api.test"))
        XCTAssertEqual(span.attributes.get("server.port"), .int64(8443))
        XCTAssertEqual(span.attributes.get("http.response.status_code"), .int64(200))
        XCTAssertNil(span.status, "a 2xx leaves the status unset")
        var attributeValues: [String] = []
        span.attributes.forEach { _, value in attributeValues.append("\(value)") }
        XCTAssertFalse(attributeValues.contains { $0.contains("secret") || $0.contains("42") }, "\(attributeValues)")

        // The server sees the span as the parent of its own.
        let sent = try XCTUnwrap(mock.requests.first)
        XCTAssertEqual(sent.headerFields[HTTPField.Name(InMemoryTracer.traceIDKey)!], span.traceID)
        XCTAssertEqual(sent.headerFields[HTTPField.Name(InMemoryTracer.spanIDKey)!], span.spanID)
    }

    func testTheSpanIsAChildOfTheCallersSpan() async throws {
        let tracer = InMemoryTracer()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 204) })
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock,
                               middlewares: [TracingMiddleware(tracer: tracer)])
        try await tracer.withSpan("profile screen") { _ in
            _ = try await client.send(.get("https://api.test/members/1"), operation: Self.getMember)
        }
        let request = try XCTUnwrap(tracer.finishedSpans.first { $0.operationName == "getMember" })
        let screen = try XCTUnwrap(tracer.finishedSpans.first { $0.operationName == "profile screen" })
        XCTAssertEqual(request.parentSpanID, screen.spanID)
        XCTAssertEqual(request.traceID, screen.traceID)
    }

    func testErrorStatusesAndThrownErrorsMarkTheSpan() async throws {
        let tracer = InMemoryTracer()
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 503) })
        mock.goOffline(forNext: 1)
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock,
                               middlewares: [TracingMiddleware(tracer: tracer)])
        do {
            _ = try await client.send(.get("https://api.test/members/1"), operation: Self.getMember)
            XCTFail("the transport was offline")
        } catch {}
        let response = try await client.send(.get("https://api.test/members/1"), operation: Self.getMember)
        XCTAssertEqual(response.status, 503)

        XCTAssertEqual(tracer.finishedSpans.count, 2)
        let failed = tracer.finishedSpans[0], unavailable = tracer.finishedSpans[1]
        XCTAssertEqual(failed.errors.count, 1, "the thrown error is recorded")
        XCTAssertEqual(failed.status?.code, .error)
        XCTAssertNil(failed.attributes.get("http.response.status_code"))
        XCTAssertEqual(unavailable.status?.code, .error)
        XCTAssertEqual(unavailable.attributes.get("http.response.status_code"), .int64(503))
        XCTAssertEqual(unavailable.errors.count, 0)
    }
}
