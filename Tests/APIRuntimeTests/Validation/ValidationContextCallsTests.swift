@_spi(Generated) import APIRuntime
import XCTest

final class ValidationContextCallsTests: XCTestCase {
    private static func alwaysFails(_ instance: JSONInstance, _ context: ValidationContext) -> Bool {
        context.fail(keyword: "x", keywordLocation: "/x", schemaLocation: "s#", message: "bad")
        return false
    }

    func testValidateAtPutsTheComponentOnThePathAndTakesItOff() {
        let context = ValidationContext()
        XCTAssertFalse(context.validate(.null, at: "name", Self.alwaysFails))
        XCTAssertFalse(context.validate(.null, at: 3, Self.alwaysFails))
        XCTAssertEqual(context.report.errors.map(\.instanceLocation), ["/name", "/3"])
        XCTAssertEqual(context.depth, 0)
    }

    func testCheckRequiredReportsEachMissingName() throws {
        let table = JSONPropertyTable(["id", "name", "email"])
        guard case .object(let object) = try JSONParser.parse(#"{"name": "a"}"#) else { return XCTFail("not an object") }
        let context = ValidationContext()
        XCTAssertFalse(context.checkRequired(object, table, [0, 1, 2], keywordLocation: "/required", schemaLocation: "s#"))
        XCTAssertEqual(context.report.errors.map(\.message), [ValidationMessage.required("id"), ValidationMessage.required("email")])
        XCTAssertTrue(ValidationContext().checkRequired(object, table, [1], keywordLocation: "/required", schemaLocation: "s#"))
        let first = ValidationContext(options: ValidationOptions(stopAtFirstError: true))
        XCTAssertFalse(first.checkRequired(object, table, [0, 2], keywordLocation: "/required", schemaLocation: "s#"))
        XCTAssertEqual(first.report.errors.count, 1)
    }

    func testCheckType() {
        let context = ValidationContext()
        XCTAssertTrue(context.checkType(.string("a"), [.string], keywordLocation: "/type", schemaLocation: "s#"))
        XCTAssertFalse(context.checkType(.bool(true), [.string, .null], keywordLocation: "/type", schemaLocation: "s#/p"))
        XCTAssertEqual(context.report.errors.first?.keyword, "type")
        XCTAssertEqual(context.report.errors.first?.schemaLocation, "s#/p")
    }
}
