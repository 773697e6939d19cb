@testable import APIGenCore
import XCTest

/// The names that could hide a bare `validate…` call: what the description spells that way in a scope calling
/// validators (see ValidatorShadowingOutputTests for a compiled output).
final class ValidatorShadowingTests: XCTestCase {
    func testCollectsOperationsParametersEventNamesAndOverridesThatReadAsValidate() throws {
        let result = Resolver.resolve(rootPath: "openapi.yaml", provider: InMemorySourceProvider(["openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /things:
                get:
                  operationId: validate_thing
                  parameters:
                    - { name: validate-filter, in: query, schema: { type: string } }
                    - { name: page, in: query, schema: { type: integer } }
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Event' } } } }
            components:
              schemas:
                Event:
                  oneOf: [{ $ref: '#/components/schemas/Started' }]
                  discriminator: { propertyName: event, mapping: { validate.done: '#/components/schemas/Started' } }
                Started:
                  type: object
                  properties:
                    event: { const: validateStarted }
                    kind: { enum: [validate_kind, other] }
                    validateNote: { type: string }
            """]))
        let api = try XCTUnwrap(result.api)
        let names = ValidatorShadowing.names(api, overrides: ["validateByOverride", "listThings"])
        XCTAssertEqual(names, ["validatething", "validatefilter", "validatedone", "validatestarted", "validatekind",
                               "validatenote", "validatebyoverride"])
    }

    func testANameOrItsSecondClaimantIsShadowedButNotALongerName() {
        let names: Set<String> = ["validateitem"]
        XCTAssertTrue(ValidatorShadowing.isShadowed("validateItem", by: names))
        XCTAssertTrue(ValidatorShadowing.isShadowed("validateItem2", by: names))
        XCTAssertFalse(ValidatorShadowing.isShadowed("validateItemName", by: names))
        XCTAssertFalse(ValidatorShadowing.isShadowed("validateOther", by: names))
    }
}
