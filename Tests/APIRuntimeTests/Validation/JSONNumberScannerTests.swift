@_spi(Generated) @testable import APIRuntime
import XCTest

final class JSONNumberScannerTests: XCTestCase {
    private func scan(_ text: String) -> Result<JSONNumberScanner.Literal, JSONNumberScanner.Failure> {
        Array(text.utf8).withUnsafeBufferPointer { JSONNumberScanner.scanLiteral($0, from: 0) }
    }

    func testLiteralParts() throws {
        let literal = try scan("-12.50e+3x").get()
        XCTAssertTrue(literal.negative)
        XCTAssertEqual(literal.integerStart, 1)
        XCTAssertEqual(literal.integerEnd, 3)
        XCTAssertEqual(literal.fractionStart, 4)
        XCTAssertEqual(literal.fractionEnd, 6)
        XCTAssertEqual(literal.exponent, 3)
        XCTAssertTrue(literal.hasFractionOrExponent)
        XCTAssertEqual(literal.end, 9)
    }

    func testFailures() {
        for (text, offset, message) in [("-", 1, "expected a digit"), ("01", 1, "a number must not have a leading zero"),
                                        ("1.", 2, "expected a digit after the decimal point"), ("1e+", 3, "expected a digit in the exponent")] {
            guard case .failure(let failure) = scan(text) else { return XCTFail(text) }
            XCTAssertEqual(failure.offset, offset, text)
            XCTAssertEqual(failure.message, message, text)
        }
    }

    func testHugeExponentsAreClamped() throws {
        let literal = try scan("1e99999999999999999999999").get()
        XCTAssertGreaterThanOrEqual(literal.exponent, JSONNumberScanner.exponentClamp)
        XCTAssertLessThan(literal.exponent, JSONNumberScanner.exponentClamp * 10)
        XCTAssertEqual(JSONNumber("1e99999999999999999999999")?.doubleValue, .infinity)
        XCTAssertEqual(JSONNumber("1e-99999999999999999999999")?.isInteger, false)
        XCTAssertTrue(JSONNumber("1e99999999999999999999999")!.isMultiple(of: 0.5))
    }

    /// Fuzz/corpus/json/regression-huge-exponent: a value beyond the clamp must read back from its own text.
    func testClampedNumbersRoundTripThroughTheirText() throws {
        for text in ["9999999999999999999999999999999999999999999999999e99999999999999999999999999999999999999999999999999",
                     "-12345678901234567890123e-99999999999999999999", "1.5e999999999999999", "0.000001e-999999999999999"] {
            let number = try XCTUnwrap(JSONNumber(text), text)
            let again = try XCTUnwrap(JSONNumber(number.description), number.description)
            XCTAssertEqual(again, number, "\(text) -> \(number.description)")
            let parsed = try JSONParser().parse("[\(text)]")
            XCTAssertEqual(try JSONParser().parse(parsed.jsonText), parsed, text)
        }
        XCTAssertEqual(JSONNumber("1e1000000000000000"), JSONNumber("1e1000000000000001"))
        XCTAssertNotEqual(JSONNumber("1e999999999999999"), JSONNumber("1e1000000000000000"))
    }

    func testCanonicalStorage() {
        guard case .int(100)? = JSONNumber("1e2")?.exact else { return XCTFail("1e2 should be an Int64") }
        guard case .decimal(false, 125, -2)? = JSONNumber("1.250")?.exact else { return XCTFail("1.250 should be 125e-2") }
        guard case .decimal(true, 1, 30)? = JSONNumber("-1e30")?.exact else { return XCTFail("-1e30 should be -1e30") }
        guard case .big? = JSONNumber("12345678901234567890.5")?.exact else { return XCTFail("21 digits should be big") }
        guard case .big? = JSONNumber("1e3000000000")?.exact else { return XCTFail("a huge exponent should be big") }
    }
}
