@testable import APIGenCore
import XCTest

/// The plan stage's two-thread helper: both parts run to completion, and the side's result comes back.
final class SideBySideTests: XCTestCase {
    func testRunsBothPartsAndReturnsTheSideResult() {
        for _ in 0..<50 {
            var planned: [Int] = []
            let side = SideBySide.run({ (1...1_000).reduce(0, +) }, alongside: { planned = Array(0..<1_000) })
            XCTAssertEqual(side, 500_500)
            XCTAssertEqual(planned.count, 1_000, "the main part ran before run returned")
        }
    }
}
