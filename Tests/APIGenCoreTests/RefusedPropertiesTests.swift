@testable import APIGenCore
import XCTest

/// `additionalProperties: false` that refuses what a composition declares or what `required` names is reported once
/// per schema.
final class RefusedPropertiesTests: XCTestCase {
    private func warnings(_ schemas: String) -> [Diagnostic] {
        let result = Resolver.resolve(rootPath: "api.yaml", provider: InMemorySourceProvider(["api.yaml": """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths:
              /status:
                get:
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Status' } } } }
            components:
              schemas:
            \(schemas)
            """]))
        return result.diagnostics.filter { $0.message.contains("additionalProperties") }
    }

    func testPropertiesOnlyAnAllOfDeclaresAreNamedAtTheKeyword() throws {
        let found = warnings("""
                Base:
                  type: object
                  properties: { policy: { type: string } }
                Status:
                  type: object
                  additionalProperties: false
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - properties: { account: { type: string }, cpcode: { type: string }, stage: { type: string } }
                      required: [account]
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        let warning = try XCTUnwrap(found.first)
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertTrue(warning.message.hasPrefix("'additionalProperties: false' refuses 'policy', 'account', 'cpcode' and 1 more, which only the schema's 'allOf' declares"), warning.message)
        XCTAssertEqual(warning.location?.line, 15, "points at the keyword")
        XCTAssertTrue(warning.hint?.contains("unevaluatedProperties: false") ?? false)
    }

    func testAOneOfMemberIsNamedTooAndOnePropertyReadsAsIt() throws {
        let found = warnings("""
                Status:
                  type: object
                  properties: { kind: { type: string } }
                  additionalProperties: false
                  oneOf:
                    - properties: { kind: { type: string }, size: { type: integer } }
            """)
        XCTAssertEqual(found.map(\.message), [
            "'additionalProperties: false' refuses 'size', which only the schema's 'oneOf' declares: JSON Schema applies "
                + "'additionalProperties' to the properties written beside it, so the generated validator rejects every "
                + "object that has it",
        ])
    }

    func testARequiredMemberNoPropertiesDeclareMakesTheSchemaUnsatisfiable() throws {
        let found = warnings("""
                Status:
                  type: object
                  additionalProperties: false
                  properties: { assistant_id: { type: string } }
                  required: [thread_id, assistant_id]
            """)
        XCTAssertEqual(found.map(\.message), [
            "'required' names 'thread_id', which no 'properties' declares and 'additionalProperties: false' refuses: "
                + "no object is valid against this schema, so the generated validator rejects every one",
        ])
        XCTAssertEqual(found.first?.hint, "declare it under 'properties', or take it out of 'required'")
    }

    func testNoWarningWhenThePropertiesAreBesideItOrPatternsMayAcceptThem() {
        XCTAssertEqual(warnings("""
                Status:
                  type: object
                  properties: { account: { type: string } }
                  additionalProperties: false
                  allOf:
                    - properties: { account: { minLength: 1 } }
            """).count, 0)
        XCTAssertEqual(warnings("""
                Status:
                  type: object
                  patternProperties: { '^x-': {} }
                  additionalProperties: false
                  allOf:
                    - properties: { x-account: { type: string } }
            """).count, 0)
        XCTAssertEqual(warnings("""
                Status:
                  type: object
                  properties: { account: { type: string } }
                  additionalProperties: false
                  required: [account]
            """).count, 0)
        XCTAssertEqual(warnings("""
                Status:
                  type: object
                  required: [account]
                  properties: { name: { type: string } }
            """).count, 0, "without additionalProperties: false an undeclared required member may be anything")
    }
}
