@testable import APIGenCore
import XCTest

/// What the resolver reports instead of ignoring: fields that are no field of their object, misspelt schema keywords,
/// response keys that are no status, parameters that cannot be sent as declared, server URLs that cannot be built, and
/// bounds no value meets. Each was found changing the generated API without a word.
final class ResolverStrictnessTests: XCTestCase {
    /// Resolves one OpenAPI 3.1 document: `rest` follows its `openapi` and `info` lines (so it starts on line 3).
    private func resolveDocument(_ rest: String) -> Resolver.Result {
        Resolver.resolve(rootPath: "api/openapi.yaml", provider: InMemorySourceProvider([
            "api/openapi.yaml": "openapi: 3.1.0\ninfo: { title: T, version: '1' }\n" + rest,
        ]))
    }

    /// A misspelt field of an operation, parameter, request body or response was ignored without a word (a method
    /// without its body, an optional parameter the server requires); each is a warning at its key, once per object.
    func testUnknownFieldsOfOperationsParametersBodiesAndResponsesAreReportedOnce() throws {
        let result = resolveDocument("""
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
            """)
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
        let result = resolveDocument("""
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
            """)
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
        let result = resolveDocument("""
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
            """)
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
        let result = resolveDocument("""
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
            """)
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
        let result = resolveDocument("""
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
            """)
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
        let result = resolveDocument("""
            servers:
              - url: www.example.com
              - url: /v1
              - url: '{origin}/v2'
                variables: { origin: { default: 'https://api.example.com' } }
              - url: https://api.example.com
              - url: HTTP+ssl.x://api.example.com
            paths: {}
            """)
        XCTAssertEqual(try XCTUnwrap(result.api).servers.count, 5)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:4:10: warning: server URL 'www.example.com' has no scheme, so it is a path relative to where the description is served, not a host",
        ])
        XCTAssertEqual(result.diagnostics.first?.hint, "write https://www.example.com if it names a host")
    }

    /// Bounds no value can meet, and negative counts, were compiled into validators that reject every instance (or
    /// check nothing) without a word; they are warnings at the offending keyword now.
    func testContradictoryBoundsAndNegativeCountsAreReported() throws {
        let result = resolveDocument("""
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
            """)
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
        let result = resolveDocument("""
            paths:
              /upload:
                post:
                  parameters:
                    - { name: Content-Type, in: header, schema: { type: string } }
                    - { name: filename, in: query, schema: { type: string } }
                  requestBody: { content: { application/octet-stream: {} } }
                  responses: { '204': { description: stored } }
            """)
        XCTAssertEqual(try XCTUnwrap(result.api).operations.first?.parameters.map(\.name), ["filename"])
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:7:19: warning: header parameter 'Content-Type' is ignored, as OpenAPI says: the request body's media type sets Content-Type",
        ])
    }

    /// Keyword values JSON Schema does not allow, which validators ignore, each dropping a check the description meant
    /// (found by openapi-spec-validator over the corpus, most in OpenAI's published description), and patterns written
    /// for another engine, which ECMA-262's lenient grammar reads as something else.
    func testKeywordValuesOfTheWrongKindAndForeignPatternSyntaxAreReported() throws {
        let result = resolveDocument("""
            paths: {}
            components:
              schemas:
                Rate:
                  type: object
                  required: [id, id]
                  properties:
                    id: { type: string, pattern: '\\A[a-z]+\\z' }
                    code: { type: string, pattern: '^[[:alpha:]]+$' }
                    escaped: { type: string, pattern: '^\\\\A\\.\\d$' }
                    multiplier: { type: number, minimum: 0, exclusiveMinimum: true }
                    ceiling: { type: number, maximum: 1, exclusiveMaximum: false }
                    limit: { type: integer, maximum: inf, minLength: '3' }
                    mode: { type: string, enum: [] }
                    filters: { type: array, items: { oneOf: [{ type: string }, { $recursiveRef: '#' }] } }
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:10:38: warning: 'pattern' /\\A[a-z]+\\z/ uses '\\A', which ECMA-262 reads as the letter 'A': the validator checks that letter",
            "api/openapi.yaml:11:40: warning: 'pattern' /^[[:alpha:]]+$/ uses the POSIX class '[:alpha:]', which ECMA-262 does not know: the validator reads a class of the characters '[', ':' and the letters of 'alpha', then a literal ']'",
            "api/openapi.yaml:13:67: warning: 'exclusiveMinimum: true' is OpenAPI 3.0's spelling; in this document's dialect 'exclusiveMinimum' is a number, so it is ignored and 'minimum' stays inclusive",
            "api/openapi.yaml:15:42: warning: 'maximum' must be a number, found a string; it is ignored",
            "api/openapi.yaml:15:58: warning: 'minLength' must be a number, found a string; it is ignored",
            "api/openapi.yaml:16:37: warning: an empty 'enum' allows no value, so every instance fails validation",
            "api/openapi.yaml:17:85: warning: '$recursiveRef' is JSON Schema 2019-09's; in this document's dialect it is no keyword, so this schema accepts any value",
            "api/openapi.yaml:8:22: warning: 'id' is listed twice in 'required'",
        ], "an escaped backslash before a letter and `exclusiveMaximum: false` are fine")
        XCTAssertEqual(result.diagnostics[0].hint, "patterns are ECMA-262 (JavaScript) regular expressions: write ^ for \\A")
        XCTAssertEqual(result.diagnostics[2].hint, "write `exclusiveMinimum: 0` and remove `minimum: 0`")
    }

    /// What the OpenAPI Initiative's schema tests found lost or refused without need: `servers` written as a mapping lost
    /// every server, a server variable's empty `enum` or a default outside it said nothing, a document without paths,
    /// components or webhooks said nothing, a response header name that is no token said nothing, and a remote security
    /// scheme no operation requires refused the whole document.
    func testServersHeadersEmptyDocumentsAndUnusedRemoteSchemesAreReported() throws {
        let mapping = resolveDocument("servers:\n  url: /v1\npaths: {}\n")
        XCTAssertEqual(mapping.diagnostics.map(\.description), ["api/openapi.yaml:4:3: error: 'servers' must be a list, found a mapping"])
        let empty = resolveDocument("servers: []\n")
        XCTAssertEqual(empty.diagnostics.map(\.description), [
            "api/openapi.yaml:1:1: warning: the document has no 'paths', 'components' or 'webhooks'; the client has no operations and no models",
        ])
        let componentsOnly = Resolver.resolve(rootPath: "api/openapi.yaml", provider: InMemorySourceProvider([
            "api/openapi.yaml": "openapi: 3.0.3\ninfo: { title: T, version: '1' }\ncomponents: {}\n",
        ]))
        XCTAssertEqual(componentsOnly.diagnostics.map(\.description), [
            "api/openapi.yaml:1:1: warning: OpenAPI 3.0 requires 'paths' (3.1 made it optional); the client has no operations",
        ])
        let result = resolveDocument("""
            servers:
              - url: https://{region}.example.com/{stage}
                variables:
                  region: { enum: [], default: eu }
                  stage: { enum: [prod, beta], default: dev }
            paths:
              /a:
                get:
                  security: [{ key: [] }]
                  responses: { '204': { description: ok, headers: { 'Bad=Header': { schema: {} }, X-Rate: { schema: {}, in: header } } } }
            components:
              securitySchemes:
                key: { type: apiKey, name: X-Key, in: header }
                external: { $ref: 'https://example.com/api/openapi.json#/components/securitySchemes/x' }
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:6:23: warning: server variable 'region' has an empty 'enum', which OpenAPI forbids; any value is accepted",
            "api/openapi.yaml:7:45: warning: the default 'dev' of server variable 'stage' is not one of its 'enum' values (prod, beta)",
            "api/openapi.yaml:12:57: warning: response header 'Bad=Header' is not an HTTP token; no response can carry it",
            "api/openapi.yaml:12:109: warning: 'in' is not a field of a header; it is ignored",
            "api/openapi.yaml:16:23: warning: security scheme 'external' is a remote reference, which apigen does not read; no operation requires it, so it is left out",
        ])
        XCTAssertEqual(result.api?.securitySchemes.map(\.name), ["key"])
    }

    /// What openapi-spec-validator refuses in fixtures and apigen said nothing about: a parameter or header without
    /// `schema` or `content` (the parameter silently became a String), a response without the `description` 3.0 and
    /// 3.1 require, and component names outside OpenAPI's `^[a-zA-Z0-9._-]+$`.
    func testMissingSchemasAndDescriptionsAndComponentNamesAreReported() throws {
        let result = resolveDocument("""
            paths:
              /a:
                get:
                  parameters: [{ name: q, in: query }, { $ref: '#/components/parameters/$select' }]
                  responses: { '200': { content: {} }, '204': { description: ok, headers: { X-Rate: { description: rate } } } }
            components:
              parameters:
                $select: { name: select, in: query, schema: { type: string } }
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:10:5: warning: component name '$select' is not one OpenAPI allows",
            "api/openapi.yaml:6:20: warning: parameter 'q' has neither 'schema' nor 'content', one of which OpenAPI requires; it is generated as a String",
            "api/openapi.yaml:7:27: warning: a response needs a 'description' in OpenAPI 3.1.0",
            "api/openapi.yaml:7:89: warning: a header needs 'schema' or 'content', which OpenAPI requires; its value is untyped",
        ])
    }

    /// Examples generate no code, but two conflicting ones say two things to documentation tools and mock servers:
    /// `example` beside `examples`, and an Example Object with fields that exclude each other, once per shared object.
    func testConflictingExamplesAreReportedOnce() throws {
        let result = resolveDocument("""
            paths:
              /a:
                get:
                  parameters: [{ name: q, in: query, schema: { type: string }, example: a, examples: { b: { value: b } } }]
                  responses:
                    '200':
                      description: ok
                      content: { application/json: { examples: { one: { $ref: '#/components/examples/Both' } } } }
                    '201':
                      description: created
                      content: { application/json: { examples: { two: { $ref: '#/components/examples/Both' } } } }
            components:
              examples:
                Both: { value: 1, externalValue: 'https://example.com/one.json' }
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:6:80: warning: 'example' and 'examples' are both given; OpenAPI allows one of them",
            "api/openapi.yaml:16:23: warning: an example gives both 'value' and 'externalValue'; OpenAPI allows one of them",
        ])
    }

    /// Links and XML objects generate no code, but tools read them: a misspelt link field, a link naming its target
    /// twice or an operationId no operation has (DigitalOcean's ssh key links do), a link reference that points nowhere
    /// (a warning: it must not refuse the description), and `nodeType` beside what it replaces.
    func testLinksAndXMLObjectsAreChecked() throws {
        let result = resolveDocument("""
            paths:
              /keys/{id}:
                get:
                  operationId: getKey
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    '200':
                      description: ok
                      links:
                        self: { operationId: getKeys, parameters: { id: '$response.body#/id' } }
                        both: { operationId: getKey, operationRef: '#/paths/~1keys~1{id}/get' }
                        gone: { $ref: '#/components/links/Gone' }
            components:
              links:
                Misspelt: { operationId: getKey, body: { url: https://example.com } }
              schemas:
                Attr: { type: string, xml: { attribute: true, nodeType: attribute, namepsace: 'urn:x' } }
            """)
        XCTAssertNotNil(result.api, "a broken link does not refuse the description")
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:19:72: warning: 'namepsace' is not a field of an XML object; it is ignored",
            "api/openapi.yaml:19:34: warning: 'attribute' beside 'nodeType': OpenAPI 3.2 replaced it by 'nodeType', and allows one of them",
            "api/openapi.yaml:13:42: warning: a link gives both 'operationRef' and 'operationId'; OpenAPI allows one of them",
            "api/openapi.yaml:14:19: warning: reference '#/components/links/Gone' points to nothing: '/components/links/Gone' does not exist in 'api/openapi.yaml'",
            "api/openapi.yaml:17:38: warning: 'body' is not a field of a link; it is ignored",
            "api/openapi.yaml:12:34: warning: the link's operationId 'getKeys' names no operation of this description",
        ])
        XCTAssertEqual(result.diagnostics.last?.hint, "did you mean 'getKey'?")
    }
}

