@_spi(Generated) import APIRuntime
import Foundation
import XCTest

private enum Color: String, ParameterEncodable {
    case lightBlue = "light-blue"
}

private enum Level: Int, ParameterEncodable {
    case high = 3
}

final class ParameterEncodableTests: XCTestCase {
    func testScalars() throws {
        XCTAssertEqual("a b".parameterValue, "a b")
        XCTAssertEqual(42.parameterValue, "42")
        XCTAssertEqual(Int32(-7).parameterValue, "-7")
        XCTAssertEqual(Int64.max.parameterValue, "9223372036854775807")
        XCTAssertEqual(1.5.parameterValue, "1.5")
        XCTAssertEqual(Double(2).parameterValue, "2.0")
        XCTAssertEqual(Float(0.25).parameterValue, "0.25")
        XCTAssertEqual(true.parameterValue, "true")
        XCTAssertEqual(false.parameterValue, "false")
        let uuid = try XCTUnwrap(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        XCTAssertEqual(uuid.parameterValue, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        XCTAssertEqual(Date(timeIntervalSince1970: 0.5).parameterValue, "1970-01-01T00:00:00.500Z")
        XCTAssertEqual(CalendarDate(year: 2024, month: 1, day: 2).parameterValue, "2024-01-02")
    }

    func testEnumsUseTheirRawValue() {
        XCTAssertEqual(Color.lightBlue.parameterValue, "light-blue")
        XCTAssertEqual(Level.high.parameterValue, "3")
    }
}
