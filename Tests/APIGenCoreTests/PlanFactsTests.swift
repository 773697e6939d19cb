import APIGenCore
import XCTest

/// Facts Render needs are values in the plan, decided where the planner knows them, not found again by searching
/// the Swift text it produced (issue 17, deliverable 6).
final class PlanFactsTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        paths:
          /wrapped:
            get:
              operationId: getWrapped
              tags: [Wrapped]
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status, data]
                        properties: { status: { type: string }, reason: { type: string }, data: { type: integer } }
          /plain:
            get:
              operationId: getPlain
              tags: [Plain]
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: integer } } } }
          /reports:
            post:
              operationId: sendReport
              tags: [Plain]
              requestBody:
                required: true
                content: { application/json: { schema: { $ref: '#/components/schemas/Report' } } }
              responses: { '204': { description: sent } }
          /forms:
            post:
              operationId: sendForm
              tags: [Plain]
              requestBody:
                required: true
                content: { application/x-www-form-urlencoded: { schema: { $ref: '#/components/schemas/Report' } } }
              responses: { '204': { description: sent } }
        components:
          schemas:
            Report: { type: object, properties: { message: { type: string } } }
        """

    func testOnlyGroupsWithEnvelopedResponsesDeclareTheFormat() throws {
        var config = GeneratorConfig()
        config.envelope = EnvelopeConfig()
        let outcome = generate(yaml: spec, config: config)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        XCTAssertTrue(try XCTUnwrap(outcome.file("APIs/WrappedAPI.swift")).contains("static let envelopeFormat"))
        XCTAssertFalse(try XCTUnwrap(outcome.file("APIs/PlainAPI.swift")).contains("envelopeFormat"))
    }

    func testTheValidationReportEndpointNeedsAJSONBodyAndSendsItsType() throws {
        var config = GeneratorConfig()
        config.validationReport = "sendReport"
        let outcome = generate(yaml: spec, config: config)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("ShopClient.swift") ?? "", ".plain.sendReport(body: try report.converted(to: Report.self))")

        config.validationReport = "sendForm"
        let form = generate(yaml: spec, config: config)
        XCTAssertTrue(form.diagnostics.contains { $0.severity == .error && $0.message == "validationReport: 'sendForm' is not an operation with a JSON body" },
                      form.rendered.joined(separator: "\n"))
    }
}
