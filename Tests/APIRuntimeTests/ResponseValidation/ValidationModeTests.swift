@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
import XCTest

/// `reject` lets values outside an `enum` through (servers add them without a new version); `strict` does not.
final class ValidationModeTests: XCTestCase {
    private let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: MockTransport())
    private let operation = OperationInfo(id: "getThing", method: "GET", path: "/thing")

    private func failing(_ keywords: [String]) -> (JSONInstance, ValidationContext) -> Bool {
        { _, context in
            for keyword in keywords {
                context.fail(keyword: keyword, keywordLocation: "/\(keyword)", schemaLocation: "s#", message: "failed \(keyword)")
            }
            return keywords.isEmpty
        }
    }

    func testRejectToleratesOnlyEnumViolations() {
        let response = APIResponse.json(#"{"state": "archived"}"#)
        XCTAssertNoThrow(try client.validateResponse(response, operation: operation, mode: .reject, validator: failing(["enum"])))
        XCTAssertNoThrow(try client.validateResponse(response, operation: operation, mode: .reject,
                                                     validator: failing(["enum", "enum"])))
        XCTAssertThrowsError(try client.validateResponse(response, operation: operation, mode: .reject,
                                                         validator: failing(["enum", "type"])))
        XCTAssertThrowsError(try client.validateResponse(response, operation: operation, mode: .reject,
                                                         validator: failing(["required"])))
    }

    func testStrictRejectsEnumViolations() {
        let response = APIResponse.json(#"{"state": "archived"}"#)
        XCTAssertThrowsError(try client.validateResponse(response, operation: operation, mode: .strict,
                                                         validator: failing(["enum"]))) { error in
            guard case APIError.invalidResponse(_, _, let report) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(report.errors.first?.keyword, "enum")
        }
    }

    func testTruncatedReportIsNeverTolerated() {
        let response = APIResponse.json(#"{"state": "archived"}"#)
        // Past the limit the report may hide other violations: it is rejected.
        let options = ValidationOptions(maxErrors: 1)
        XCTAssertThrowsError(try client.validateResponse(response, operation: operation, mode: .reject, options: options,
                                                         validator: failing(["enum", "enum"])))
    }
}
