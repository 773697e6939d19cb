@_spi(Generated) @testable import APIRuntime
import XCTest

final class ECMARegexNodeTests: XCTestCase {
    private func parse(_ pattern: String) throws -> ECMARegexNode {
        var parser = ECMARegexParser(pattern: pattern, lenient: false)
        return try parser.parse()
    }

    func testCanMatchEmpty() throws {
        XCTAssertTrue(try parse("a*").canMatchEmpty)
        XCTAssertTrue(try parse("(a|)").canMatchEmpty)
        XCTAssertTrue(try parse("^$").canMatchEmpty)
        XCTAssertTrue(try parse("(?=a)").canMatchEmpty)
        XCTAssertFalse(try parse("a+").canMatchEmpty)
        XCTAssertFalse(try parse("[a]b?").canMatchEmpty)
        XCTAssertFalse(try parse("(a|b)").canMatchEmpty)
    }

    func testCaptureRanges() throws {
        XCTAssertNil(try parse("a(?:b)").captureRange)
        XCTAssertEqual(try parse("(a)((b)c)").captureRange, 1...3)
        XCTAssertEqual(try parse("a(?=(b))").captureRange, 1...1)
    }
}
