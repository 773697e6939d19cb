@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class ServerURLTests: XCTestCase {
    func testSubstitutesVariables() throws {
        let url = try ServerURL.build("https://{env}.example.com:{port}/{base}", ["env": "staging", "port": "8443", "base": "v2"])
        XCTAssertEqual(url.absoluteString, "https://staging.example.com:8443/v2")
        XCTAssertEqual(try ServerURL.build("https://api.example.com").absoluteString, "https://api.example.com")
        XCTAssertEqual(try ServerURL.build("http://localhost:{port}", ["port": "80", "unused": "x"]).absoluteString, "http://localhost:80")
    }

    func testMissingVariableNamesTemplateAndVariable() {
        XCTAssertThrowsError(try ServerURL.build("https://{env}.example.com", [:])) { error in
            guard case APIError.invalidRequest(let message)? = error as? APIError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("https://{env}.example.com"), message)
            XCTAssertTrue(message.contains("'env'"), message)
        }
    }

    func testInvalidResultsThrowWithTheTemplate() {
        for (template, variables) in [
            ("https://{host}", ["host": "bad host"]), ("https://{host", ["host": "x"]), ("http://", [:]),
            ("https://x}", [:]),
        ] as [(String, [String: String])] {
            XCTAssertThrowsError(try ServerURL.build(template, variables), template) { error in
                guard case APIError.invalidRequest(let message)? = error as? APIError else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains(template), message)
            }
        }
    }

    func testRelativeServerIsReturnedUnresolved() throws {
        let url = try ServerURL.build("/{version}", ["version": "v1"])
        XCTAssertNil(url.scheme)
        XCTAssertEqual(url.relativeString, "/v1")
        let resolved = try XCTUnwrap(URL(string: url.relativeString, relativeTo: URL(string: "https://docs.example.com/openapi.yaml")))
        XCTAssertEqual(resolved.absoluteString, "https://docs.example.com/v1")
    }
}
