@_spi(Generated) import APIRuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest

final class APIErrorTests: XCTestCase {
    func testIsSendable() {
        let error: any Error & Sendable = APIError.transport(URLError(.timedOut))
        XCTAssertTrue(error is APIError)
    }

    func testTransportDescriptionNamesTheURLError() throws {
        let url = try XCTUnwrap(URL(string: "https://api.test/x"))
        let error = APIError.transport(URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        XCTAssertTrue(error.description.contains("-1004"), error.description)
        XCTAssertTrue(error.description.contains("cannot connect to host"), error.description)
        XCTAssertTrue(error.description.contains("https://api.test/x"), error.description)
        XCTAssertEqual(error.localizedDescription, error.description)
    }

    func testTransportDescriptionOfOtherErrors() {
        struct Boom: Error, CustomStringConvertible {
            var description: String { "boom" }
        }
        XCTAssertTrue(APIError.transport(Boom()).description.contains("boom"))
    }

    func testInvalidRequestDescription() {
        XCTAssertEqual(APIError.invalidRequest("path parameter 'id' has no value").description,
                       "Invalid request: path parameter 'id' has no value.")
    }

    func testUnexpectedStatusShowsABodyExcerpt() {
        let short = APIError.unexpectedStatus(operation: "getTeam", status: 418, body: Data(#"{"error":"teapot"}"#.utf8))
        XCTAssertTrue(short.description.contains("getTeam returned HTTP 418"), short.description)
        XCTAssertTrue(short.description.contains(#"{"error":"teapot"}"#), short.description)
        let long = APIError.unexpectedStatus(operation: "x", status: 500, body: Data(String(repeating: "a", count: 2000).utf8))
        XCTAssertTrue(long.description.contains("(2000 bytes)"), long.description)
        XCTAssertLessThan(long.description.count, 700)
        XCTAssertTrue(APIError.unexpectedStatus(operation: "x", status: 500, body: Data()).description.contains("empty body"))
    }
}