/// OpenAPI 3.2's `in: querystring` (the whole query string is one parameter) and the parameter rules the OpenAPI
/// Initiative's schema tests check: what cannot be generated as written is an error, what is ignored a warning.
final class QueryStringParameterRulesTests: XCTestCase {
    private func resolve(_ document: String) -> Resolver.Result {
        Resolver.resolve(rootPath: "api/openapi.yaml", provider: InMemorySourceProvider(["api/openapi.yaml": document]))
    }

    func testQueryStringRulesAndFieldsThatDoNotApplyAreReported() throws {
        let result = resolve("""
            openapi: 3.2.0
            info: { title: T, version: '1' }
            paths:
              /a:
                parameters:
                  - { name: whole, in: querystring, content: { application/json: { schema: { type: object } } } }
                get:
                  parameters:
                    - { name: page, in: query, schema: { type: integer } }
                  responses: { '204': { description: ok } }
              /b:
                get:
                  parameters:
                    - { name: one, in: querystring, content: { application/json: { schema: {} } } }
                    - { name: two, in: querystring, content: { application/json: {}, text/plain: {} }, style: form }
                    - { name: three, in: querystring, schema: { type: object } }
                    - { name: X-Id, in: header, allowReserved: true, schema: { type: string } }
                    - { name: c, in: cookie, allowReserved: true, schema: { type: string } }
                    - { name: c2, in: cookie, style: cookie, allowReserved: true, schema: { type: string } }
                  responses: { '204': { description: ok } }
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:9:29: error: query parameter 'page' cannot be sent beside a querystring parameter, which is the whole query string",
            "api/openapi.yaml:15:50: warning: parameter 'two' lists 2 media types under 'content'; the first, 'application/json', is used",
            "api/openapi.yaml:15:92: warning: 'style' is ignored beside 'content': the media type 'application/json' serialises parameter 'two'",
            "api/openapi.yaml:15:19: warning: querystring parameter 'two' is the second in this list; the last one is used",
            "api/openapi.yaml:16:51: error: querystring parameter 'three' needs 'content': the media type that serialises the whole query string",
            "api/openapi.yaml:17:37: warning: 'allowReserved' applies to query and path parameters and form-style cookies; it is ignored for this header parameter",
            "api/openapi.yaml:19:50: warning: 'allowReserved' applies to query and path parameters and form-style cookies; it is ignored for this cookie parameter",
        ], "a form-style cookie may set allowReserved (OpenAPI 3.2)")
        let operations = try XCTUnwrap(result.api?.operations)
        XCTAssertEqual(operations.first { $0.path == "/a" }?.parameters.map(\.name), ["whole"], "the query parameter is left out")
        XCTAssertEqual(operations.first { $0.path == "/b" }?.parameters.filter { $0.location == .querystring }.map(\.name), ["two"])
    }

    /// Found by the `spec` fuzz harness in CI: a querystring parameter with `schema` beside `content` and a `style`
    /// crashed the resolver (querystring has no styles, and the style lookup indexed the empty list).
    func testSchemaBesideContentIsReportedAndAQueryStringUsesItsContent() throws {
        let result = resolve("""
            openapi: 3.2.0
            info: { title: T, version: '1' }
            paths:
              /a:
                get:
                  parameters:
                    - { name: two, in: querystring, content: { application/json: {} }, style: form ing, schema: { type: object } }
                  responses: { '204': { description: ok } }
              /b:
                get:
                  parameters:
                    - { name: q, in: query, schema: { type: integer }, content: { application/json: { schema: { type: string } } } }
                  responses: { '204': { description: ok } }
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:7:101: warning: parameter 'two' has both 'schema' and 'content', and OpenAPI allows one; 'content' is used (a querystring parameter is serialised by its media type)",
            "api/openapi.yaml:7:76: warning: 'style' is ignored beside 'content': the media type 'application/json' serialises parameter 'two'",
            "api/openapi.yaml:12:41: warning: parameter 'q' has both 'schema' and 'content', and OpenAPI allows one; 'schema' is used",
        ])
        let operations = try XCTUnwrap(result.api?.operations)
        let whole = try XCTUnwrap(operations.first { $0.path == "/a" }?.parameters.first)
        XCTAssertEqual(whole.location, .querystring)
        XCTAssertEqual(whole.contentMediaType, "application/json")
        let query = try XCTUnwrap(operations.first { $0.path == "/b" }?.parameters.first)
        XCTAssertNil(query.contentMediaType)
        XCTAssertEqual(try XCTUnwrap(query.schema.map { result.api?.schemas[$0.index].types }), [.integer])
    }

    func testQueryStringInAnOlderDocumentIsGeneratedWithAWarning() throws {
        let result = resolve("""
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /a:
                get:
                  parameters: [{ name: q, in: querystring, content: { application/json: { schema: {} } } }]
                  responses: { '204': { description: ok } }
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:6:35: warning: 'in: querystring' is OpenAPI 3.2; this document says 3.1.0",
        ])
        XCTAssertEqual(result.api?.operations.first?.parameters.first?.location, .querystring)
    }

    /// `allowReserved` is the query's in OpenAPI 3.0/3.1; 3.2 adds path parameters (reserved expansion, which apigen
    /// sends) and form-style cookies. Where it does nothing it is a warning, and so is 3.2's `cookie` style in a 3.1
    /// document.
    func testAllowReservedFollowsTheDocumentsVersion() throws {
        let paths = """
            paths:
              /files/{path}:
                get:
                  parameters:
                    - { name: path, in: path, required: true, allowReserved: true, schema: { type: string } }
                    - { name: c, in: cookie, style: cookie, schema: { type: string } }
                  responses: { '204': { description: ok } }
            """
        let older = resolve("openapi: 3.1.0\ninfo: { title: T, version: '1' }\n" + paths)
        XCTAssertEqual(older.diagnostics.map(\.description), [
            "api/openapi.yaml:7:51: warning: 'allowReserved' applies to query parameters in OpenAPI 3.1.0; it is ignored for this path parameter",
            "api/openapi.yaml:8:41: warning: style 'cookie' is OpenAPI 3.2; this document says 3.1.0",
        ])
        XCTAssertEqual(older.api?.operations.first?.parameters.first?.allowReserved, false)
        let newer = resolve("openapi: 3.2.0\ninfo: { title: T, version: '1' }\n" + paths)
        XCTAssertEqual(newer.diagnostics.map(\.description), [])
        XCTAssertEqual(newer.api?.operations.first?.parameters.first?.allowReserved, true)
    }

    /// Components no operation uses are read for their diagnostics (the OpenAPI Initiative's schema tests break
    /// such components); what would be an error there is a warning, since nothing generated depends on it, and a
    /// component an operation uses is reported once.
    func testComponentsNoOperationUsesAreCheckedAndTheirErrorsAreWarnings() throws {
        let result = resolve("""
            openapi: 3.2.0
            info: { title: T, version: '1' }
            paths:
              /a:
                get:
                  parameters: [{ $ref: '#/components/parameters/used' }]
                  responses: { '204': { description: ok } }
            components:
              parameters:
                used: { name: used, in: query, requierd: true, schema: { type: string } }
                bad-header: { name: 'Bad[Header]', in: header, schema: {} }
                bad-path: { name: 'Bad{Path}', in: path, required: true, schema: {} }
              headers:
                Rate: { schema: { type: integer }, allowReserved: true, style: form }
              responses:
                Gone: { description: gone, content: { json: {} } }
              pathItems:
                mixed:
                  parameters:
                    - { name: q, in: querystring, content: { application/json: { schema: {} } } }
                    - { name: page, in: query, schema: { type: integer } }
                  get: {}
            """)
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:10:36: warning: 'requierd' is not a field of a parameter; it is ignored",
            "api/openapi.yaml:11:25: warning: header parameter name 'Bad[Header]' is not an HTTP token; it could inject header fields or not be sendable at all",
            "api/openapi.yaml:12:23: warning: path parameter name 'Bad{Path}' contains a brace, so no path template can name it",
            "api/openapi.yaml:14:40: warning: 'allowReserved' is not a field of a header; it is ignored",
            "api/openapi.yaml:14:68: warning: style 'form' is not a style of header parameters; the default 'simple' is used",
            "api/openapi.yaml:16:43: warning: 'json' is not a media type; this content is ignored",
            "api/openapi.yaml:21:29: warning: query parameter 'page' cannot be sent beside a querystring parameter, which is the whole query string",
        ], "the used parameter once; errors of unused components are warnings")
        XCTAssertEqual(result.diagnostics[1].hint, "header and cookie names are RFC 9110 tokens: letters, digits and !#$%&'*+-.^_`|~; "
                       + "no operation uses this component yet, so nothing generated depends on it")
        XCTAssertEqual(result.api?.operations.count, 1, "a path item under components is no operation")
    }
}

/// OpenAPI 3.2's `components.mediaTypes`: a Media Type Object may be a `$ref`. It used to be taken for an unknown field,
/// and the content lost its schema (a response typed `JSONValue`, a body without validation).
final class MediaTypeReferenceTests: XCTestCase {
    private func resolve(version: String) -> Resolver.Result {
        Resolver.resolve(rootPath: "api/openapi.yaml", provider: InMemorySourceProvider(["api/openapi.yaml": """
            openapi: \(version)
            info: { title: T, version: '1' }
            paths:
              /pets:
                post:
                  requestBody: { content: { application/json: { $ref: '#/components/mediaTypes/Pet' } } }
                  parameters: [{ name: filter, in: query, content: { application/json: { $ref: '#/components/mediaTypes/Pet' } } }]
                  responses: { '200': { description: ok, content: { application/json: { $ref: '#/components/mediaTypes/Pet' } } } }
            components:
              mediaTypes:
                Pet: { schema: { type: object, required: [name], properties: { name: { type: string } } } }
            """]))
    }

    func testAMediaTypeReferenceIsFollowed() throws {
        let result = resolve(version: "3.2.0")
        XCTAssertEqual(result.diagnostics.map(\.description), [])
        let operation = try XCTUnwrap(result.api?.operations.first)
        let schemaNames = [operation.requestBody?.contents.first?.schema, operation.responses.first?.contents.first?.schema,
                           operation.parameters.first?.schema].map { $0.map { result.api!.schemas[$0.index].node.pointer } }
        XCTAssertEqual(schemaNames, Array(repeating: "/components/mediaTypes/Pet/schema", count: 3))
    }

    func testInAnOlderDocumentItIsFollowedWithAWarning() throws {
        let result = resolve(version: "3.1.0")
        XCTAssertEqual(Set(result.diagnostics.map(\.message)), ["a media type '$ref' is OpenAPI 3.2; this document says 3.1.0"])
        XCTAssertNotNil(result.api?.operations.first?.responses.first?.contents.first?.schema)
    }
}

/// A schema `$ref` written where the Media Type Object goes (`application/json: {$ref: '#/components/schemas/Pet'}`,
/// `schema:` forgotten) is read as the content's schema, with a warning: before, the content had no schema.
final class MediaTypeSchemaReferenceTests: XCTestCase {
    func testASchemaReferenceInPlaceOfAMediaTypeIsReadAsTheSchema() throws {
        let result = Resolver.resolve(rootPath: "api/openapi.yaml", provider: InMemorySourceProvider(["api/openapi.yaml": """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths:
              /pets:
                get:
                  responses: { '200': { description: ok, content: { application/json: { $ref: '#/components/schemas/Pet' } } } }
            components:
              schemas:
                Pet: { type: object, properties: { name: { type: string } } }
            """]))
        XCTAssertEqual(result.diagnostics.map(\.description), [
            "api/openapi.yaml:6:77: warning: a media type '$ref' names a schema; it is read as the content's schema",
        ])
        let schema = try XCTUnwrap(result.api?.operations.first?.responses.first?.contents.first?.schema)
        XCTAssertEqual(result.api?.namedSchemas.first { $0.schema == schema }?.name, "Pet")
    }
}
