import APIGenCore
import XCTest

/// Compiled validators: straight-line checks per schema, wired into the generated methods.
final class ValidatorSnippetTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        paths:
          /items:
            get:
              operationId: listItems
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        components:
          schemas:
            Item:
              type: object
              required: [id]
              additionalProperties: false
              properties:
                id: { type: integer, minimum: 1 }
                name: { type: string, pattern: '^[a-z]+$', maxLength: 10 }
                tags: { type: array, items: { type: string }, uniqueItems: true }
                price: { type: number, multipleOf: 0.01 }
                kind: { enum: [a, b] }
        """

    /// Found by the hostile description of HostileOutputTests: a schema named `2fa` got `2faProperties`.
    func testConstantsOfASchemaNamedWithADigitFirstAreIdentifiers() {
        let outcome = generate(yaml: spec.replacingOccurrences(of: "Item", with: "2fa"))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.allText, "public static func validate2fa(", "static let _2faProperties: JSONPropertyTable",
                       "Self._2faProperties.index(of: member)")
        XCTAssertFalse(outcome.allText.contains(" 2fa"), outcome.allText)
    }

    func testValidatorsAreEmittedAndCalled() {
        let outcome = generate(yaml: spec)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let validators = outcome.allText
        // A component's validators are in its model file, after the model.
        assertContains(outcome.file("Models/Item.swift") ?? "", "public struct Item", "extension Validators {", "public static func validateItem(")
        assertContains(validators,
            "public enum Validators {}",
            "public static func validateItem(_ instance: JSONInstance, _ context: ValidationContext) -> Bool {",
            "if !(Self.itemTypesObject",
            "if !context.checkRequired(object, Self.itemProperties, Self.itemRequired,", "keywordLocation: \"/components/schemas/Item/required\", schemaLocation: \"openapi.yaml#/components/schemas/Item\")",
            "JSONPropertyTable([\"id\", \"name\", \"tags\", \"price\", \"kind\"])",
            "switch __index {",
            "case 0?:", "if !context.validate(member.value, at: \"id\", validateItemID)",
            // `{type: string}` members are one call each.
            "return context.checkType(instance, Self.itemTypesString, keywordLocation: \"/components/schemas/Item/properties/tags/items/type\"",
            "private static let itemNamePattern: ECMARegex",
            "ECMARegex(compiling: \"^[a-z]+$\", syntax: .lenient)",
            "SchemaCheck.hasLength(string, atMost: 10)",
            "SchemaCheck.firstDuplicate(in: array)",
            "number.isMultiple(of: Self.",
            "JSONNumber(literal: \"0.01\")",
            "ValidationMessage.additionalProperty(member.key)")
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "",
                       "try client.validateResponse(__response, operation: __operation, mode: .reject, request: __request, calledAt: __calledAt, validator: Validators.validateItem)")
    }

    func testValidationModes() {
        var config = GeneratorConfig()
        config.validation = .reportOnly
        assertContains(generate(yaml: spec, config: config).file("APIs/DefaultAPI.swift") ?? "", "mode: .reportOnly")
        config.validationOverrides = ["listItems": .off]
        let off = generate(yaml: spec, config: config)
        XCTAssertFalse((off.file("APIs/DefaultAPI.swift") ?? "").contains("validateResponse"))
        XCTAssertFalse((off.files ?? []).contains { $0.path.hasPrefix("Checks/") })
        XCTAssertFalse(off.allText.contains("extension Validators"))
    }
}
