@_spi(Generated) import APIRuntime
import Foundation
import HTTPTypes
import XCTest

final class HTTPResponseTests: XCTestCase {
    func testJSONHelpers() throws {
        let text = APIResponse.json(#"{"a":1}"#, status: 201)
        XCTAssertEqual(text.status, 201)
        XCTAssertEqual(text.headerFields[.contentType], "application/json")
        XCTAssertEqual(text.bodyText, #"{"a":1}"#)
        let encoded = try APIResponse.json(["a": 1])
        XCTAssertEqual(encoded.status, 200)
        XCTAssertEqual(encoded.bodyText, #"{"a":1}"#)
    }

    func testSuccessRange() {
        XCTAssertTrue(APIResponse(status: 200).isSuccess)
        XCTAssertTrue(APIResponse(status: 299).isSuccess)
        XCTAssertFalse(APIResponse(status: 199).isSuccess)
        XCTAssertFalse(APIResponse(status: 300).isSuccess)
        XCTAssertEqual(APIResponse(status: 204).body, Data())
    }
}
