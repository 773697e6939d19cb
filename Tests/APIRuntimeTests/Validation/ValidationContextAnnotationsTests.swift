@_spi(Generated) import APIRuntime
import XCTest

final class ValidationContextAnnotationsTests: XCTestCase {
    func testNotesAreIgnoredWithoutAScope() {
        let context = ValidationContext()
        XCTAssertFalse(context.isCollectingAnnotations)
        context.noteEvaluated(property: "a")
        let scope = context.beginAnnotationScope()
        XCTAssertTrue(context.isCollectingAnnotations)
        let evaluated = context.endAnnotationScope(scope)
        XCTAssertFalse(evaluated.contains(property: "a"))
        XCTAssertFalse(context.isCollectingAnnotations)
    }

    func testOnlyNotesAboutTheScopesInstanceCount() {
        let context = ValidationContext()
        let scope = context.beginAnnotationScope()
        context.noteEvaluated(property: "a")
        context.push("a")
        context.noteEvaluated(property: "inner")  // about the child object
        context.pop()
        let evaluated = context.endAnnotationScope(scope)
        XCTAssertEqual(evaluated.properties, ["a"])
        XCTAssertTrue(evaluated.contains(property: "a"))
        XCTAssertFalse(evaluated.contains(property: "inner"))
    }

    func testFailedBranchesAreDroppedAndSuccessfulOnesKept() {
        let context = ValidationContext()
        let scope = context.beginAnnotationScope()
        _ = context.probe { inner in
            inner.noteEvaluated(property: "fromFailedBranch")
            inner.fail(keyword: "x", keywordLocation: "", schemaLocation: "", message: "")
            return false
        }
        _ = context.probe { inner in
            inner.noteEvaluated(property: "fromGoodBranch")
            return true
        }
        _ = context.probe(keepingAnnotations: false) { inner in
            inner.noteEvaluated(property: "fromNot")
            return true
        }
        let evaluated = context.endAnnotationScope(scope)
        XCTAssertEqual(evaluated.properties, ["fromGoodBranch"])
    }

    func testNestedScopesPropagateToTheEnclosingScope() {
        let context = ValidationContext()
        let outer = context.beginAnnotationScope()
        context.noteEvaluated(property: "outer")
        // allOf: [{properties: {x}, unevaluatedProperties: false}] applied to the same object.
        let inner = context.beginAnnotationScope()
        context.noteEvaluated(property: "x")
        let innerEvaluated = context.endAnnotationScope(inner)
        XCTAssertEqual(innerEvaluated.properties, ["x"])
        // A child object with its own scope.
        context.push("child")
        let child = context.beginAnnotationScope()
        context.noteEvaluatedAllProperties()
        XCTAssertTrue(context.endAnnotationScope(child).allProperties)
        context.pop()
        let evaluated = context.endAnnotationScope(outer)
        XCTAssertEqual(evaluated.properties, ["outer", "x"])
        XCTAssertFalse(evaluated.allProperties)
    }

    func testItems() {
        let context = ValidationContext()
        let scope = context.beginAnnotationScope()
        context.noteEvaluated(itemsBelow: 2)
        context.noteEvaluated(item: 5)
        var evaluated = context.endAnnotationScope(scope)
        XCTAssertTrue(evaluated.contains(item: 0))
        XCTAssertTrue(evaluated.contains(item: 1))
        XCTAssertFalse(evaluated.contains(item: 2))
        XCTAssertTrue(evaluated.contains(item: 5))
        let all = context.beginAnnotationScope()
        context.noteEvaluatedAllItems()
        evaluated = context.endAnnotationScope(all)
        XCTAssertTrue(evaluated.contains(item: 99))
    }

    func testAScopeLeftOpenByAFailedProbeIsClosed() {
        let context = ValidationContext()
        _ = context.probe { inner in
            _ = inner.beginAnnotationScope()
            inner.fail(keyword: "x", keywordLocation: "", schemaLocation: "", message: "")
            return false
        }
        XCTAssertFalse(context.isCollectingAnnotations)
    }
}
