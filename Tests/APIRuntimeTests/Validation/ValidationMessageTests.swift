@_spi(Generated) import APIRuntime
import XCTest

final class ValidationMessageTests: XCTestCase {
    func testMessages() {
        XCTAssertEqual(ValidationMessage.type("x42", expected: [.integer, .null]), #""x42" is not of type "null", "integer""#)
        XCTAssertEqual(ValidationMessage.required("id"), #""id" is a required property"#)
        XCTAssertEqual(ValidationMessage.dependentRequired("b", presentProperty: "a"), #""b" is required when "a" is present"#)
        XCTAssertEqual(ValidationMessage.additionalProperty("x"), #"additional property "x" is not allowed"#)
        XCTAssertEqual(ValidationMessage.minimum(0, 1), "0 is less than the minimum of 1")
        XCTAssertEqual(ValidationMessage.exclusiveMaximum(3, 3), "3 is greater than or equal to the exclusive maximum of 3")
        XCTAssertEqual(ValidationMessage.multipleOf(JSONNumber("0.3")!, 0.2), "0.3 is not a multiple of 0.2")
        XCTAssertEqual(ValidationMessage.minLength("ab", 3), #""ab" is shorter than 3 characters"#)
        XCTAssertEqual(ValidationMessage.maxLength("abcd", 1), #""abcd" is longer than 1 character"#)
        XCTAssertEqual(ValidationMessage.pattern("x42", "^[0-9]+$"), #""x42" does not match pattern ^[0-9]+$"#)
        XCTAssertEqual(ValidationMessage.format("2024-13-01", "date"), #""2024-13-01" is not a valid "date""#)
        XCTAssertEqual(ValidationMessage.minItems([], 1), "[] has fewer than 1 item")
        XCTAssertEqual(ValidationMessage.maxItems([1, 2, 3], 2), "[1,2,3] has more than 2 items")
        XCTAssertEqual(ValidationMessage.uniqueItems(0, 2), "items 0 and 2 are equal")
        XCTAssertEqual(ValidationMessage.minProperties(JSONObject(), 1), "{} has fewer than 1 property")
        XCTAssertEqual(ValidationMessage.maxProperties(["a": 1, "b": 2], 1), #"{"a":1,"b":2} has more than 1 property"#)
        XCTAssertEqual(ValidationMessage.enumeration("x", ["a", "b"]), #""x" is not one of ["a","b"]"#)
        XCTAssertEqual(ValidationMessage.constant("x", "a"), #""x" is not equal to the constant "a""#)
        XCTAssertEqual(ValidationMessage.contains([1, 2], matched: 0, minimum: 1), "[1,2] does not contain a matching item")
        XCTAssertEqual(ValidationMessage.contains([1, 2], matched: 1, minimum: 2), "[1,2] contains 1 matching item, fewer than 2")
        XCTAssertEqual(ValidationMessage.maxContains([1, 2, 3], matched: 3, maximum: 2), "[1,2,3] contains 3 matching items, more than 2")
        XCTAssertEqual(ValidationMessage.anyOf(1), "1 is not valid under any of the given schemas")
        XCTAssertEqual(ValidationMessage.oneOf(1, matches: []), "1 is not valid under any of the given schemas")
        XCTAssertEqual(ValidationMessage.not(1, schema: #"{"type":"integer"}"#), #"1 should not be valid under {"type":"integer"}"#)
        XCTAssertEqual(ValidationMessage.conditional(1, branch: "then"), #"1 does not match the "then" schema"#)
        XCTAssertEqual(ValidationMessage.falseSchema(1), "false schema does not allow 1")
        XCTAssertEqual(ValidationMessage.unevaluatedProperty("x"), #"unevaluated property "x" is not allowed"#)
        XCTAssertEqual(ValidationMessage.unevaluatedItem(3), "unevaluated item 3 is not allowed")
        XCTAssertEqual(ValidationMessage.additionalItem(2), "additional item 2 is not allowed")
        XCTAssertEqual(ValidationMessage.propertyName("x"), #"property name "x" is invalid"#)
        XCTAssertEqual(ValidationMessage.invalidPattern(ECMARegex(compiling: "(")), "pattern ( is not a valid ECMA-262 regular expression: at 0: unterminated group")
    }

    func testLongValuesAreAbbreviated() {
        let message = ValidationMessage.pattern(String(repeating: "x", count: 500), "^a$")
        XCTAssertLessThan(message.count, 100)
        XCTAssertTrue(message.contains("…"))
    }
}
