@_spi(Generated) @testable import APIRuntime
import XCTest

final class ECMARegexParserTests: XCTestCase {
    private func parse(_ pattern: String, lenient: Bool = false) throws -> ECMARegexParser {
        var parser = ECMARegexParser(pattern: pattern, lenient: lenient)
        _ = try parser.parse()
        return parser
    }

    func testCountsCapturesAndBackreferences() throws {
        let parser = try parse("(a)(?:b)(?<n>c)\\k<n>\\1")
        XCTAssertEqual(parser.captureCount, 2)
        XCTAssertTrue(parser.hasBackreferences)
        XCTAssertFalse(try parse("(a)").hasBackreferences)
    }

    func testForwardReferencesResolve() throws {
        XCTAssertTrue(try parse("\\k<late>(?<late>x)").hasBackreferences)
        XCTAssertTrue(try parse("\\2(a)(b)").hasBackreferences)
        XCTAssertThrowsError(try parse("\\3(a)(b)"))
        XCTAssertFalse(try parse("\\3(a)(b)", lenient: true).hasBackreferences)  // octal in Annex B
    }

    func testPrescanIgnoresEscapedAndClassParentheses() throws {
        XCTAssertEqual(try parse("\\((a)[(](?:b)").captureCount, 1)
        XCTAssertThrowsError(try parse("[(]\\1"))
    }

    func testErrorOffsetsAndMessages() {
        func error(_ pattern: String) -> ECMARegexError? {
            do {
                _ = try parse(pattern)
                return nil
            } catch {
                return error as? ECMARegexError
            }
        }
        XCTAssertEqual(error("ab)")?.description, "at 2: unmatched ')'")
        XCTAssertEqual(error("a{3,1}")?.description, "at 1: numbers out of order in {} quantifier")
        XCTAssertEqual(error("[b-a]")?.description, "at 1: range out of order in character class")
        XCTAssertEqual(error("x\\p{Foo}")?.description, "at 1: unknown Unicode property 'Foo'")
        XCTAssertEqual(error("(?<a>x)(?<a>y)")?.message, "duplicate capture group name 'a'")
        XCTAssertEqual(error("\\k<nope>(?<a>x)")?.message, "undefined capture group name 'nope'")
        XCTAssertEqual(error("[")?.message, "unterminated character class")
        XCTAssertEqual(error("a\\")?.message, "\\ at end of pattern")
    }
}
