@_spi(Generated) import APIRuntime
import XCTest

/// `JSONNumber(literal:)`, what generated validators hold their numeric constants in: exact for JSON literals,
/// and never a trap for anything else.
final class JSONNumberLiteralTests: XCTestCase {
    func testJSONLiteralsAreExact() throws {
        for text in ["0.5", "-0.25e3", "12345678901234567890123", "1.0", "0.01"] {
            XCTAssertEqual(JSONNumber(literal: text), try XCTUnwrap(JSONNumber(text)), text)
        }
        XCTAssertTrue(JSONNumber(literal: "1.0").hasFractionOrExponent)
    }

    func testOtherTextDoesNotTrap() {
        XCTAssertEqual(JSONNumber(literal: ".5").doubleValue, 0.5)
        XCTAssertEqual(JSONNumber(literal: "+1.5").doubleValue, 1.5)
        XCTAssertEqual(JSONNumber(literal: ".inf").doubleValue, 0)
        XCTAssertEqual(JSONNumber(literal: "nan").doubleValue, 0)
        XCTAssertEqual(JSONNumber(literal: "").doubleValue, 0)
    }
}
