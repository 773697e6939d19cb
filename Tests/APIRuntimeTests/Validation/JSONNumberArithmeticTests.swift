@_spi(Generated) import APIRuntime
import XCTest

final class JSONNumberArithmeticTests: XCTestCase {
    private func number(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONNumber {
        guard let value = JSONNumber(text) else {
            XCTFail("\(text) is not a number", file: file, line: line)
            return 0
        }
        return value
    }

    func testExactComparison() {
        XCTAssertLessThan(number("1"), number("1.5"))
        XCTAssertLessThan(number("-2"), number("-1.99"))
        XCTAssertLessThan(number("18446744073709551600"), number("18446744073709551615"))
        XCTAssertLessThan(number("-18446744073709551615"), number("-18446744073709551600"))
        XCTAssertLessThan(number("1"), number("1.0000000000000000000001"))
        XCTAssertLessThan(number("9007199254740992"), number("9007199254740993"))
        XCTAssertFalse(number("9.727837981879871e+26") < number("9.727837981879871e+26"))
        XCTAssertLessThan(number("1e400"), number("1e401"))
        XCTAssertLessThan(number("-1e401"), number("-1e400"))
        XCTAssertLessThan(number("0"), number("1e-400"))
        XCTAssertLessThanOrEqual(number("5"), number("5.0"))
    }

    func testMultipleOfIsExact() {
        XCTAssertTrue(number("0.0075").isMultiple(of: number("0.0001")))
        XCTAssertFalse(number("0.00751").isMultiple(of: number("0.0001")))
        XCTAssertTrue(number("19.99").isMultiple(of: number("0.01")))
        XCTAssertTrue(number("4.5").isMultiple(of: number("1.5")))
        XCTAssertFalse(number("35").isMultiple(of: number("1.5")))
        XCTAssertTrue(number("10").isMultiple(of: 2))
        XCTAssertFalse(number("7").isMultiple(of: 2))
        XCTAssertTrue(number("0").isMultiple(of: number("0.3")))
        XCTAssertTrue(number("-0.6").isMultiple(of: number("0.3")))
        XCTAssertTrue(number("1e-8").isMultiple(of: number("1e-8")))
        XCTAssertTrue(number("12391239123.1").isMultiple(of: number("0.0001e-3")))
        XCTAssertTrue(number("1e308").isMultiple(of: number("0.5")))  // optional/float-overflow.json
        XCTAssertTrue(number("123456789012345678901234567890").isMultiple(of: 10))
        XCTAssertFalse(number("123456789012345678901234567891").isMultiple(of: 10))
        XCTAssertTrue(number("123456789012345678901234567893").isMultiple(of: number("3")))
        XCTAssertFalse(number("123456789012345678901234567891").isMultiple(of: number("3")))
        XCTAssertFalse(number("1").isMultiple(of: 0))
        XCTAssertFalse(number("1").isMultiple(of: -1))
        XCTAssertTrue(number("0.3").isMultiple(of: number("0.1")))
        XCTAssertFalse(number("50").isMultiple(of: number("100")))
        XCTAssertTrue(number("5e-324").isMultiple(of: number("5e-324")))
    }
}
