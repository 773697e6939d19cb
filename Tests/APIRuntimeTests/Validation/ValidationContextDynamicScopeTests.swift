@_spi(Generated) @testable import APIRuntime
import XCTest

final class ValidationContextDynamicScopeTests: XCTestCase {
    func testOutermostCandidateWins() {
        let context = ValidationContext()
        XCTAssertNil(context.outermostResource(among: [1, 2]))
        context.enterResource(0)
        context.enterResource(2)
        context.enterResource(1)
        XCTAssertEqual(context.outermostResource(among: [1, 2]), 2)
        XCTAssertEqual(context.outermostResource(among: [1]), 1)
        context.leaveResource()
        XCTAssertNil(context.outermostResource(among: [1]))
    }

    func testRecursiveAnchorStopsAtTheFirstUnanchoredResource() {
        let context = ValidationContext()
        for resource in [3, 0, 3, 4] { context.enterResource(resource) }
        // Innermost first: 4 and 3 are anchored, 0 is not: the run ends at 3 (the one above 0).
        XCTAssertEqual(context.recursiveResource(anchored: [3, 4]), 3)
        XCTAssertNil(context.recursiveResource(anchored: [3]), "the innermost resource is not anchored")
    }

    func testWithinRestoresTheScope() {
        let context = ValidationContext()
        context.enterResource(0)
        let seen = context.within(resource: 5) { $0.outermostResource(among: [5]) == 5 }
        XCTAssertTrue(seen)
        XCTAssertNil(context.outermostResource(among: [5]))
    }
}
