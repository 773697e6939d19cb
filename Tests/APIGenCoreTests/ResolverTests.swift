@testable import APIGenCore
import XCTest

/// Resolution: references across files, odd places for `$ref`, dialect normalisation, Swagger 2.0.
final class ResolverTests: XCTestCase {
    private func resolve(_ files: [String: String], root: String = "api/openapi.yaml") -> Resolver.Result {
        Resolver.resolve(rootPath: root, provider: InMemorySourceProvider(files))
    }

    func testExternalRefsToFilesPointersPathItemsAndComponentSchemas() throws {
        let result = resolve([
            "api/openapi.yaml": """
                openapi: 3.1.0
                info: { title: T, version: '1' }
                paths:
                  /health:
                    $ref: 'paths/health.yaml'
                  /items:
                    get:
                      $ref: 'paths/ops.yaml#/listItems'
                components:
                  schemas:
                    $ref: 'schemas/all.yaml'
                """,
            "api/paths/health.yaml": """
                get:
                  operationId: health
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '../schemas/all.yaml#/Health' } } } }
                """,
            "api/paths/ops.yaml": """
                listItems:
                  operationId: listItems
                  responses:
                    '200': { description: ok }
                """,
            "api/schemas/all.yaml": """
                Health: { type: object, properties: { ok: { type: boolean } } }
                Item: { type: object, properties: { id: { type: integer } } }
                """,
        ])
        XCTAssertEqual(result.diagnostics, [])
        let api = try XCTUnwrap(result.api)
        XCTAssertEqual(api.operations.map(\.operationId), ["health", "listItems"])
        XCTAssertEqual(api.namedSchemas.map(\.name), ["Health", "Item"])
        XCTAssertEqual(api.documents, ["api/openapi.yaml", "api/schemas/all.yaml", "api/paths/health.yaml", "api/paths/ops.yaml"])
        let healthSchema = try XCTUnwrap(api.operations[0].responses[0].contents[0].schema)
        XCTAssertEqual(healthSchema, api.namedSchemas[0].schema, "the same schema reached two ways is one schema")
    }

