@_spi(Generated) import APIRuntime
import XCTest

final class ValidationContextTests: XCTestCase {
    private func fail(_ context: ValidationContext, _ keyword: String = "minimum", message: @autoclosure () -> String = "boom") {
        context.fail(keyword: keyword, keywordLocation: "/\(keyword)", schemaLocation: "s.json#", message: message())
    }

    func testInstanceLocationIsBuiltOnlyFromThePath() {
        let context = ValidationContext(instanceLocationPrefix: "/data")
        XCTAssertEqual(context.instanceLocation, "/data")
        context.push("items")
        context.push(3)
        context.push("a/b~c")
        XCTAssertEqual(context.depth, 3)
        XCTAssertEqual(context.instanceLocation, "/data/items/3/a~1b~0c")
        fail(context)
        context.pop()
        context.pop()
        context.pop()
        XCTAssertEqual(context.report.errors.first?.instanceLocation, "/data/items/3/a~1b~0c")
        XCTAssertEqual(ValidationContext().instanceLocation, "")
    }

    func testMaxErrorsStopsCollecting() {
        let context = ValidationContext(options: ValidationOptions(maxErrors: 2))
        fail(context)
        XCTAssertFalse(context.shouldStop)
        fail(context)
        XCTAssertTrue(context.shouldStop)
        fail(context)
        XCTAssertEqual(context.report.errors.count, 2)
        XCTAssertTrue(context.report.isTruncated)
        XCTAssertEqual(ValidationOptions(maxErrors: 0).maxErrors, 1)
        XCTAssertEqual(ValidationOptions.default.maxErrors, 100)
        XCTAssertFalse(ValidationOptions.default.assertFormats)
    }

    func testStopAtFirstError() {
        let context = ValidationContext(options: ValidationOptions(stopAtFirstError: true))
        XCTAssertFalse(context.shouldStop)
        fail(context)
        XCTAssertTrue(context.shouldStop)
        XCTAssertEqual(context.report.errors.count, 1)
    }

    func testProbeRecordsNothingAndSkipsMessages() {
        let context = ValidationContext()
        var messagesBuilt = 0
        func message() -> String {
            messagesBuilt += 1
            return "m"
        }
        let matched = context.probe { inner in
            XCTAssertTrue(inner.isProbing)
            inner.fail(keyword: "type", keywordLocation: "/type", schemaLocation: "#", message: message())
            XCTAssertTrue(inner.shouldStop)
            return false
        }
        XCTAssertFalse(matched)
        XCTAssertEqual(messagesBuilt, 0)
        XCTAssertFalse(context.shouldStop)
        XCTAssertFalse(context.isProbing)
        XCTAssertTrue(context.report.isValid)
        XCTAssertTrue(context.probe { _ in true })
    }

    func testProbeFailureIsDetectedEvenIfBodyClaimsSuccess() {
        let context = ValidationContext()
        XCTAssertFalse(context.probe { inner in
            inner.fail(keyword: "x", keywordLocation: "", schemaLocation: "", message: "")
            return true
        })
    }

    func testProbeRestoresThePathAfterAnEarlyReturn() {
        let context = ValidationContext()
        context.push("outer")
        _ = context.probe { inner in
            inner.push("a")
            inner.push(1)
            inner.fail(keyword: "x", keywordLocation: "", schemaLocation: "", message: "")
            return false  // returns without popping, as generated code may once shouldStop is set
        }
        XCTAssertEqual(context.instanceLocation, "/outer")
        fail(context)
        XCTAssertEqual(context.report.errors.first?.instanceLocation, "/outer")
    }

    func testNestedProbes() {
        let context = ValidationContext()
        let outer = context.probe { inner in
            let first = inner.probe { innermost in
                innermost.fail(keyword: "x", keywordLocation: "", schemaLocation: "", message: "")
                return false
            }
            XCTAssertFalse(first)
            XCTAssertFalse(inner.shouldStop)  // the inner failure does not stop the outer probe
            return inner.probe { _ in true }
        }
        XCTAssertTrue(outer)
    }

    func testProbeInsideAStoppedRunStillWorks() {
        // oneOf counting: every branch is probed even when earlier ones failed.
        let context = ValidationContext()
        let branches: [(ValidationContext) -> Bool] = [
            { $0.fail(keyword: "a", keywordLocation: "", schemaLocation: "", message: ""); return false },
            { _ in true },
            { _ in true },
        ]
        let matches = branches.indices.filter { index in context.probe(branches[index]) }
        XCTAssertEqual(matches, [1, 2])
        context.fail(keyword: "oneOf", keywordLocation: "/oneOf", schemaLocation: "#",
                     message: ValidationMessage.oneOf(.number(1), matches: matches))
        XCTAssertEqual(context.report.errors.first?.message, "1 is valid under more than one of the given schemas (1 and 2)")
    }

    func testValidateConvenience() {
        let report = ValidationContext.validate(.string("x"), instanceLocationPrefix: "/body") { instance, context in
            context.fail(keyword: "const", keywordLocation: "/const", schemaLocation: "a.json#",
                         message: ValidationMessage.constant(instance, "y"))
            return false
        }
        XCTAssertEqual(report.description, #"/body: "x" is not equal to the constant "y" (a.json#)"#)
        XCTAssertFalse(report.isValid)
    }
}
