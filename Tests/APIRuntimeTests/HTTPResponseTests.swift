@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class HTTPResponseTests: XCTestCase {
    func testJSONHelpers() throws {
        let text = HTTPResponse.json(#"{"a":1}"#, status: 201)
        XCTAssertEqual(text.status, 201)
        XCTAssertEqual(text.headers["content-type"], "application/json")
        XCTAssertEqual(text.bodyText, #"{"a":1}"#)
        let encoded = try HTTPResponse.json(["a": 1])
        XCTAssertEqual(encoded.status, 200)
        XCTAssertEqual(encoded.bodyText, #"{"a":1}"#)
    }

    func testSuccessRange() {
        XCTAssertTrue(HTTPResponse(status: 200).isSuccess)
        XCTAssertTrue(HTTPResponse(status: 299).isSuccess)
        XCTAssertFalse(HTTPResponse(status: 199).isSuccess)
        XCTAssertFalse(HTTPResponse(status: 300).isSuccess)
        XCTAssertEqual(HTTPResponse(status: 204).body, Data())
    }
}
