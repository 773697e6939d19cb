@_spi(Generated) import APIRuntime
import XCTest

final class JSONParseErrorTests: XCTestCase {
    func testLineAndColumnCountScalars() {
        XCTAssertThrowsError(try JSONParser.parse("[\"é😀\", x]")) { error in
            let parseError = error as? JSONParseError
            XCTAssertEqual(parseError?.line, 1)
            XCTAssertEqual(parseError?.column, 8)
            XCTAssertEqual(parseError?.offset, 11)
        }
        XCTAssertThrowsError(try JSONParser.parse("\n\n  [")) { error in
            let parseError = error as? JSONParseError
            XCTAssertEqual(parseError?.line, 3)
            XCTAssertEqual(parseError?.column, 4)
            XCTAssertEqual(parseError?.message, "unexpected end of input, expected a value")
        }
    }

    func testDescription() {
        let error = JSONParseError(offset: 4, line: 2, column: 3, message: "boom")
        XCTAssertEqual(error.description, "line 2, column 3 (byte 4): boom")
    }
}
