@_spi(Generated) @testable import APIRuntime
import XCTest

final class ECMARegexProgramTests: XCTestCase {
    private func search(_ pattern: String, _ input: String, budget: Int = 1_000_000) throws -> Bool? {
        var parser = ECMARegexParser(pattern: pattern, lenient: false)
        let node = try parser.parse()
        let program = try ECMARegexCompiler.compile(node, captureCount: parser.captureCount, hasBackreferences: parser.hasBackreferences)
        return Array(input.utf8).withUnsafeBufferPointer { program.search($0, stepBudget: budget) }
    }

    private func compiled(_ pattern: String) throws -> ECMARegexProgram {
        var parser = ECMARegexParser(pattern: pattern, lenient: false)
        let node = try parser.parse()
        return try ECMARegexCompiler.compile(node, captureCount: parser.captureCount, hasBackreferences: parser.hasBackreferences)
    }

    func testLinearFastPath() throws {
        XCTAssertNotNil(try compiled("^[0-9]+$").linearSteps)
        XCTAssertNotNil(try compiled("^\\d{4}-\\d{2}$").linearSteps)
        XCTAssertNotNil(try compiled("^[a-z][a-z0-9_]*$").linearSteps)
        XCTAssertNil(try compiled("^[a-z]+[0-9]$").linearSteps)  // needs backtracking
        XCTAssertNil(try compiled("[0-9]+$").linearSteps)  // unanchored start
        XCTAssertNil(try compiled("^[0-9]+").linearSteps)  // unanchored end
        let cases: [(String, String, Bool)] = [
            ("^[0-9]+$", "123", true), ("^[0-9]+$", "", false), ("^[0-9]+$", "12a", false),
            ("^\\d{4}-\\d{2}$", "2024-01", true), ("^\\d{4}-\\d{2}$", "2024-1", false), ("^\\d{4}-\\d{2}$", "2024-011", false),
            ("^[a-z][a-z0-9_]*$", "a", true), ("^[a-z][a-z0-9_]*$", "a_1", true), ("^[a-z][a-z0-9_]*$", "1a", false),
            ("^é.{0,2}$", "éü😀", true), ("^é.{0,2}$", "éü😀x", false), ("^.$", "\u{2028}", false), ("^$", "", true),
            ("^[^a]{2}$", "😀b", true),
        ]
        for (pattern, input, expected) in cases {
            XCTAssertEqual(ECMARegex(compiling: pattern).matches(input), expected, "\(pattern) on \(input)")
        }
    }

    func testDeepBacktrackingMovesTheStackToTheHeap() throws {
        // One alternative per character outgrows the 48-entry stack-allocated stack.
        XCTAssertEqual(try search("^(?:a|b)*c$", String(repeating: "ab", count: 500) + "c"), true)
        XCTAssertEqual(try search("^(?:a|b)*c$", String(repeating: "ab", count: 500) + "d"), false)
    }

    func testBudget() throws {
        XCTAssertNil(try search("^(a|a)*b$", String(repeating: "a", count: 30), budget: 10_000))
        XCTAssertEqual(try search("^a*b$", "aaab", budget: 100), true)
    }

    func testUTF8Decoding() {
        let bytes = Array("é€😀".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(ECMARegexMachine.decode(buffer, at: 0).0, 0xE9)
            XCTAssertEqual(ECMARegexMachine.decode(buffer, at: 2).0, 0x20AC)
            XCTAssertEqual(ECMARegexMachine.decode(buffer, at: 5).0, 0x1F600)
            XCTAssertEqual(ECMARegexMachine.decode(buffer, at: 5).1, 4)
        }
        XCTAssertEqual(ECMARegexMachine.sequenceLength(0x41), 1)
        XCTAssertEqual(ECMARegexMachine.sequenceLength(0xF0), 4)
    }

    func testLazyAndGreedyBacktracking() throws {
        XCTAssertEqual(try search("^a+?a{2}$", "aaaa"), true)
        XCTAssertEqual(try search("^(?:x.*?y){2}$", "xayxby"), true)
        XCTAssertEqual(try search("^.*é$", "aéé"), true)
        XCTAssertEqual(try search("(?<=é+)x", "ééx"), true)
    }
}
