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

    /// A misspelt field of an operation, parameter, request body or response was ignored without a word (a method
    /// without its body, an optional parameter the server requires); each is a warning at its key, once per object.
    func testUnknownFieldsOfOperationsParametersBodiesAndResponsesAreReportedOnce() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /items:
                get:
                  parameters: [{ $ref: '#/components/parameters/limit' }]
                  responses: { '200': { description: ok, operationId: listItems } }
                post:
                  parameters: [{ $ref: '#/components/parameters/limit' }]
                  requestbody: { content: { application/json: { schema: { type: object } } } }
                  responses: { '201': { description: created } }
                put:
                  requestBody: { content: { application/json: { schema: { type: object } } }, requried: true }
                  responses: { '204': { description: replaced } }
            components:
              parameters:
                limit: { name: limit, in: query, require: true, schema: { type: integer }, x-note: fine }
            """])
        XCTAssertNotNil(result.api)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:17:38: warning: 'require' is not a field of a parameter; it is ignored",
            "api/openapi.yaml:7:46: warning: 'operationId' is not a field of a response; it is ignored",
            "api/openapi.yaml:13:83: warning: 'requried' is not a field of a request body; it is ignored",
            "api/openapi.yaml:10:7: warning: 'requestbody' is not a field of an operation; it is ignored",
        ], "methods in get, put, post order; the shared parameter once")
        XCTAssertEqual(result.diagnostics.map { $0.hint ?? "" }, [
            "did you mean 'required'?",
            "a response holds content, description, headers, links, summary and x- extensions",
            "did you mean 'required'?",
            "did you mean 'requestBody'?",
        ])
    }

    /// A schema key a letter or two from a keyword is that keyword misspelt, and its check is silently missing (found
    /// in OpenAI's published description: `min_items`/`max_items`); other unknown keys are annotations, as JSON Schema
    /// says, and stay quiet.
    func testMisspeltSchemaKeywordsAreReportedAndOtherUnknownKeysAreNot() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                Range:
                  type: array
                  min_items: 2
                  maxItem: 2
                  items: { type: number, Maximum: 1 }
                Label:
                  type: object
                  requried: [name]
                  properties: { name: { type: string, maxLenght: 40 } }
                  x-order: 1
                  unit: meters
                  sortOrder: 3
                  nullble: true
            """])
        XCTAssertNotNil(result.api)
        XCTAssertEqual(result.diagnostics.map(\.description).sorted(), [
            "api/openapi.yaml:10:30: warning: schema key 'Maximum' is no keyword, so it checks nothing and is ignored",
            "api/openapi.yaml:13:7: warning: schema key 'requried' is no keyword, so it checks nothing and is ignored",
            "api/openapi.yaml:14:43: warning: schema key 'maxLenght' is no keyword, so it checks nothing and is ignored",
            "api/openapi.yaml:18:7: warning: schema key 'nullble' is no keyword, so it checks nothing and is ignored",
            "api/openapi.yaml:8:7: warning: schema key 'min_items' is no keyword, so it checks nothing and is ignored",
            "api/openapi.yaml:9:7: warning: schema key 'maxItem' is no keyword, so it checks nothing and is ignored",
        ])
        XCTAssertEqual(Set(result.diagnostics.compactMap(\.hint)), [
            "did you mean 'maximum'?", "did you mean 'required'?", "did you mean 'maxLength'?", "did you mean 'nullable'?",
            "did you mean 'minItems'?", "did you mean 'maxItems'?",
        ])
    }

    /// `path:` for `paths:` generated an empty client and `components: { schema: ... }` no models, without a word;
    /// a response key that is no status (`OK`, `'200 '`, `600`) was taken for `default`, so every unlisted status threw
    /// its error. Each is a warning at the key now, and such a response is left out.
    func testUnknownDocumentAndComponentsFieldsAndResponseKeysThatAreNoStatusAreReported() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            path: {}
            paths:
              /a:
                get:
                  responses:
                    OK: { description: ok }
                    '200 ': { description: ok }
                    '600': { description: ok }
                    2xx: { description: ok }
                    4XX: { description: client error }
                    default: { description: other }
            components:
              schema: { A: { type: object } }
              x-tools: {}
            """])
        let api = try XCTUnwrap(result.api)
        XCTAssertEqual(api.operations.first?.responses.map(\.status), ["2xx", "4XX", "default"])
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:3:1: warning: 'path' is not a field of an OpenAPI document; it is ignored",
            "api/openapi.yaml:15:3: warning: 'schema' is not a field of components; it is ignored",
            "api/openapi.yaml:8:9: warning: 'OK' is not a status code; this response is ignored",
            "api/openapi.yaml:9:9: warning: '200 ' is not a status code; this response is ignored",
            "api/openapi.yaml:10:9: warning: '600' is not a status code; this response is ignored",
        ])
        XCTAssertEqual(result.diagnostics.prefix(2).map { $0.hint ?? "" }, ["did you mean 'paths'?", "did you mean 'schemas'?"])
    }

    /// A path parameter the template never names became a method argument that was never sent; the second of two
    /// same-named parameters replaced the first silently; a `content` key that is no media type was dropped silently.
    func testUnplacedPathParametersDuplicatesAndContentKeysThatAreNoMediaTypeAreReported() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /items/{itemId}:
                parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                get:
                  parameters:
                    - { name: itemId, in: path, required: true, schema: { type: string } }
                    - { name: X-Trace, in: header, schema: { type: string } }
                    - { name: x-trace, in: header, schema: { type: integer } }
                    - { name: q, in: query, schema: { type: string } }
                    - { name: q, in: cookie, schema: { type: string } }
                  responses:
                    '200':
                      description: ok
                      content: { json: { schema: { type: string } }, 'text/plain; charset=utf-8': {}, '*/*': {} }
                delete:
                  parameters: [{ name: itemId, in: path, required: true, schema: { type: string } }]
                  responses: { '204': { description: gone } }
            """])
        let api = try XCTUnwrap(result.api)
        XCTAssertEqual(api.operations.map { $0.parameters.map { "\($0.location.rawValue) \($0.name)" } }, [
            ["path itemId", "header x-trace", "query q", "cookie q"],
            ["path itemId"],
        ])
        XCTAssertEqual(api.operations.first?.responses.first?.contents.map(\.mediaType), ["text/plain; charset=utf-8", "*/*"])
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:10:19: warning: header parameter 'x-trace' is declared twice in this list; the last one is used",
            "api/openapi.yaml:5:26: warning: path parameter 'id' does not appear in '/items/{itemId}'; it could not be sent, so it is left out of the method",
            "api/openapi.yaml:16:22: warning: 'json' is not a media type; this content is ignored",
        ], "the shared parameter once for both operations")
        XCTAssertEqual(result.diagnostics[1].hint, "name the parameter like the path's placeholder ({itemId})")
    }

    /// A style its location does not allow was used anyway (`matrix` in a query wrote `;q=` into the query string) or,
    /// misspelt, replaced by the default without a word; both are warnings now, and the default is used.
    func testStylesTheLocationDoesNotAllowAreReportedAndTheDefaultIsUsed() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /a/{id}:
                get:
                  parameters:
                    - { name: id, in: path, required: true, style: label, schema: { type: string } }
                    - { name: q, in: query, style: matrix, schema: { type: string } }
                    - { name: h, in: header, style: form, schema: { type: string } }
                    - { name: z, in: query, style: spacedelimited, schema: { type: array, items: { type: string } } }
                    - { name: d, in: query, style: deepObject, schema: { type: object } }
                  responses: { '200': { description: ok } }
            """])
        let api = try XCTUnwrap(result.api)
        XCTAssertEqual(api.operations.first?.parameters.map { "\($0.name) \($0.style)" }, ["id label", "q form", "h simple", "z form", "d deepObject"])
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:8:40: warning: style 'matrix' is not a style of query parameters; the default 'form' is used",
            "api/openapi.yaml:9:41: warning: style 'form' is not a style of header parameters; the default 'simple' is used",
            "api/openapi.yaml:10:40: warning: style 'spacedelimited' is not a style of query parameters; the default 'form' is used",
        ])
        XCTAssertEqual(result.diagnostics.map { $0.hint ?? "" }, [
            "query parameters take form, spaceDelimited, pipeDelimited, deepObject",
            "header parameters take simple",
            "did you mean 'spaceDelimited'?",
        ])
    }

    /// A server URL without a scheme is a path relative to where the description is served (RFC 3986); written as a
    /// bare host (`www.example.com`) it is almost surely a mistake, and says so.
    func testServerURLsWithoutASchemeThatAreNoPathAreReported() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            servers:
              - url: www.example.com
              - url: /v1
              - url: '{origin}/v2'
                variables: { origin: { default: 'https://api.example.com' } }
              - url: https://api.example.com
              - url: HTTP+ssl.x://api.example.com
            paths: {}
            """])
        XCTAssertEqual(try XCTUnwrap(result.api).servers.count, 5)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:4:10: warning: server URL 'www.example.com' has no scheme, so it is a path relative to where the description is served, not a host",
        ])
        XCTAssertEqual(result.diagnostics.first?.hint, "write https://www.example.com if it names a host")
    }

    /// Bounds no value can meet, and negative counts, were compiled into validators that reject every instance (or
    /// check nothing) without a word; they are warnings at the offending keyword now.
    func testContradictoryBoundsAndNegativeCountsAreReported() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                A:
                  type: object
                  properties:
                    k: { type: integer, minimum: 10, maximum: 5 }
                    s: { type: string, minLength: 3, maxLength: 2 }
                    t: { type: string, maxLength: -1 }
                    u: { type: array, minItems: 1, maxItems: 1 }
                    v: { type: number, minimum: 1.5, maximum: 1.5 }
            """])
        XCTAssertNotNil(result.api)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:9:51: warning: 'minimum' 10 is above 'maximum' 5: no value is valid, so every instance fails validation",
            "api/openapi.yaml:10:53: warning: 'minLength' 3 is above 'maxLength' 2: no value is valid, so every instance fails validation",
            "api/openapi.yaml:11:39: warning: 'maxLength' is -1, but a count is never negative",
        ])
    }

    /// OpenAPI: a `Content-Type` header parameter is ignored. It was generated as an argument that the body's media
    /// type then overwrote (Matrix's media upload); sending it instead is refused by the wire judge, since the body
    /// would no longer be of a declared type. Left out now, with a warning.
    func testAContentTypeHeaderParameterIsLeftOutWithAWarning() throws {
        let result = resolve(["api/openapi.yaml": """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /upload:
                post:
                  parameters:
                    - { name: Content-Type, in: header, schema: { type: string } }
                    - { name: filename, in: query, schema: { type: string } }
                  requestBody: { content: { application/octet-stream: {} } }
                  responses: { '204': { description: stored } }
            """])
        XCTAssertEqual(try XCTUnwrap(result.api).operations.first?.parameters.map(\.name), ["filename"])
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:7:19: warning: header parameter 'Content-Type' is ignored, as OpenAPI says: the request body's media type sets Content-Type",
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
