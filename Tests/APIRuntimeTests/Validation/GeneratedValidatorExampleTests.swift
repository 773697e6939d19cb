@_spi(Generated) import APIRuntime
import XCTest

/// What the generator is expected to emit for
/// `{type: object, required: [id], properties: {id: {type: integer, minimum: 1},
///   name: {type: string, pattern: '^[a-z]+$'}}, additionalProperties: false}`
/// at `schemas/friend.json`, written by hand against the runtime API.
enum FriendValidator {
    static let properties = JSONPropertyTable(["id", "name"])
    static let namePattern = ECMARegex(compiling: "^[a-z]+$")
    static let idMinimum: JSONNumber = 1

    @discardableResult
    static func validate(_ instance: JSONInstance, _ ctx: ValidationContext) -> Bool {
        guard case .object(let object) = instance else {
            ctx.fail(keyword: "type", keywordLocation: "/type", schemaLocation: "schemas/friend.json#",
                     message: ValidationMessage.type(instance, expected: .object))
            return false
        }
        var valid = true
        if !properties.contains(0, in: object) {
            ctx.fail(keyword: "required", keywordLocation: "/required", schemaLocation: "schemas/friend.json#",
                     message: ValidationMessage.required("id"))
            if ctx.shouldStop { return false }
            valid = false
        }
        for member in object {
            switch properties.index(of: member) {
            case 0?:
                ctx.noteEvaluated(property: "id")  // only needed when an enclosing schema has unevaluatedProperties
                ctx.push("id")  // the literal, not member.key: no reference counting
                if !validateID(member.value, ctx) { valid = false }
                ctx.pop()
            case 1?:
                ctx.noteEvaluated(property: "name")
                ctx.push("name")
                if !validateName(member.value, ctx) { valid = false }
                ctx.pop()
            default:
                ctx.fail(keyword: "additionalProperties", keywordLocation: "/additionalProperties",
                         schemaLocation: "schemas/friend.json#", message: ValidationMessage.additionalProperty(member.key))
                valid = false
            }
            if ctx.shouldStop { return false }
        }
        return valid
    }

    /// `#/properties/id`
    static func validateID(_ instance: JSONInstance, _ ctx: ValidationContext) -> Bool {
        guard case .number(let number) = instance, number.isInteger else {
            ctx.fail(keyword: "type", keywordLocation: "/properties/id/type", schemaLocation: "schemas/friend.json#/properties/id",
                     message: ValidationMessage.type(instance, expected: .integer))
            return false
        }
        if !(number >= idMinimum) {
            ctx.fail(keyword: "minimum", keywordLocation: "/properties/id/minimum", schemaLocation: "schemas/friend.json#/properties/id",
                     message: ValidationMessage.minimum(number, idMinimum))
            return false
        }
        return true
    }

    /// `#/properties/name`
    static func validateName(_ instance: JSONInstance, _ ctx: ValidationContext) -> Bool {
        guard case .string(let string) = instance else {
            ctx.fail(keyword: "type", keywordLocation: "/properties/name/type", schemaLocation: "schemas/friend.json#/properties/name",
                     message: ValidationMessage.type(instance, expected: .string))
            return false
        }
        if !namePattern.matches(string) {
            ctx.fail(keyword: "pattern", keywordLocation: "/properties/name/pattern", schemaLocation: "schemas/friend.json#/properties/name",
                     message: ValidationMessage.pattern(string, namePattern.pattern))
            return false
        }
        return true
    }
}

final class GeneratedValidatorExampleTests: XCTestCase {
    private func report(_ json: String, options: ValidationOptions = .default) throws -> ValidationReport {
        let instance = try JSONParser.parse(json)
        return ValidationContext.validate(instance, options: options, instanceLocationPrefix: "/data", with: FriendValidator.validate)
    }

    func testValid() throws {
        XCTAssertTrue(try report(#"{"id": 1, "name": "ada"}"#).isValid)
        XCTAssertTrue(try report(#"{"id": 2.0}"#).isValid)
        XCTAssertTrue(try report(#"{"id": 123456789012345678901234567890}"#).isValid)
    }

    func testAllErrorsAreCollectedWithLocations() throws {
        let result = try report(#"{"name": "Ada1", "id": 0, "extra": true}"#)
        XCTAssertEqual(result.errors.map(\.keywordLocation), ["/properties/name/pattern", "/properties/id/minimum", "/additionalProperties"])
        XCTAssertEqual(result.errors.map(\.instanceLocation), ["/data/name", "/data/id", "/data"])
        XCTAssertEqual(result.errors[0].description, #"/data/name: "Ada1" does not match pattern ^[a-z]+$ (schemas/friend.json#/properties/name)"#)
        XCTAssertEqual(result.errors[1].description, "/data/id: 0 is less than the minimum of 1 (schemas/friend.json#/properties/id)")
        XCTAssertEqual(result.errors[2].message, #"additional property "extra" is not allowed"#)
        XCTAssertFalse(result.isTruncated)
    }

    func testRequiredAndType() throws {
        let result = try report(#"{"id": 1.5, "name": 3}"#)
        XCTAssertEqual(result.errors.map(\.message), [#"1.5 is not of type "integer""#, #"3 is not of type "string""#])
        XCTAssertEqual(try report("[]").errors.first?.description, #"/data: [] is not of type "object" (schemas/friend.json#)"#)
        XCTAssertEqual(try report("{}").errors.first?.message, #""id" is a required property"#)
    }

    func testStopAtFirstError() throws {
        let result = try report(#"{"name": "Ada1", "id": 0}"#, options: ValidationOptions(stopAtFirstError: true))
        XCTAssertEqual(result.errors.count, 1)
        XCTAssertTrue(result.isTruncated)
        XCTAssertFalse(result.isValid)
    }
}
