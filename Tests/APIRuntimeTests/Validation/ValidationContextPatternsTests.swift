@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// One regex step budget per validation run: a body of many values crafted against a backtracking pattern costs
/// the run's budget once, not the per-match budget once per value.
final class ValidationContextPatternsTests: XCTestCase {
    func testManyHostileValuesShareOneBudget() {
        let regex = ECMARegex(compiling: "^(a+)+$")
        let hostile = String(repeating: "a", count: 40) + "!"
        let context = ValidationContext(options: ValidationOptions(regexStepBudget: 25_000_000))
        // 1000 values at up to 10 million steps each would be ten billion steps (minutes); the run stops at 25 million.
        // Counted in steps, not seconds: a sanitizer or a loaded machine changes the time of a step, not their number.
        let results = (0..<1_000).map { _ in context.matches(regex, hostile) }
        XCTAssertEqual(results.filter { $0 }.count, 0)
        XCTAssertLessThanOrEqual(context.regexStepsRemaining, 0)
        XCTAssertGreaterThanOrEqual(context.regexStepsRemaining, -ECMARegex.stepBudget(forLength: hostile.utf8.count),
                                    "no match starts once the run's budget is spent, so at most one match overdraws it")
        XCTAssertFalse(context.matches(ECMARegex(compiling: "^(?:a|b)+!$"), hostile), "a spent budget fails every later check")
    }

    func testOrdinaryChecksSpendLittleAndStillMatch() {
        let context = ValidationContext()
        XCTAssertEqual(context.regexStepsRemaining, ValidationOptions.defaultRegexStepBudget)
        let backtracking = ECMARegex(compiling: "^(?:[a-z]+-)*[a-z]+$")
        for _ in 0..<1_000 { XCTAssertTrue(context.matches(backtracking, "some-kebab-case-name")) }
        XCTAssertFalse(context.matches(backtracking, "Not-Kebab"))
        XCTAssertTrue(context.matches(ECMARegex(compiling: "^[0-9]+$"), "12345"))
        let spent = ValidationOptions.defaultRegexStepBudget - context.regexStepsRemaining
        XCTAssertGreaterThan(spent, 0, "steps are counted")
        XCTAssertLessThan(spent, 1_000_000)
    }
}
