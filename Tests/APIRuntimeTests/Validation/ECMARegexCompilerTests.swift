@_spi(Generated) @testable import APIRuntime
import XCTest

final class ECMARegexCompilerTests: XCTestCase {
    private func program(_ pattern: String) throws -> ECMARegexProgram {
        var parser = ECMARegexParser(pattern: pattern, lenient: false)
        let node = try parser.parse()
        return try ECMARegexCompiler.compile(node, captureCount: parser.captureCount, hasBackreferences: parser.hasBackreferences)
    }

    func testSingleCharacterRepetitionsAreOneInstruction() throws {
        let compiled = try program("^[a-z]+$")
        XCTAssertEqual(compiled.instructions.count, 4)
        guard case .repeatSingle(_, 1, Int.max, true, false) = compiled.instructions[1] else { return XCTFail("expected repeatSingle") }
        XCTAssertTrue(compiled.anchoredAtStart)
        XCTAssertEqual(compiled.sets.count, 1)
    }

    func testFirstByteAndCaptureSlots() throws {
        let literal = try program("x+y")
        XCTAssertEqual(literal.firstByte, UInt8(ascii: "x"))
        XCTAssertFalse(literal.anchoredAtStart)
        XCTAssertEqual(literal.captureSlotCount, 0)  // no backreference, no capture bookkeeping
        XCTAssertEqual(try program("(a)\\1").captureSlotCount, 4)
    }

    func testEmptyLoopsGetAProgressCheck() throws {
        let compiled = try program("(a*)*")
        XCTAssertTrue(compiled.instructions.contains { if case .progressCheck = $0 { return true } else { return false } })
        XCTAssertEqual(compiled.slotCount, 1)
    }

    func testLimits() {
        XCTAssertThrowsError(try program("(?:ab){60000}")) { error in
            XCTAssertEqual((error as? ECMARegexError)?.kind, .tooLarge)
        }
        XCTAssertThrowsError(try program("(?s:a)")) { error in
            XCTAssertEqual((error as? ECMARegexError)?.kind, .unsupported)
        }
    }
}
