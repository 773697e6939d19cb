@_spi(Generated) @_spi(RuntimeInternals) @testable import APIRuntime
import Foundation
import HTTPTypes
import XCTest

/// Reading documented headers (`<Operation>ResponseHeaders`) follows the rule their validation uses
/// (`ResponseHeaderCheck`): a number is a JSON number literal. Before, Swift's initialisers read them: a header the
/// validator accepted as an integer (`5.0`, `1e2`) read as nil, and one it refused (`+5`, `0x10`, `.5`) read as a
/// number under `reportOnly`.
final class APIResponseHeaderValuesTests: XCTestCase {
    private func response(_ value: String) -> APIResponse {
        APIResponse(status: 200, headerFields: [HTTPField.Name("X-Value")!: value])
    }

    func testIntegersAreJSONNumberLiteralsWithoutAFraction() {
        let cases: [(String, Int?)] = [("5", 5), ("-3", -3), ("5.0", 5), ("1e2", 100), ("  7  ", 7), ("+5", nil),
                                       ("0x10", nil), ("5.5", nil), ("1e400", nil), ("05", nil), ("five", nil), ("", nil)]
        for (text, expected) in cases {
            XCTAssertEqual(response(text).headerValue("X-Value") as Int?, expected, text)
        }
        XCTAssertNil(response("3000000000").headerValue("X-Value") as Int32?, "beyond Int32")
        XCTAssertEqual(response("3000000000").headerValue("X-Value") as Int64?, 3_000_000_000)
    }

    func testNumbersAreJSONNumberLiterals() {
        let cases: [(String, Double?)] = [("1.5", 1.5), ("-2e-3", -0.002), ("7", 7), (".5", nil), ("5.", nil), ("+1", nil),
                                          ("0x1p3", nil), ("inf", nil), ("nan", nil), ("1e400", nil)]
        for (text, expected) in cases {
            XCTAssertEqual(response(text).headerValue("X-Value") as Double?, expected, text)
        }
        XCTAssertEqual(response("0.25").headerValue("X-Value") as Float?, 0.25)
        XCTAssertNil(response("1e39").headerValue("X-Value") as Float?, "beyond Float")
    }

    /// What validation reads as a number is exactly what the struct reads as one.
    func testReadingAgreesWithValidation() {
        for text in ["5", "5.0", "1e2", "+5", "0x10", ".5", "5.", "-0", "1e400", "1.5", "12345678901234567890", "abc"] {
            let validated = ResponseHeaderCheck.read(text, as: .number)
            let isNumber: Bool
            if case .number(let number) = validated { isNumber = number.doubleValue.isFinite } else { isNumber = false }
            XCTAssertEqual(response(text).headerValue("X-Value") as Double? != nil, isNumber, text)
            let isInteger: Bool
            if case .number(let number) = validated { isInteger = number.isInteger && number.int64Value != nil } else { isInteger = false }
            XCTAssertEqual(response(text).headerValue("X-Value") as Int64? != nil, isInteger, text)
        }
    }
}
