@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// The step budget that bounds catastrophic backtracking (ReDoS): a hostile pattern in a description meeting a
/// hostile value from a server costs at most ``ECMARegex/stepBudget(forLength:)`` steps per match, never a hang.
final class ECMARegexBudgetTests: XCTestCase {
    /// Patterns whose backtracking is exponential on a run of `a` (or `x`) followed by a character that fails. The
    /// last (duplicate alternatives under a lazy star) is the one the regex fuzzer ran into: within the default budget
    /// it took 1.8 s of CPU under ASan, which libFuzzer reported as a timeout (Fuzz/corpus/regex/regression-*).
    static let catastrophic = ["^(a+)+$", "(x+x+)+y", "^([a-z0-9]+-?)*[a-z0-9]+@$", "a(a|a|b)*?c{2,}"]

    /// Each gives up at its budget instead of running for minutes. The time that takes is in Docs/validation.md
    /// (measured in an optimised build); this test counts steps, not seconds, so sanitizer builds and a loaded
    /// machine pass it too.
    func testCatastrophicPatternsGiveUpAtTheBudget() {
        for pattern in Self.catastrophic {
            let regex = ECMARegex(compiling: pattern, syntax: .lenient)
            let input = String(repeating: pattern.contains("x") ? "x" : "a", count: 64) + "!"
            XCTAssertEqual(regex.evaluate(input), .stepLimitExceeded, pattern)
            var stepsLeft = 300_000
            XCTAssertEqual(regex.evaluate(input, stepsLeft: &stepsLeft), .stepLimitExceeded, pattern)
            XCTAssertLessThanOrEqual(stepsLeft, 0, pattern)
        }
    }

    /// However long the value a server sends, one match never gets more than the cap.
    func testTheBudgetIsCappedWhateverTheInputLength() {
        XCTAssertEqual(ECMARegex.stepBudget(forLength: 0), 10_000_000)
        XCTAssertEqual(ECMARegex.stepBudget(forLength: 1_000), 11_000_000)
        XCTAssertEqual(ECMARegex.stepBudget(forLength: 32 * 1024 * 1024), ECMARegex.maxStepBudget)
        XCTAssertEqual(ECMARegex.stepBudget(forLength: Int.max), ECMARegex.maxStepBudget, "no overflow")
        XCTAssertEqual(ECMARegex.maxStepBudget, 100_000_000)
    }

    /// A legitimate pattern on a long value still matches well inside the budget (the cap costs nothing real).
    func testLinearPatternsOnLongValuesStillMatch() {
        let long = String(repeating: "ab", count: 500_000)
        XCTAssertEqual(ECMARegex(compiling: "^(?:ab)*$").evaluate(long), .match)
        XCTAssertEqual(ECMARegex(compiling: "^[a-z]+$").evaluate(long), .match)
    }
}
