@_spi(Generated) import APIRuntime
import XCTest

final class JSONNumberTests: XCTestCase {
    private func number(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSONNumber {
        guard let value = JSONNumber(text) else {
            XCTFail("\(text) is not a number", file: file, line: line)
            return 0
        }
        return value
    }

    func testIntegerness() {
        XCTAssertTrue(number("1").isInteger)
        XCTAssertTrue(number("1.0").isInteger)
        XCTAssertTrue(number("1e2").isInteger)
        XCTAssertTrue(number("1.5e1").isInteger)
        XCTAssertTrue(number("1e308").isInteger)
        XCTAssertTrue(number("12345678910111213141516171819202122232425262728293031").isInteger)
        XCTAssertTrue(number("-12345678910111213141516171819202122232425262728293031").isInteger)
        XCTAssertFalse(number("1.5").isInteger)
        XCTAssertFalse(number("1e-2").isInteger)
        XCTAssertFalse(number("123456789012345678901234567890.5").isInteger)
    }

    func testDraft4Integerness() {
        XCTAssertTrue(number("1").isDraft4Integer)
        XCTAssertTrue(number("-9223372036854775809").isDraft4Integer)
        XCTAssertFalse(number("1.0").isDraft4Integer)
        XCTAssertFalse(number("1e2").isDraft4Integer)
        XCTAssertFalse(number("1.5").isDraft4Integer)
    }

    func testCanonicalEqualityAndHashing() {
        XCTAssertEqual(number("1"), number("1.0"))
        XCTAssertEqual(number("1"), number("10e-1"))
        XCTAssertEqual(number("0.1"), number("1e-1"))
        XCTAssertEqual(number("-0"), number("0"))
        XCTAssertEqual(number("1e30"), number("1000000000000000000000000000000"))
        XCTAssertEqual(number("1").hashValue, number("1.000").hashValue)
        XCTAssertEqual(number("1e30").hashValue, number("1000000000000000000000000000000.0").hashValue)
        XCTAssertNotEqual(number("0.1"), number("0.10000000000000001"))
        XCTAssertEqual(Set([number("2"), number("2.0"), number("20e-1")]).count, 1)
    }

    func testInt64Boundaries() {
        XCTAssertEqual(number("9223372036854775807").int64Value, .max)
        XCTAssertEqual(number("-9223372036854775808").int64Value, .min)
        XCTAssertNil(number("9223372036854775808").int64Value)
        XCTAssertEqual(number("9.223372036854775807e18").int64Value, .max)
        XCTAssertEqual(number("2.0").int64Value, 2)
        XCTAssertNil(number("2.5").int64Value)
    }

    func testDoubleValues() {
        XCTAssertEqual(number("0.1").doubleValue, 0.1)
        XCTAssertEqual(number("-2.5e-3").doubleValue, -0.0025)
        XCTAssertEqual(number("1e308").doubleValue, 1e308)
        XCTAssertEqual(number("1e400").doubleValue, .infinity)
        XCTAssertEqual(number("123456789012345678901234567890").doubleValue, 1.2345678901234568e29)
        XCTAssertEqual(number("2.2250738585072014e-308").doubleValue, 2.2250738585072014e-308)
        XCTAssertEqual(number("9007199254740993").doubleValue, 9007199254740992)
    }

    func testLiteralsAndDescriptions() {
        let hundredth: JSONNumber = 0.01
        XCTAssertEqual(hundredth, number("0.01"))
        XCTAssertEqual(hundredth.description, "0.01")
        XCTAssertEqual(number("1.50").description, "1.5")
        XCTAssertEqual(number("-1e308").description, "-1e+308")
        XCTAssertEqual(number("1e-7").description, "1e-7")
        XCTAssertEqual(number("0.000123").description, "0.000123")
        XCTAssertEqual(number("12345678901234567890123").description, "12345678901234567890123")
        XCTAssertEqual(JSONNumber(exactly: 1e300)?.description, "1e+300")
        XCTAssertNil(JSONNumber(exactly: .nan))
        XCTAssertNil(JSONNumber("1 "))
        XCTAssertNil(JSONNumber("abc"))
    }
}
