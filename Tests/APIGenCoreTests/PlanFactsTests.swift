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

    /// The request is planned as values (location, style, value kind; body encoding; multipart parts and their
    /// headers); the Swift statements are written from them only when rendering.
    func testRequestsArePlannedAsTypedSteps() throws {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            paths:
              /items/{id}:
                post:
                  operationId: upload
                  tags: [Items]
                  parameters:
                    - { name: id, in: path, required: true, style: label, schema: { type: integer } }
                    - { name: filter, in: query, style: deepObject, schema: { type: object, properties: { color: { type: string } } } }
                    - { name: X-Tags, in: header, schema: { type: array, items: { type: string } } }
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [file]
                          properties: { file: { type: string, format: binary }, note: { type: string } }
                        encoding:
                          file: { contentType: image/png, headers: { X-Checksum: { required: true, schema: { type: string } } } }
                  responses: { '204': { description: sent } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let operation = try plannedOperation("upload", in: outcome)
        let steps = operation.requestStatements.steps
        XCTAssertEqual(steps.count, 4)
        guard case .parameter(let id) = steps[0], case .parameter(let filter) = steps[1], case .parameter(let tags) = steps[2],
              case .multipart(let body) = steps[3] else { return XCTFail("unexpected steps: \(steps)") }
        XCTAssertEqual([id.location, filter.location, tags.location], [.path, .query, .header])
        XCTAssertEqual([id.value, filter.value, tags.value], [.scalar, .object, .array])
        XCTAssertEqual([id.style, filter.style, tags.style], [.label, .deepObject, .simple])
        XCTAssertEqual(filter.explode, false, "explode defaults to true for form only")
        XCTAssertEqual(body.parts.map(\.wireName), ["file", "note"])
        XCTAssertEqual(body.parts.map(\.encoding), [.file, .value])
        XCTAssertEqual(body.parts[0].contentType, "image/png")
        XCTAssertEqual(body.parts[0].headers.map(\.name), ["X-Checksum"])
        XCTAssertEqual(body.parts[0].headers.first?.isRequiredWithPart, true, "the body is optional, so the part is")
        guard case .whenAnyGiven(let locals, let requiredParts) = body.condition else { return XCTFail("\(body.condition)") }
        XCTAssertEqual(locals, ["file", "note"])
        XCTAssertEqual(requiredParts.map(\.wireName), ["file"])
        // Rendering writes the statements from these values.
        assertContains(outcome.file("APIs/ItemsAPI.swift") ?? "",
                       "__request.path(\"id\", id, style: .label)",
                       "try __request.query(\"filter\", object: filter, style: .deepObject, explode: false)",
                       "__request.header(\"X-Tags\", xTags)",
                       "if file != nil || note != nil {",
                       "guard let file else { throw APIError.invalidRequest(\"the multipart part 'file' is required when the body is sent\") }",
                       "if fileXChecksum == nil { throw APIError.invalidRequest(",
                       "try __form.append(\"file\", file, contentType: \"image/png\", headers: MultipartForm.PartHeaders([\"X-Checksum\": fileXChecksum?.parameterValue]))")
    }

    /// Each status case is planned as values (validate with a named validator, read the body as a type, return or
    /// throw a case of the operation's error enum); the Swift is written from them when rendering.
    func testResponsesArePlannedAsTypedSteps() throws {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            paths:
              /items/{id}:
                get:
                  operationId: getItem
                  tags: [Items]
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
                    '404': { description: missing, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
                    '410': { description: gone }
            components:
              schemas:
                Item: { type: object, required: [id], properties: { id: { type: integer } } }
                Problem: { type: object, properties: { message: { type: string } } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let operation = try plannedOperation("getItem", in: outcome)
        let cases = Dictionary(uniqueKeysWithValues: operation.responseCases.map { ($0.pattern, $0.statements.steps) })
        let schemas = Dictionary((outcome.api?.namedSchemas ?? []).map { ($0.name, $0.schema) }, uniquingKeysWith: { first, _ in first })
        let item = try XCTUnwrap(schemas["Item"]), problem = try XCTUnwrap(schemas["Problem"])
        XCTAssertEqual(cases["200"], [.validate(ResponseValidation(mode: "reject", schema: item, validator: "validateItem"), headers: nil),
                                      .returnBody(.json(type: "Item"))])
        XCTAssertEqual(cases["404"], [.throwDocumentedError(type: "GetItemError", caseName: "status404", bodyType: "Problem",
                                                            validation: ResponseValidation(mode: "reject", schema: problem, validator: "validateProblem"),
                                                            headers: nil, headersType: nil)])
        XCTAssertEqual(cases["410"], [.throwError(type: "GetItemError", caseName: "status410", body: nil, headers: nil, headersType: nil)])
        XCTAssertEqual(operation.defaultStatements.steps, [.throwUnexpectedStatus])
        assertContains(outcome.file("APIs/ItemsAPI.swift") ?? "",
                       "validator: validateItem)",
                       "return try client.decode(Item.self, from: __response, operation: __operation)",
                       "throw GetItemError.status410(status: __response.status)",
                       "throw APIError.unexpectedStatus(operation: __operation.id, status: __response.status, body: __response.body)")
    }

    /// A model's members are planned as values (wire name, type, presence, date-time handling, read-only, the
    /// members beside the declared ones); `init(from:)` and `encode(to:)` are written from them when rendering.
    func testModelCodingIsPlannedAsValues() throws {
        let outcome = generate(yaml: openAPI(schemas: """
                Event:
                  type: object
                  required: [id, endedAt]
                  properties:
                    id: { type: integer, readOnly: true }
                    endedAt: { type: [string, 'null'], format: date-time }
                    kind: { type: string, default: meeting }
                  additionalProperties: { type: string }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let model = try XCTUnwrap(outcome.plan?.modelFiles.flatMap(\.models).first { $0.name == "Event" })
        let codings = Dictionary(uniqueKeysWithValues: model.properties.map { ($0.name, $0.coding) })
        guard case .member(let id) = codings["id"], case .member(let endedAt) = codings["endedAt"],
              case .member(let kind) = codings["kind"] else { return XCTFail("\(codings)") }
        XCTAssertEqual(id.presence, .optional, "a read-only member is optional: a model built for a request has none")
        XCTAssertTrue(id.isReadOnly)
        XCTAssertEqual(endedAt.presence, .requiredNullable)
        XCTAssertEqual(endedAt.dateTime, .single)
        XCTAssertEqual(kind.presence, .defaulted(literal: "\"meeting\""))
        XCTAssertEqual(codings["additionalProperties"], .additionalProperties(valueType: "String", declaredNames: ["id", "endedAt", "kind"]))
        assertContains(outcome.file("Models/Event.swift") ?? "",
                       "if !RequestBodyEncoding.isActive { try container.encodeIfPresent(self.id, forKey: \"id\") }",
                       "self.endedAt = try container.decodeDateTimeIfPresent(forKey: \"endedAt\")",
                       "try container.encodeDateTimeOrNull(self.endedAt, forKey: \"endedAt\")",
                       "self.kind = try container.decodeIfPresent(String.self, forKey: \"kind\") ?? \"meeting\"")
    }

    private func plannedOperation(_ methodName: String, in outcome: Generator.Outcome) throws -> OperationPlan {
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        return try XCTUnwrap(outcome.plan?.groups.flatMap(\.operations).first { $0.methodName == methodName })
    }
}
