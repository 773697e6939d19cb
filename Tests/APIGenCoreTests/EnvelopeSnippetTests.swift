import APIGenCore
import XCTest

/// `envelope:`: methods return the `data` payload.
final class EnvelopeSnippetTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        paths:
          /items:
            get:
              operationId: listItems
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status, data]
                        properties:
                          status: { type: string }
                          reason: { type: [string, 'null'] }
                          data: { type: array, items: { type: string } }
          /ping:
            post:
              operationId: ping
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object, properties: { status: { type: string } } } } } }
          /maybe:
            get:
              operationId: maybe
              responses:
                '200':
                  description: ok
                  content: { application/json: { schema: { type: object, properties: { status: { type: string }, data: { type: integer } } } } }
        """

    func testEnvelopesAreUnwrappedByShape() {
        var config = GeneratorConfig()
        config.envelope = EnvelopeConfig()
        let outcome = generate(yaml: spec, config: config)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "",
            "static let envelopeFormat = EnvelopeFormat(statusKey: \"status\", reasonKey: \"reason\", dataKey: \"data\", successValues: [\"OK\", \"ok\", \"200\"])",
            "public func listItems() async throws -> [String] {",
            "return try client.decodeRequiredEnvelope([String].self, from: __response, operation: __operation, format: Self.envelopeFormat)",
            "public func ping() async throws {",
            "try client.checkEnvelope(from: __response, operation: __operation, format: Self.envelopeFormat)\n            return",
            "public func maybe() async throws -> Int? {",
            "return try client.decodeEnvelope(Int.self,")
    }

    func testWithoutEnvelopeConfigNothingIsUnwrapped() {
        let outcome = generate(yaml: spec)
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "", "public func listItems() async throws -> ListItemsResponse {")
    }

    func testEnvelopeAndModelsConfigParse() throws {
        let parsed = GeneratorConfig.parse(bytes: Array("""
            envelope: { status: code, reason: message, data: payload, success: [0, OK] }
            models:
              Member:
                from: ["#/components/schemas/A", b.json]
                fields: { id: [id, ident] }
            queueable: [track]
            """.utf8), path: "apigen.yml")
        XCTAssertEqual(parsed.diagnostics, [])
        let config = try XCTUnwrap(parsed.config)
        XCTAssertEqual(config.envelope?.status, "code")
        XCTAssertEqual(config.envelope?.success, ["0", "OK"])
        XCTAssertEqual(config.models.first?.from, ["#/components/schemas/A", "b.json"])
        XCTAssertEqual(config.models.first?.fields, [FieldMapping(canonical: "id", wireNames: ["id", "ident"])])
        XCTAssertEqual(config.queueable, ["track"])
        let bad = GeneratorConfig.parse(bytes: Array("models: { Member: { form: [] } }\n".utf8), path: "apigen.yml")
        XCTAssertEqual(bad.diagnostics.first?.description, "apigen.yml:1:21: error: unknown key 'form' in models.Member")
    }

    /// The `data` of an envelope written inside a shared response component is named after the component, not after
    /// the first operation that returns it.
    func testTheDataOfASharedEnvelopeIsNamedAfterItsResponse() {
        var config = GeneratorConfig()
        config.envelope = EnvelopeConfig()
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            paths:
              /a: { get: { operationId: getA, responses: { '200': { $ref: '#/components/responses/Profile' } } } }
              /b: { get: { operationId: getB, responses: { '200': { $ref: '#/components/responses/Profile' } } } }
            components:
              responses:
                Profile:
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [status, data]
                        properties:
                          status: { type: string }
                          data: { type: object, properties: { name: { type: string } } }
            """, config: config)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "",
                       "public func getA() async throws -> ProfileResponseData {", "public func getB() async throws -> ProfileResponseData {")
        XCTAssertNotNil(outcome.file("Models/ProfileResponseData.swift"))
    }
}
