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

    /// What an app's failure handler reads instead of the mode (generated-code-only API): whether the caller got the
    /// error, the same answer the call itself gave.
    func testFailureSaysWhetherTheCallWasRejected() {
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: MockTransport())
        let seen = Locked<[Bool]>([])
        client.setValidationFailureHandler { failure in seen.withLock { $0.append(failure.isRejected) } }
        let response = APIResponse.json(#"{"state": "archived"}"#)
        let cases: [(ValidationMode, [String])] = [(.reject, ["enum"]), (.reject, ["type"]), (.strict, ["enum"]),
                                                   (.reportOnly, ["type"])]
        var threw: [Bool] = []
        for (mode, keywords) in cases {
            do {
                try client.validateResponse(response, operation: operation, mode: mode, validator: failing(keywords))
                threw.append(false)
            } catch {
                threw.append(true)
            }
        }
        XCTAssertEqual(threw, [false, true, true, false])
        XCTAssertEqual(seen.withLock { $0 }, threw)
    }
}
