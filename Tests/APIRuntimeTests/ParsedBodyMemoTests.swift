import XCTest
@_spi(Generated) @testable import APIRuntime
@testable import APIRuntimeTesting

final class ParsedBodyMemoTests: XCTestCase {
    func testParsesOnceAndReturnsTheSameTree() throws {
        let memo = ParsedBodyMemo()
        let body = Data(#"{"a":[1,2]}"#.utf8)
        let first = try memo.instance(of: body)
        let second = try memo.instance(of: body)
        XCTAssertEqual(first, second)
        XCTAssertEqual(first["a"]?.arrayValue?.count, 2)
    }

    func testAChangedBodyIsParsedAfresh() throws {
        let memo = ParsedBodyMemo()
        _ = try memo.instance(of: Data(#"{"a":1}"#.utf8))
        let changed = try memo.instance(of: Data(#"{"b":2}"#.utf8))
        XCTAssertNil(changed["a"])
        XCTAssertNotNil(changed["b"])
    }

    func testInvalidJSONThrowsEveryTime() {
        let memo = ParsedBodyMemo()
        let body = Data("{".utf8)
        XCTAssertThrowsError(try memo.instance(of: body))
        XCTAssertThrowsError(try memo.instance(of: body))
    }

    func testClientResponsesCarryAFreshMemoThatIsNotPartOfEquality() async throws {
        let mock = MockTransport()
        mock.on("GET /x", respond: APIResponse.json(#"{"ok":true}"#))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock)
        let operation = OperationInfo(id: "op", method: "GET", path: "/x")
        let response = try await client.send(RequestBuilder(method: "GET", path: "/x"), operation: operation)
        XCTAssertNotNil(response.parsedBodyMemo)
        XCTAssertEqual(response, APIResponse.json(#"{"ok":true}"#))
        XCTAssertEqual(try response.parsedBody()["ok"], .bool(true))
    }
}