    /// OpenAPI 3.2: `query` and `additionalOperations` are operations (methods kept as written there); a path item key
    /// that is no field (`GET:`, a typo) was dropped with its operation without a word and is now a warning at the key.
    func testQueryAndAdditionalOperationsAreReadAndUnknownPathItemKeysReported() throws {
        let spec = { (version: String) in """
            openapi: \(version)
            info: { title: T, version: '1' }
            paths:
              /items:
                query:
                  operationId: searchItems
                  responses: { '200': { description: ok } }
                additionalOperations:
                  LINK: { operationId: linkItems, responses: { '204': { description: linked } } }
                  POST: { responses: { '204': { description: refused } } }
                  'NOT A TOKEN': { responses: { '204': { description: refused } } }
                GET: { operationId: dropped, responses: { '200': { description: ok } } }
                summry: typo
                x-internal: true
            """ }
        let result = resolve(["api/openapi.yaml": spec("3.2.0")])
        let api = try XCTUnwrap(result.api)
        XCTAssertEqual(api.operations.map { "\($0.method) \($0.operationId ?? "-")" }, ["QUERY searchItems", "LINK linkItems"])
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:12:5: warning: 'GET' is not a field of a path item; it is ignored",
            "api/openapi.yaml:13:5: warning: 'summry' is not a field of a path item; it is ignored",
            "api/openapi.yaml:10:13: error: 'POST' has a field of its own in a path item; write it as 'post' there, not under additionalOperations",
            "api/openapi.yaml:11:22: error: 'NOT A TOKEN' is not an HTTP method: a method is an RFC 9110 token",
        ])
        XCTAssertEqual(result.diagnostics.first?.hint, "did you mean 'get'?")

        let older = resolve(["api/openapi.yaml": spec("3.1.0")])
        XCTAssertEqual(older.diagnostics.filter { $0.message.contains("OpenAPI 3.2") }.map(\.description), [
            "api/openapi.yaml:5:5: warning: 'query' operations are OpenAPI 3.2; this document says 3.1.0",
            "api/openapi.yaml:8:5: warning: 'additionalOperations' is OpenAPI 3.2; this document says 3.1.0",
        ])
    }

    func testBrokenRefIsAnErrorAtTheRefWithSuggestion() {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                A: { $ref: '#/components/schemas/Bee' }
                Bees: { type: string }
            """])
        let rendered = result.diagnostics.map { DiagnosticRenderer(sources: result.sources).render($0) }
        XCTAssertEqual(rendered, ["""
            api/openapi.yaml:6:16: error: reference '#/components/schemas/Bee' points to nothing: '/components/schemas/Bee' does not exist in 'api/openapi.yaml' [at /components/schemas/A/$ref]
                    A: { $ref: '#/components/schemas/Bee' }
                               ^
                hint: did you mean 'Bees'?
            """])
    }

    func testMissingFileIsAnError() {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components: { schemas: { A: { $ref: 'nope.json' } } }
            """])
        XCTAssertEqual(result.diagnostics.count, 1)
        XCTAssertTrue(result.diagnostics[0].message.contains("cannot read referenced file 'api/nope.json'"))
        XCTAssertEqual(result.diagnostics[0].location?.line, 4)
    }

    func testRecursionIsExplicit() throws {
        let api = try XCTUnwrap(resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                Node:
                  type: object
                  properties:
                    next: { $ref: '#/components/schemas/Node' }
            """]).api)
        let node = api[api.namedSchemas[0].schema]
        XCTAssertEqual(node.properties[0].schema, api.namedSchemas[0].schema)
    }

    func testAPropertyMapWrittenAsAReferenceIsTheMapItPointsTo() throws {
        let result = resolve([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: T, version: '1' }
                paths: {}
                components:
                  schemas:
                    LoadBalancer:
                      type: object
                      properties:
                        $ref: 'models/attributes.yaml#/droplets'
                        tag: { type: integer }
                        name: { type: string }
                """,
            // References inside the map resolve against the file the map is written in, not the referrer's.
            "api/models/attributes.yaml": """
                droplets:
                  droplet_ids: { $ref: 'shared/identifiers.yaml' }
                  tag: { type: string }
                """,
            "api/models/shared/identifiers.yaml": "{ type: array, items: { type: integer } }",
        ])
        XCTAssertEqual(result.diagnostics, [])
        let api = try XCTUnwrap(result.api)
        let balancer = api[try XCTUnwrap(api.namedSchemas.first { $0.name == "LoadBalancer" }).schema]
        XCTAssertEqual(balancer.properties.map(\.name), ["droplet_ids", "tag", "name"])
        XCTAssertEqual(api[balancer.properties[0].schema].types, [.array], "droplet_ids is the list the map's $ref points to")
        XCTAssertEqual(api[balancer.properties[1].schema].types, [.integer], "an entry beside the $ref wins")
        XCTAssertEqual(balancer.node["properties"]?.entries?.map(\.key), ["droplet_ids", "tag", "name"],
                       "validators read the same map as the model")
    }

    func testAPropertyMapReferenceToANonMapIsAnError() {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                A: { type: object, properties: { $ref: '#/components/schemas/B/type' } }
                B: { type: string }
            """])
        XCTAssertEqual(result.diagnostics.map(\.message),
                       ["'properties' refers with '#/components/schemas/B/type' to a string, not to a map of schemas"])
    }

    func testDialectNormalisation() throws {
        let api = try XCTUnwrap(resolve([
            "api/openapi.yaml": """
                openapi: 3.0.3
                info: { title: T, version: '1' }
                paths: {}
                components:
                  schemas:
                    Old: { type: number, minimum: 1, exclusiveMinimum: true, nullable: true }
                    Device: { $ref: 'device.json' }
                """,
            "api/device.json": """
                {"$schema": "http://json-schema.org/draft-03/schema#", "type": "object",
                 "properties": {"token": {"type": "string", "required": true}, "model": {"type": "string"}}}
                """,
        ]).api)
        let old = api[api.namedSchemas[0].schema]
        XCTAssertTrue(old.nullable)
        XCTAssertEqual(old.exclusiveMinimum, 1)
        XCTAssertNil(old.minimum)
        let device = api[api.namedSchemas[1].schema]
        XCTAssertEqual(device.required, ["token"])
    }

    func testTypeArraysAndNullBranches() throws {
        let api = try XCTUnwrap(resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                A: { type: [string, 'null'] }
                B: { oneOf: [ { $ref: '#/components/schemas/A' }, { type: 'null' } ] }
            """]).api)
        XCTAssertEqual(api[api.namedSchemas[0].schema].types, [.string, .null])
        XCTAssertTrue(api[api.namedSchemas[0].schema].nullable)
        let b = api[api.namedSchemas[1].schema]
        XCTAssertTrue(b.nullable)
        XCTAssertEqual(b.oneOf.count, 1)
    }

    func testSwagger2IsConverted() throws {
        let result = resolve(["api/openapi.yaml": """
            swagger: '2.0'
            info: { title: Pets, version: '1' }
            host: pets.example.com
            basePath: /v1
            schemes: [https]
            paths:
              /pets:
                get:
                  operationId: listPets
                  parameters:
                    - { name: tags, in: query, type: array, items: { type: string }, collectionFormat: multi }
                  responses:
                    200: { description: ok, schema: { type: array, items: { $ref: '#/definitions/Pet' } } }
                post:
                  operationId: addPet
                  parameters:
                    - { name: body, in: body, required: true, schema: { $ref: '#/definitions/Pet' } }
                  responses: { 201: { description: created } }
              /pets/{id}/photo:
                post:
                  operationId: uploadPhoto
                  consumes: [multipart/form-data]
                  parameters:
                    - { name: id, in: path, required: true, type: integer }
                    - { name: file, in: formData, type: file }
                  responses: { 200: { description: ok } }
            definitions:
              Pet: { type: object, required: [name], properties: { name: { type: string }, tag: { type: string, x-nullable: true } } }
            """])
        XCTAssertEqual(result.diagnostics, [])
        let api = try XCTUnwrap(result.api)
        XCTAssertEqual(api.servers.first?.url, "https://pets.example.com/v1")
        XCTAssertEqual(api.operations.map(\.operationId), ["listPets", "addPet", "uploadPhoto"])
        XCTAssertEqual(api.operations[0].parameters[0].explode, true)
        XCTAssertEqual(api.operations[1].requestBody?.contents.first?.mediaType, "application/json")
        XCTAssertEqual(api.operations[2].requestBody?.contents.first?.mediaType, "multipart/form-data")
        let pet = api[api.namedSchemas[0].schema]
        XCTAssertTrue(api[pet.properties[1].schema].nullable)
    }

    /// Found by the wire harness on the OAI petstore-separate example: parameters kept in another file are Swagger
    /// 2.0 too, and were read as OpenAPI 3 parameters without a schema (`limit` became a `String`).
    func testSwagger2ParametersInAnotherFileAreConvertedToo() throws {
        let result = resolve([
            "api/openapi.yaml": """
                swagger: '2.0'
                info: { title: Pets, version: '1' }
                paths:
                  /pets:
                    parameters:
                      - $ref: 'parameters.yaml#/tagsParam'
                    get:
                      operationId: findPets
                      parameters:
                        - $ref: 'parameters.yaml#/limitParam'
                        - $ref: 'parameters.yaml#/bodyParam'
                      responses: { 200: { description: ok } }
                """,
            "api/parameters.yaml": """
                tagsParam: { name: tags, in: query, type: array, items: { type: string }, collectionFormat: pipes }
                limitParam: { name: limit, in: query, type: integer, format: int32 }
                bodyParam: { name: filter, in: body, schema: { type: object, properties: { q: { type: string } } } }
                """,
        ])
        XCTAssertEqual(result.diagnostics, [])
        let operation = try XCTUnwrap(result.api?.operations.first)
        let api = try XCTUnwrap(result.api)
        let limit = try XCTUnwrap(operation.parameters.first { $0.name == "limit" })
        XCTAssertEqual(limit.schema.map { api[$0].types }, [.integer])
        let tags = try XCTUnwrap(operation.parameters.first { $0.name == "tags" })
        XCTAssertEqual(tags.style, "pipeDelimited")
        XCTAssertEqual(tags.schema.map { api[$0].types }, [.array])
        XCTAssertEqual(operation.requestBody?.contents.first?.mediaType, "application/json")
    }

    func testJSONSchemaFileAsRoot() throws {
        let api = try XCTUnwrap(resolve(["api/member.json": """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Member", "type": "object",
             "properties": {"id": {"type": "integer"}, "address": {"$ref": "#/$defs/Address"}},
             "$defs": {"Address": {"type": "object", "properties": {"city": {"type": "string"}}}}}
            """], root: "api/member.json").api)
        XCTAssertEqual(api.specVersion, "json-schema")
        XCTAssertEqual(Set(api.namedSchemas.map(\.name)), ["Member", "Address"])
    }
}
