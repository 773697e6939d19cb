@_spi(Generated) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeTesting
import Foundation
import HTTPTypes
import XCTest

final class BaseParametersMiddlewareTests: XCTestCase {
    func testAddsQueryAndHeadersToEveryRequestWithoutOverriding() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let base = BaseParametersMiddleware(
            query: ["api_version": "3", "device": "ios phone"], headerFields: [HTTPField.Name("X-Device-Type")!: "ios", HTTPField.Name("X-App")!: "1.0"])
        _ = try await sendThrough(base, .get("https://api.test/items?page=2"), transport: mock)
        _ = try await sendThrough(base, .get("https://api.test/items?api_version=2", headerFields: [HTTPField.Name("X-App")!: "2.0"]), transport: mock)
        let first = mock.requests[0]
        XCTAssertEqual(first.url.absoluteString, "https://api.test/items?page=2&api_version=3&device=ios%20phone")
        XCTAssertEqual(first.headerFields[HTTPField.Name("X-Device-Type")!], "ios")
        let second = mock.requests[1]
        XCTAssertEqual(second.url.absoluteString, "https://api.test/items?api_version=2&device=ios%20phone")
        XCTAssertEqual(second.headerFields[HTTPField.Name("X-App")!], "2.0")
    }

    func testAppliesThroughAnAPIClient() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200) })
        let client = APIClient(
            baseURL: URL(string: "https://api.test/v1")!, transport: mock,
            middlewares: [BaseParametersMiddleware(query: ["v": "3"])])
        _ = try await client.send(RequestBuilder(method: "GET", path: "/items"), operation: TestOperations.getItems)
        XCTAssertEqual(mock.requests.first?.url.absoluteString, "https://api.test/v1/items?v=3")
    }
}
