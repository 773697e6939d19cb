@_spi(Generated) import APIRuntime
import XCTest

/// A leaf checked from data must report exactly what the generated statements it replaces reported.
final class SchemaRuleTests: XCTestCase {
    private static let name = SchemaRule(types: [.string, .null], minLength: 3, maxLength: 4, in: "openapi.yaml",
                                         at: "/components/schemas/Profile/properties/name")
    private static let avatar = SchemaRule(types: [.string], format: "uri", in: "openapi.yaml", at: "/components/schemas/Profile/properties/avatar")
    private static let table = JSONPropertyTable(["id", "name", "avatar"])
    private static let rules: [SchemaRule] = [
        SchemaRule(types: [.integer], in: "openapi.yaml", at: "/components/schemas/Profile/properties/id"),
        name,
        avatar,
    ]

    private func object(_ json: String) throws -> JSONObject {
        guard case .object(let object) = try JSONParser.parse(json) else {
            XCTFail("not an object: \(json)")
            return JSONObject([(String, JSONInstance)]())
        }
        return object
    }

    func testTypeFailureHasTheLocationsOfTheExpandedCheck() {
        let rule = SchemaRule(types: [.integer], in: "openapi.yaml", at: "/components/schemas/Profile/properties/id")
        let byRule = ValidationContext()
        XCTAssertFalse(rule.report(.string("7"), byRule))
        let byCall = ValidationContext()
        XCTAssertFalse(byCall.checkType(.string("7"), [.integer], keywordLocation: "/components/schemas/Profile/properties/id/type",
                                        schemaLocation: "openapi.yaml#/components/schemas/Profile/properties/id"))
        XCTAssertEqual(byRule.report.errors.map(\.description), byCall.report.errors.map(\.description))
        XCTAssertEqual(byRule.report.errors.first?.keywordLocation, "/components/schemas/Profile/properties/id/type")
        XCTAssertEqual(byRule.report.errors.first?.schemaLocation, "openapi.yaml#/components/schemas/Profile/properties/id")
        XCTAssertTrue(rule.isValid(.number(JSONNumber(3 as Int64)), ValidationContext()))
        XCTAssertFalse(rule.isValid(.number(JSONNumber(literal: "3.5")), ValidationContext()))
        // draft-04: `3.0` is not an integer; later drafts count it as one.
        XCTAssertFalse(SchemaRule(types: [.integer], draft4Integers: true, in: "s.json", at: "").isValid(.number(JSONNumber(literal: "3.0")), ValidationContext()))
        XCTAssertTrue(rule.isValid(.number(JSONNumber(literal: "3.0")), ValidationContext()))
    }

    func testLengthsAreReportedInTheOrderOfTheGeneratedChecks() {
        let short = ValidationContext()
        XCTAssertFalse(Self.name.report(.string("ab"), short))
        XCTAssertEqual(short.report.errors.map(\.keyword), ["minLength"])
        XCTAssertEqual(short.report.errors.first?.message, ValidationMessage.minLength("ab", 3))
        XCTAssertEqual(short.report.errors.first?.keywordLocation, "/components/schemas/Profile/properties/name/minLength")
        let long = ValidationContext()
        XCTAssertFalse(Self.name.report(.string("abcde"), long))
        XCTAssertEqual(long.report.errors.map(\.keyword), ["maxLength"])
        let wrong = ValidationContext()
        XCTAssertFalse(Self.name.report(.bool(true), wrong))
        XCTAssertEqual(wrong.report.errors.map(\.keyword), ["type"])
        XCTAssertTrue(Self.name.isValid(.null, ValidationContext()))
        XCTAssertTrue(Self.name.isValid(.string("abc"), ValidationContext()))
        XCTAssertTrue(Self.name.report(.string("abcd"), ValidationContext()))
    }

    func testFormatIsAssertedOnlyWhenTheRunAsksAndOnlyOnStrings() {
        XCTAssertTrue(Self.avatar.isValid(.string("not a uri"), ValidationContext()))
        let asserting = ValidationContext(options: ValidationOptions(assertFormats: true))
        XCTAssertFalse(Self.avatar.isValid(.string("not a uri"), asserting))
        XCTAssertFalse(Self.avatar.report(.string("not a uri"), asserting))
        XCTAssertEqual(asserting.report.errors.map(\.keyword), ["format"])
        XCTAssertEqual(asserting.report.errors.first?.message, ValidationMessage.format("not a uri", "uri"))
        XCTAssertTrue(Self.avatar.isValid(.string("https://example.com/a.png"), asserting))
        // A format this runtime does not know is an annotation.
        let unknown = SchemaRule(types: [.string], format: "int64", in: "openapi.yaml", at: "/x")
        XCTAssertTrue(unknown.report(.string("abc"), ValidationContext(options: ValidationOptions(assertFormats: true))))
    }

