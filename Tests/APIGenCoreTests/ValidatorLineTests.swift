@testable import APIGenCore
import XCTest

/// The facts validator lines carry, and the emitter's decisions made from them (binding a kind's payload, keeping
/// `var valid`) instead of from searching the Swift text.
final class ValidatorLineTests: XCTestCase {
    func testLinesSayWhetherTheyInvalidateOrOnlyRecordAnnotations() {
        let failing = ValidatorLine.failing(if: "!ok")
        XCTAssertEqual(failing.text, "if !ok { if context.shouldStop { return false }; valid = false }")
        XCTAssertTrue([failing].invalidates)
        XCTAssertTrue([ValidatorLine.markInvalid.indented].invalidates, "indenting keeps what a line does")
        XCTAssertFalse(["if object.count > 2 {", "}"].invalidates, "a line that only mentions no `valid` does not invalidate")
        // A line's text is no fact: this one spells `valid = false` inside a string and invalidates nothing.
        XCTAssertFalse([ValidatorLine("log(\"valid = false\")")].invalidates)

        let annotation = ValidatorLine.annotation("context.noteEvaluatedAllItems()")
        XCTAssertEqual(annotation.text, "context.noteEvaluatedAllItems() // __unevaluated")
        XCTAssertFalse([annotation, annotation.indented].readsPayload)
        XCTAssertTrue([annotation, "if array.count > 1 {", "}"].readsPayload)
        XCTAssertEqual([ValidatorLine("a"), ValidatorLine("b")].indented.texts, ["    a", "    b"])
    }

    /// With `unevaluated*` in the document, `additionalProperties: true` is recorded in the object case and nothing
    /// else: the case binds no payload (an unused binding is a warning in generated code) and, as nothing can fail,
    /// the function keeps no `valid`. A case with a check binds its payload.
    func testPayloadIsBoundAndValidKeptOnlyWhenLinesNeedThem() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Lines, version: '1' }
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Thing' }
            components:
              schemas:
                Thing:
                  type: object
                  properties:
                    open: { $ref: '#/components/schemas/Open' }
                    tags: { $ref: '#/components/schemas/Tags' }
                  unevaluatedProperties: false
                Open:
                  additionalProperties: true
                Tags:
                  minItems: 1
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let open = outcome.file("Models/Open.swift") ?? ""
        assertContains(open, "case .object:\n", "context.noteEvaluatedAllProperties() // __unevaluated", "return true\n")
        XCTAssertFalse(open.contains("case .object(let object)"), open)
        XCTAssertFalse(open.contains("var valid"), open)
        let tags = outcome.file("Models/Tags.swift") ?? ""
        assertContains(tags, "var valid = true", "case .array(let array):", "return valid")
    }
}
