@_spi(Generated) @testable import APIRuntime
@testable import APIRuntimeMiddleware
@testable import APIRuntimeStore
@testable import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

/// What `APIClient` adds for the runtime features: request events, the request context and options.
final class APIClientEventsTests: XCTestCase {
    func testEmitsStartedAndFinishedOrFailedWithTheSameID() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let mock = MockTransport()
        mock.on("GET /ok", respond: APIResponse(status: 204))
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock, events: events, accountProvider: { "ann" })
        _ = try await client.send(RequestBuilder(method: "GET", path: "/ok"), operation: TestOperations.getItems)
        mock.offline = true
        _ = try? await client.send(RequestBuilder(method: "GET", path: "/ok"), operation: TestOperations.getItems)
        let complete = await collector.wait { $0.count == 4 }
        XCTAssertTrue(complete)
        guard case .requestStarted(let started1) = collector.all[0], case .requestFinished(let finished) = collector.all[1],
              case .requestStarted(let started2) = collector.all[2], case .requestFailed(let failed) = collector.all[3]
        else { return XCTFail("\(collector.all)") }
        XCTAssertEqual(started1.id, finished.id)
        XCTAssertEqual(finished.status, 204)
        XCTAssertEqual(finished.source, .network)
        XCTAssertEqual(finished.account, "ann")
        XCTAssertNotNil(finished.duration)
        XCTAssertEqual(started2.id, failed.id)
        XCTAssertNotEqual(started1.id, started2.id)
        XCTAssertNotNil(failed.error)
        XCTAssertEqual(failed.operation, "getItems")
    }

    func testAnInvalidResponseIsAValidationFailedEventInEveryMode() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: MockTransport(), events: events)
        let response = APIResponse.json(#"{"id":"x"}"#)
        let requireIntegerID: (JSONInstance, ValidationContext) -> Bool = { instance, context in
            guard case .object(let object) = instance, case .number = object["id"] else {
                context.fail(keyword: "type", keywordLocation: "/properties/id/type", schemaLocation: "#/properties/id",
                             message: "expected an integer")
                return false
            }
            return true
        }
        XCTAssertThrowsError(try client.validateResponse(response, operation: TestOperations.getItems, mode: .reject,
                                                         validator: requireIntegerID))
        try client.validateResponse(response, operation: TestOperations.getItems, mode: .reportOnly, validator: requireIntegerID)
        let complete = await collector.wait { $0.count == 2 }
        XCTAssertTrue(complete, "\(collector.all)")
        for event in collector.all {
            guard case .validationFailed(let operation, let message) = event else { return XCTFail("\(event)") }
            XCTAssertEqual(operation, "getItems")
            XCTAssertTrue(message.contains("expected an integer"), message)
        }
    }

    func testMiddlewaresSeeTheContextAndOptions() async throws {
        let seen = TestLock<[String]>([])
        let spy = SpyMiddleware { context in
            seen.withLock {
                $0.append("\(context?.operation.id ?? "-") \(context?.account ?? "-") \(context?.options.fetchPolicy.rawValue ?? "-") \(context?.isQueueable ?? false)")
            }
        }
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: mock, middlewares: [spy], accountProvider: { "ann" })
        _ = try await client.send(RequestBuilder(method: "GET", path: "/a"), operation: TestOperations.getItems)
        _ = try await client.fetch(.networkFirst) {
            try await client.send(RequestBuilder(method: "POST", path: "/m"), operation: TestOperations.postMessage)
        }
        _ = try await client.queueing {
            try await client.send(RequestBuilder(method: "GET", path: "/a"), operation: TestOperations.getItems)
        }
        XCTAssertEqual(seen.current, [
            "getItems ann networkOnly false", "postMessage ann networkFirst true", "getItems ann networkOnly true",
        ])
        XCTAssertNil(RequestContext.current)
    }

    func testOperationInfoKeepsItsThreeArgumentInitializer() {
        let operation = OperationInfo(id: "a", method: "GET", path: "/a")
        XCTAssertFalse(operation.isQueueable)
        XCTAssertTrue(OperationInfo(id: "a", method: "POST", path: "/a", isQueueable: true).isQueueable)
    }

    func testAnInterceptedTransportRunsMiddlewaresAroundIt() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let transport = mock.intercepted(
            by: [BaseParametersMiddleware(headerFields: [HTTPField.Name("X-A")!: "1"]), AuthMiddleware(provider: TestTokenProvider(token: "t"))])
        _ = try await transport.send(.get("https://cdn.test/image.png"))
        XCTAssertEqual(mock.requests.first?.headerFields[HTTPField.Name("X-A")!], "1")
        XCTAssertEqual(mock.requests.first?.headerFields[.authorization], "Bearer t")
    }
}

private struct SpyMiddleware: ClientMiddleware {
    let record: @Sendable (RequestContext?) -> Void

    func intercept(
        _ request: APIRequest, operation: OperationInfo, next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        record(RequestContext.current)
        return try await next(request)
    }
}