    func testPatternIsCheckedAfterTheLengthsWithTheGeneratedMessage() {
        let handle = SchemaRule(types: [.string], maxLength: 5, pattern: ECMARegex(compiling: "^[a-z]+$"),
                                format: "email", in: "openapi.yaml", at: "/components/schemas/Profile/properties/handle")
        XCTAssertTrue(handle.isValid(.string("abc"), ValidationContext()))
        XCTAssertFalse(handle.isValid(.string("ab1"), ValidationContext()))
        // Not a string: the pattern does not apply (only `type` does).
        XCTAssertFalse(handle.isValid(.number(JSONNumber(1 as Int64)), ValidationContext()))
        let asserting = ValidationContext(options: ValidationOptions(assertFormats: true))
        XCTAssertFalse(handle.report(.string("ABCDEFG"), asserting))
        XCTAssertEqual(asserting.report.errors.map(\.keyword), ["maxLength", "pattern", "format"])
        let pattern = asserting.report.errors[1]
        XCTAssertEqual(pattern.message, ValidationMessage.pattern("ABCDEFG", "^[a-z]+$"))
        XCTAssertEqual(pattern.keywordLocation, "/components/schemas/Profile/properties/handle/pattern")
        XCTAssertEqual(pattern.schemaLocation, "openapi.yaml#/components/schemas/Profile/properties/handle")
    }

    func testPatternSpendsTheRunsRegexBudget() {
        // A row's regex is checked through the context, so a body full of patterned members shares one budget.
        let rule = SchemaRule(types: [.string], pattern: ECMARegex(compiling: "^(a|a)*b$"), in: "openapi.yaml", at: "/x")
        let context = ValidationContext(options: ValidationOptions(regexStepBudget: 1_000))
        XCTAssertFalse(rule.isValid(.string(String(repeating: "a", count: 30)), context))
        XCTAssertEqual(context.regexStepsRemaining, 0)
        // Spent: even a value that matches now fails, as a generated `pattern` check does.
        XCTAssertTrue(rule.isValid(.string("ab"), ValidationContext()))
        XCTAssertFalse(rule.isValid(.string("ab"), context))
    }

    func testPropertiesAreDispatchedByPositionWithTheMemberOnThePath() throws {
        let context = ValidationContext()
        let object = try object(#"{"undeclared": 1, "name": "x", "id": "7", "avatar": "a"}"#)
        XCTAssertFalse(context.validateProperties(object, Self.table, Self.rules))
        XCTAssertEqual(context.report.errors.map(\.instanceLocation), ["/name", "/id"])
        XCTAssertEqual(context.report.errors.map(\.keyword), ["minLength", "type"])
        XCTAssertEqual(context.depth, 0)
    }

    func testAValidMemberLeavesThePathAndTheReportAlone() throws {
        let context = ValidationContext()
        XCTAssertTrue(context.validateProperties(try object(#"{"id": 1, "name": null, "other": false}"#), Self.table, Self.rules))
        XCTAssertEqual(context.depth, 0)
        XCTAssertTrue(context.report.errors.isEmpty)
        XCTAssertTrue(SchemaRule.anything.isValid(.array([.null]), context))
    }

    func testStopAtFirstErrorEndsTheLoop() throws {
        let context = ValidationContext(options: ValidationOptions(stopAtFirstError: true))
        XCTAssertFalse(context.validateProperties(try object(#"{"id": "x", "name": 5}"#), Self.table, Self.rules))
        XCTAssertEqual(context.report.errors.count, 1)
    }

    func testInsideAProbeAFailureIsOnlyNoted() {
        let context = ValidationContext()
        XCTAssertFalse(context.probe { $0.validate(.string("x"), at: "name", Self.name) })
        XCTAssertTrue(context.report.errors.isEmpty)
        XCTAssertTrue(context.probe { $0.validate(.string("xyz"), at: "name", Self.name) })
    }

    func testElementRulesPutTheIndexOnThePath() {
        let context = ValidationContext()
        XCTAssertFalse(context.validate(.number(JSONNumber(1 as Int64)), at: 2, Self.avatar))
        XCTAssertTrue(context.validate(.string("a"), at: 3, Self.avatar))
        XCTAssertEqual(context.report.errors.map(\.instanceLocation), ["/2"])
        XCTAssertEqual(context.depth, 0)
    }
}
