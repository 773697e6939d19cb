import APIGenCore
import HTTPTypes
import XCTest

/// Operation -> method snippets.
final class OperationSnippetTests: XCTestCase {
    private func spec(_ paths: String, components: String = "") -> String {
        """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        servers:
          - url: https://{region}.shop.example/{version}
            description: production
            variables:
              region: { default: eu, enum: [eu, us] }
              version: { default: v1 }
        paths:
        \(paths)
        components:
          schemas:
            Item: { type: object, required: [id], properties: { id: { type: integer } } }
            Problem: { type: object, properties: { message: { type: string } } }
        \(components)
        """
    }

    func testParameterStylesObjectsAndJSONContent() {
        let outcome = generate(yaml: spec("""
              /items/{ids}/{point}:
                get:
                  operationId: findItems
                  tags: [Items]
                  parameters:
                    - { name: ids, in: path, required: true, style: label, explode: true, schema: { type: array, items: { type: integer } } }
                    - { name: point, in: path, required: true, style: matrix, schema: { $ref: '#/components/schemas/Item' } }
                    - { name: filter, in: query, style: deepObject, explode: true, schema: { $ref: '#/components/schemas/Item' } }
                    - { name: spaced, in: query, style: spaceDelimited, explode: false, schema: { type: array, items: { type: string } } }
                    - { name: raw, in: query, allowReserved: true, schema: { type: string } }
                    - { name: X-Item, in: header, explode: true, schema: { $ref: '#/components/schemas/Item' } }
                    - { name: pair, in: cookie, explode: false, schema: { type: array, items: { type: integer } } }
                    - { name: labels, in: query, style: deepObject, explode: true, schema: { anyOf: [{ type: object, additionalProperties: { type: string } }, { type: 'null' }] } }
                    - name: where
                      in: query
                      content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }
                  responses:
                    '204': { description: done }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        XCTAssertFalse(outcome.rendered.joined().contains("pre-serialised String"), outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/ItemsAPI.swift") ?? "",
            "public func findItems(ids: [Int], point: Item, filter: Item? = nil, spaced: [String]? = nil, raw: String? = nil, xItem: Item? = nil, pair: [Int]? = nil, labels: [String: String]? = nil, `where`: Item? = nil) async throws {",
            "__request.path(\"ids\", ids, style: .label, explode: true)",
            "try __request.path(\"point\", object: point, style: .matrix, explode: false)",
            "try __request.query(\"filter\", object: filter, style: .deepObject, explode: true)",
            "__request.query(\"spaced\", spaced, style: .spaceDelimited, explode: false)",
            "__request.query(\"raw\", raw.map { [$0] }, style: .form, explode: true, allowReserved: true)",
            "try __request.header(\"X-Item\", object: xItem, explode: true)",
            "__request.cookie(\"pair\", pair, explode: false)",
            "try __request.query(\"labels\", object: labels, style: .deepObject, explode: true)",
            "try __request.parameter(\"where\", json: `where`, in: \"query\", encoder: client.encoder)")
    }

    func testParametersBodyAndResponses() {
        let outcome = generate(yaml: spec("""
              /items/{itemId}:
                parameters:
                  - { name: itemId, in: path, required: true, schema: { type: integer, format: int64 } }
                put:
                  operationId: updateItem
                  tags: [Items]
                  parameters:
                    - { name: tags, in: query, schema: { type: array, items: { type: string } } }
                    - { name: ids, in: query, explode: false, schema: { type: array, items: { type: integer } } }
                    - { name: X-Trace, in: header, schema: { type: string, format: uuid } }
                    - { name: session, in: cookie, schema: { type: string } }
                  requestBody:
                    required: true
                    content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } }
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
                    '404': { description: missing, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
                    4XX: { description: client error }
                    default: { description: other, content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/ItemsAPI.swift") ?? "",
            "public func updateItem(itemID: Int64, tags: [String]? = nil, ids: [Int]? = nil, xTrace: UUID? = nil, session: String? = nil, body: Item) async throws -> Item {",
            "__request.path(\"itemId\", itemID)",
            "__request.query(\"tags\", tags, explode: true)",
            "__request.query(\"ids\", ids, explode: false)",
            "__request.header(\"X-Trace\", xTrace)",
            "__request.cookie(\"session\", session)",
            "try __request.jsonBody(body, encoder: client.encoder)",
            "return try client.decode(Item.self, from: __response, operation: __operation)",
            "throw client.documentedError(Problem.self, from: __response, operation: __operation, mode: .reject, request: __request, calledAt: __calledAt, validator: ",
            ") { UpdateItemError.status404(status: __response.status, body: $0) } undocumented: { UpdateItemError.undocumentedBody(status: __response.status, body: __response.body, problem: $0) }",
            "case 400...499:\n            throw UpdateItemError.status4XX(status: __response.status)",
            "{ UpdateItemError.other(status: __response.status, body: $0) }",
            "case undocumentedBody(status: Int, body: Data, problem: APIError)",
            "public indirect enum UpdateItemError: Sendable, Error {")
        let client = outcome.file("ShopClient.swift") ?? ""
        // The group's accessor is declared in a file of its own: a group added on a branch changes no shared file,
        // and the group's file, whose top level changes with every added operation, extends nothing but the group.
        assertContains(outcome.file("APIs/ItemsAPI+Client.swift") ?? "",
                       "extension ShopClient {\n    /// Operations tagged `Items`.\n    public var items: ItemsAPI { ItemsAPI(client: client) }\n}")
        XCTAssertFalse(client.contains("ItemsAPI"), client)
        let groupFile = outcome.file("APIs/ItemsAPI.swift") ?? ""
        XCTAssertFalse(groupFile.contains("extension ShopClient"), groupFile)
        XCTAssertFalse(groupFile.contains("func validate"), groupFile)
        assertContains(client, "public static func production(region: String = \"eu\", version: String = \"v1\") throws -> URL {",
                       "try ServerURL.build(\"https://{region}.shop.example/{version}\", [\"region\": region, \"version\": version])")
    }

    /// Azure tells operations on one path apart by a query in the path key, Box by a fragment: the query was sent
    /// percent-encoded inside the path (`%3Fapi-version=…`), the fragment too.
    func testAQueryInAPathKeyIsSentAsQueryItemsAndAFragmentNotAtAll() {
        let outcome = generate(yaml: """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths:
              /devices/{id}?api-version=2020-03-13&flag&x=a%20b:
                get:
                  operationId: getDevice
                  parameters: [ { name: id, in: path, required: true, schema: { type: string } } ]
                  responses: { '200': { description: ok } }
              /files/{id}#add_shared_link:
                put:
                  operationId: addSharedLink
                  parameters: [ { name: id, in: path, required: true, schema: { type: string } } ]
                  responses: { '200': { description: ok } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api,
            "RequestBuilder(method: \"GET\", path: \"/devices/{id}\")",
            "__request.query(\"api-version\", \"2020-03-13\")\n        __request.query(\"flag\", \"\")\n        __request.query(\"x\", \"a b\")",
            "RequestBuilder(method: \"PUT\", path: \"/files/{id}\")")
        XCTAssertTrue(outcome.rendered.contains { $0.contains("warning: the path '/files/{id}#add_shared_link' carries a query or a fragment") },
                      outcome.rendered.joined(separator: "\n"))
    }

    /// An operation that documents no success (`responses: {}`) threw `unexpectedStatus` for every 200.
    func testAnOperationDocumentingNoSuccessTakesAny2xxAsSuccess() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /ping: { post: { operationId: ping, responses: {} } }
              /only-errors: { post: { operationId: onlyErrors, responses: { '404': { description: gone } } } }
            """)
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api, "public func ping() async throws {", "public func onlyErrors() async throws {",
                       "case 200...299:\n            return", "case 404:")
        XCTAssertEqual(api.components(separatedBy: "case 200...299:").count - 1, 2, api)
    }

    /// Found by the wire harness on DigitalOcean: a required body whose schema admits null (`nullable: true` on the
    /// model) may be `null`, which a non-optional argument cannot say; an optional body's nil still sends none.
    func testARequiredBodyThatAdmitsNullTakesNilAsNull() {
        let outcome = generate(yaml: """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths:
              /window:
                put:
                  operationId: setWindow
                  requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Window' } } } }
                  responses: { '204': { description: set } }
              /window-maybe:
                put:
                  operationId: maybeSetWindow
                  requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Window' } } } }
                  responses: { '204': { description: set } }
            components:
              schemas:
                Window: { type: object, nullable: true, required: [day], properties: { day: { type: string } } }
            """)
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api, "public func setWindow(body: Window?) async throws {",
                       "try __request.jsonBody(body, encoder: client.encoder)",
                       "public func maybeSetWindow(body: Window? = nil) async throws {",
                       "if let body { try __request.jsonBody(body, encoder: client.encoder) }")
    }

    /// Found by the wire harness on GitHub's release asset upload (`*/*` with `type: string`, "the raw file data"):
    /// the body went out as a JSON string, quotes included, as `application/json`. A wildcard body with a string
    /// schema is raw bytes with a Content-Type the caller names; a wildcard with a model stays JSON; a wildcard with
    /// no default (`image/*`) makes the argument required, and `image/*` itself is never sent.
    func testAWildcardBodyWithAStringSchemaIsRawBytesWithTheCallersContentType() {
        let outcome = generate(yaml: """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths:
              /assets:
                post:
                  operationId: uploadAsset
                  requestBody: { content: { '*/*': { schema: { type: string } } } }
                  responses: { '204': { description: stored } }
              /notes:
                post:
                  operationId: addNote
                  requestBody: { required: true, content: { 'text/*': { schema: { type: string } } } }
                  responses: { '204': { description: stored } }
              /avatars:
                put:
                  operationId: setAvatar
                  requestBody: { required: true, content: { 'image/*': { schema: { type: string, format: binary } } } }
                  responses: { '204': { description: set } }
              /things:
                post:
                  operationId: addThing
                  requestBody: { required: true, content: { '*/*': { schema: { $ref: '#/components/schemas/Thing' } } } }
                  responses: { '204': { description: stored } }
            components:
              schemas:
                Thing: { type: object, properties: { name: { type: string } } }
            """)
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api,
                       "public func uploadAsset(body: Data? = nil, contentType: String = \"application/octet-stream\") async throws {",
                       "if let body { __request.binaryBody(body, contentType: contentType) }",
                       "/// - Parameter contentType: the body's media type, one that `*/*` allows (default `application/octet-stream`)",
                       // Raw content is binary, so it can be sent from a file too, with the same default.
                       "public func uploadAsset(fromFile: URL, contentType: String = \"application/octet-stream\", progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws {",
                       "public func addNote(body: String, contentType: String = \"text/plain\") async throws {",
                       "__request.textBody(body, contentType: contentType)",
                       "public func setAvatar(body: Data, contentType: String) async throws {",
                       "__request.binaryBody(body, contentType: contentType)",
                       "public func addThing(body: Thing) async throws {",
                       "try __request.jsonBody(body, encoder: client.encoder)")
        XCTAssertFalse(api.contains("contentType: \"image/*\""), api)
        XCTAssertFalse(api.contains("contentType: \"text/*\""), api)
    }

    /// Found by the wire harness on Twilio: a documented `307` was followed by URLSession, so its response never
    /// reached the caller. Operations documenting a redirect ask the transport not to follow; `304` is no redirect.
    func testAnOperationDocumentingARedirectAsksNotToFollowIt() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /moved: { get: { operationId: moved, responses: { '200': { description: ok }, '307': { description: there } } } }
              /ranged: { get: { operationId: ranged, responses: { '200': { description: ok }, '3XX': { description: there } } } }
              /cached: { get: { operationId: cached, responses: { '200': { description: ok }, '304': { description: same } } } }
            """)
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        XCTAssertEqual(api.components(separatedBy: "__request.followsRedirects = false").count - 1, 2, api)
        let cached = (api.components(separatedBy: "func cached(").last ?? "").components(separatedBy: "func ").first ?? ""
        XCTAssertFalse(cached.contains("followsRedirects"), cached)
    }

    /// Found by Scripts/hostile-specs.py (seeds 8641, 8649): an argument spelled like a type shadowed the type in
    /// the method's body (`name.self` was the argument). The label stays; the body names the argument otherwise.
    func testArgumentsSpelledLikeTypesDoNotShadowThemInTheBody() {
        let outcome = generate(yaml: """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths:
              /shadow/{name}:
                post:
                  operationId: shadow
                  parameters:
                    - { name: name, in: path, required: true, schema: { type: string } }
                    - { name: 日本, in: query, schema: { type: string } }
                    - { name: other, in: query, schema: { type: string } }
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: { type: object, properties: { form: { type: string } } }
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Lower' } } } }
                    '201': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/日本' } } } }
            components:
              schemas:
                Lower: { type: object, properties: { a: { type: string } }, x-apigen-name: name }
                日本: { type: object, properties: { b: { type: string } } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api,
            "public func shadow(name __name: String, 日本 __日本: String? = nil, other: String? = nil, form: String? = nil)",
            "__request.path(\"name\", __name)", "__request.query(\"日本\", __日本)", "__request.query(\"other\", other)",
            "__form.append(\"form\", form)", "name.self", "日本.self")
        XCTAssertFalse(api.contains("progress"), "a multipart body without a file part has no progress to report")
    }

    func testFormMultipartBinaryAndNoOperationID() {
        let outcome = generate(yaml: spec("""
              /login:
                post:
                  operationId: login
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema: { type: object, properties: { token: { type: string } } }
                  responses: { '204': { description: done } }
              /avatar:
                post:
                  operationId: uploadAvatar
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [file]
                          properties:
                            file: { type: string, format: binary }
                            caption: { type: string }
                            crop: { type: object, properties: { x: { type: integer } } }
                  responses: { '200': { description: ok, content: { text/plain: { schema: { type: string } } } } }
                get:
                  responses: { '200': { description: image, content: { image/jpeg: { schema: { type: string, format: binary } } } } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api,
            "public func login(body: LoginRequest? = nil) async throws {",
            "if let body { try __request.formBody(body) }",
            "case 204:\n            return",
            "public func uploadAvatar(file: MultipartFile, caption: String? = nil, crop: UploadAvatarCrop? = nil, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws -> String {",
            "let __response = try await client.send(__request, operation: __operation, uploadProgress: progress)",
            "try __request.multipartBody { __form in\n            __form.append(\"file\", file)\n            __form.append(\"caption\", caption)\n            try __form.append(\"crop\", json: crop)\n        }",
            "return __response.bodyText",
            "public func getAvatar() async throws -> Data {",
            "return __response.body")
    }

    func testOptionalMultipartBodyAndVendorJSONMediaType() {
        let outcome = generate(yaml: spec("""
              /uploads:
                post:
                  operationId: createUpload
                  requestBody:
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [type]
                          properties:
                            type: { type: string }
                            file: { type: string, format: binary }
                            ids: { type: array, items: { type: integer } }
                        encoding:
                          file: { contentType: image/png }
                          ids: { contentType: application/json }
                  responses: { '204': { description: done } }
              /events:
                post:
                  operationId: addEvent
                  requestBody:
                    required: true
                    content:
                      application/vnd.example.event+json:
                        schema: { type: object, properties: { name: { type: string } } }
                  responses: { '204': { description: done } }
              /profile:
                put:
                  operationId: updateProfile
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            tags: { type: array, items: { type: string } }
                            address: { type: object, properties: { city: { type: string } } }
                            scores: { type: array, items: { type: integer } }
                            note: { type: string }
                        encoding:
                          tags: { style: pipeDelimited }
                          address: { style: deepObject, explode: true }
                          scores: { contentType: application/json }
                          note: { contentType: text/plain }
                  responses: { '204': { description: done } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        // The body is optional, so every part is; a part the schema requires is checked once the body is sent.
        assertContains(api,
            "public func createUpload(type: String? = nil, file: MultipartFile? = nil, ids: [Int]? = nil, progress:",
            // Encoding entries: a file part's default content type, an array sent as one JSON part.
            "__form.append(\"file\", file, contentType: \"image/png\")",
            "try __form.append(\"ids\", json: ids, contentType: \"application/json\")",
            "if type != nil || file != nil || ids != nil {\n            guard let type else { throw APIError.invalidRequest(\"the multipart part 'type' is required when the body is sent\") }\n            try __request.multipartBody { __form in",
            "try __request.jsonBody(body, encoder: client.encoder, contentType: \"application/vnd.example.event+json\")",
            // Only entries that change how a property is written are passed; pipeDelimited does not explode by default.
            "try __request.formBody(body, encoding: [\"address\": .styled(.deepObject, explode: true, allowReserved: false), \"scores\": .json, \"tags\": .styled(.pipeDelimited, explode: false, allowReserved: false)])")
    }

    /// openai's `POST /skills`: a body offered as JSON and as multipart whose member is one file or a list of files.
    /// JSON has no bytes, so multipart is sent; both alternatives are file parts, so the argument is a list of files.
    /// A body without a file member keeps JSON first. An optional body whose one part is required is sent when that
    /// part is given (no dead `guard`).
    func testBodyWithAFileMemberIsSentAsMultipartAndAFileChoiceIsAListOfFiles() {
        let outcome = generate(yaml: spec("""
              /skills:
                post:
                  operationId: createSkill
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { $ref: '#/components/schemas/SkillUpload' }
                      multipart/form-data:
                        schema: { $ref: '#/components/schemas/SkillUpload' }
                  responses: { '204': { description: done } }
              /notes:
                post:
                  operationId: addNote
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, properties: { text: { type: string } } }
                      multipart/form-data:
                        schema: { type: object, properties: { text: { type: string } } }
                  responses: { '204': { description: done } }
              /skills/{id}/versions:
                post:
                  operationId: createSkillVersion
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: { $ref: '#/components/schemas/SkillUpload' }
                  responses: { '204': { description: done } }
            """, components: """
                SkillUpload:
                  type: object
                  required: [files]
                  properties:
                    files:
                      oneOf:
                        - { type: array, items: { type: string, format: binary } }
                        - { type: string, format: binary }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api,
            "public func createSkill(files: [MultipartFile]) async throws {",
            "__form.append(\"files\", files)",
            "try __request.jsonBody(body, encoder: client.encoder)")
        assertContains(api,
            "public func createSkillVersion(id: String, files: [MultipartFile]? = nil) async throws {",
            "if let files {\n            __request.multipartBody { __form in\n                __form.append(\"files\", files)")
        XCTAssertFalse(api.contains("SkillUploadFiles"), "a choice of files is no union argument: \(api)")
        XCTAssertFalse(api.contains("guard let files"), api)
    }

    func testMultipartPartHeadersFileArraysAndDeclaredJSONScalars() {
        let outcome = generate(yaml: spec("""
              /albums:
                post:
                  operationId: createAlbum
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          required: [photos, cover]
                          properties:
                            photos: { type: array, items: { type: string, format: binary } }
                            cover: { type: string, format: binary }
                            thumbnail: { type: string, format: binary }
                            ratings: { type: array, items: { type: integer } }
                            weight: { type: number }
                        encoding:
                          cover:
                            contentType: image/jpeg
                            headers:
                              X-Checksum: { $ref: '#/components/headers/Checksum' }
                              X-Tags: { schema: { type: array, items: { type: string } } }
                              X-Region: { schema: { type: object, properties: { id: { type: string } } } }
                              Content-Type: { schema: { type: string } }
                          thumbnail:
                            headers:
                              X-Size: { required: true, schema: { type: integer } }
                          weight: { contentType: application/json }
                  responses: { '204': { description: done } }
            """, components: """
              headers:
                Checksum: { required: true, schema: { type: string } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api,
            // Each header is an argument after its part's; a required header of a required part is required.
            "createAlbum(photos: [MultipartFile], cover: MultipartFile, coverXChecksum: String, coverXTags: [String]? = nil, "
                + "thumbnail: MultipartFile? = nil, thumbnailXSize: Int? = nil, ratings: [Int]? = nil, weight: Double? = nil,",
            // A required header of an optional part is checked when the part is given.
            "if thumbnail != nil, thumbnailXSize == nil { throw APIError.invalidRequest(\"the header 'X-Size' of multipart part 'thumbnail' is required when the part is sent\") }",
            // An array of files is one file part per element; so is an array of scalars, as text.
            "__form.append(\"photos\", photos)",
            "try __form.append(\"cover\", cover, contentType: \"image/jpeg\", headers: MultipartForm.PartHeaders([\"X-Checksum\": coverXChecksum.parameterValue, \"X-Tags\": coverXTags?.map(\\.parameterValue).joined(separator: \",\")]))",
            "try __form.append(\"thumbnail\", thumbnail, headers: MultipartForm.PartHeaders([\"X-Size\": thumbnailXSize?.parameterValue]))",
            "__form.append(\"ratings\", ratings)",
            // A scalar part declared JSON is sent as JSON with that content type.
            "try __form.append(\"weight\", json: weight, contentType: \"application/json\")")
        XCTAssertFalse(api.contains("coverXRegion"), "an object-valued part header is left out")
        XCTAssertFalse(api.contains("coverContentType"), "Content-Type in encoding.headerFields is ignored (OpenAPI)")
        XCTAssertTrue(outcome.diagnostics.contains { $0.message.contains("'X-Region' of multipart part 'cover'") },
                      outcome.rendered.joined(separator: "\n"))
    }

    func testSeveralSuccessTypesBecomeAnOutcomeEnum() {
        let outcome = generate(yaml: spec("""
              /jobs:
                post:
                  operationId: startJob
                  responses:
                    '200': { description: done, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
                    '202': { description: accepted }
            """))
        assertContains(outcome.allText, "async throws -> StartJobResponse {", "case status200(Item)", "case status202\n",
                       "return .status200(try client.decode(Item.self", "return .status202")
    }

    func testDuplicateOperationIDsStayDistinct() {
        let outcome = generate(yaml: spec("""
              /a:
                get: { operationId: fetch, responses: { '204': { description: ok } } }
              /b:
                get: { operationId: fetch, responses: { '204': { description: ok } } }
            """))
        assertContains(outcome.allText, "public func fetch() async throws {", "public func fetch2() async throws {")
        XCTAssertTrue(outcome.diagnostics.contains { $0.severity == .warning && $0.message.contains("operationId 'fetch'") })
    }

    func testQueueableOperationsAreMarked() {
        var config = GeneratorConfig()
        config.queueable = ["fetch"]
        let outcome = generate(yaml: spec("""
              /a:
                post: { operationId: fetch, responses: { '204': { description: ok } } }
              /b:
                post: { operationId: other, x-apigen-queueable: true, responses: { '204': { description: ok } } }
              /c:
                post: { operationId: plain, responses: { '204': { description: ok } } }
            """), config: config)
        let api = outcome.file("APIs/DefaultAPI.swift") ?? ""
        assertContains(api, "OperationInfo(id: \"fetch\", method: \"POST\", path: \"/a\", isQueueable: true)",
                       "OperationInfo(id: \"other\", method: \"POST\", path: \"/b\", isQueueable: true)",
                       "OperationInfo(id: \"plain\", method: \"POST\", path: \"/c\")")
    }

    /// A response, request body or parameter component whose schema is written inline is one type shared by every
    /// operation that refers to it: it is named after the component, so adding, moving or removing an operation
    /// renames nothing (it was named after whichever operation was planned first: Spotify's 401 body was
    /// `GetAnAlbumError401` in every group until `/albums/{id}` moved, GitHub's `direction` parameter
    /// `ActivityListReposStarredByAuthenticatedUserDirection` in code scanning and teams).
    func testInlineSchemasOfSharedComponentsAreNamedAfterTheComponentWhateverTheOperationOrder() {
        let listing = """
              /items:
                get:
                  operationId: listItems
                  tags: [Items]
                  parameters: [{ $ref: '#/components/parameters/direction' }]
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Item' } } } } }
                    '401': { $ref: '#/components/responses/Unauthorized' }
            """
        let creating = """
              /orders:
                post:
                  operationId: placeOrder
                  tags: [Orders]
                  parameters: [{ $ref: '#/components/parameters/direction' }]
                  requestBody: { $ref: '#/components/requestBodies/Order' }
                  responses:
                    '201': { description: created }
                    '401': { $ref: '#/components/responses/Unauthorized' }
            """
        let components = """
              parameters:
                direction: { name: direction, in: query, description: The order of the list., schema: { type: string, enum: [asc, desc] } }
              requestBodies:
                Order:
                  content: { application/json: { schema: { type: object, properties: { count: { type: integer } } } } }
              responses:
                Unauthorized:
                  description: no token
                  content: { application/json: { schema: { type: object, required: [reason], properties: { reason: { type: string } } } } }
            """
        let outcomes = [generate(yaml: spec(listing + "\n" + creating, components: components)),
                        generate(yaml: spec(creating + "\n" + listing, components: components))]
        for outcome in outcomes {
            XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
            assertContains(outcome.file("APIs/ItemsAPI.swift") ?? "",
                           "public func listItems(direction: DirectionParameter? = nil) async throws -> [Item] {",
                           "case status401(status: Int, body: UnauthorizedResponse)")
            assertContains(outcome.file("APIs/OrdersAPI.swift") ?? "",
                           "public func placeOrder(direction: DirectionParameter? = nil, body: OrderRequestBody? = nil) async throws {",
                           "case status401(status: Int, body: UnauthorizedResponse)")
            // Documented by the component's description, which its schema does not repeat.
            assertContains(outcome.file("Models/UnauthorizedResponse.swift") ?? "", "/// no token\npublic struct UnauthorizedResponse: Codable")
            assertContains(outcome.file("Models/DirectionParameter.swift") ?? "", "/// The order of the list.\npublic enum DirectionParameter: RawRepresentable")
            assertContains(outcome.file("Models/OrderRequestBody.swift") ?? "", "public struct OrderRequestBody: Codable")
        }
        // The order of the paths changes the order of nothing but the paths: every model file is the same.
        let models = outcomes.map { outcome in
            Dictionary(uniqueKeysWithValues: (outcome.files ?? []).filter { $0.path.hasPrefix("Models/") }.map { ($0.path, $0.contents) })
        }
        XCTAssertEqual(models[0], models[1])
    }

    /// Swagger 2.0's shared responses and parameters are named after themselves too (converted nodes keep their
    /// original pointers: `#/responses/Unauthorized/schema`, `#/parameters/order/x-schema`).
    func testSwaggerSharedResponsesAndParametersAreNamedAfterThemselves() {
        let outcome = generate(yaml: """
            swagger: '2.0'
            info: { title: Shop, version: '1' }
            paths:
              /a: { get: { operationId: getA, parameters: [{ $ref: '#/parameters/order' }], responses: { '200': { description: ok }, '401': { $ref: '#/responses/Unauthorized' } } } }
              /b: { get: { operationId: getB, parameters: [{ $ref: '#/parameters/order' }], responses: { '200': { description: ok }, '401': { $ref: '#/responses/Unauthorized' } } } }
            parameters:
              order: { name: order, in: query, type: string, enum: [asc, desc] }
            responses:
              Unauthorized: { description: no, schema: { type: object, properties: { reason: { type: string } } } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.allText, "public func getB(order: OrderParameter? = nil) async throws {",
                       "case status401(status: Int, body: UnauthorizedResponse)")
        XCTAssertNotNil(outcome.file("Models/UnauthorizedResponse.swift"))
    }

    /// A parameter, response or request body another operation writes (`$ref: '#/paths/~1orders/post/responses/201'`) is named
    /// as that operation names it, whichever of the two comes first: before, the first operation planned named it,
    /// so moving a path renamed the type in every file using it.
    func testObjectsBorrowedFromAnotherOperationAreNamedByTheirOwner() {
        let borrower = """
              /drafts:
                post:
                  operationId: saveDraft
                  tags: [Orders]
                  parameters: [{ $ref: '#/paths/~1orders/post/parameters/0' }]
                  requestBody: { $ref: '#/paths/~1orders/post/requestBody' }
                  responses:
                    '200': { $ref: '#/paths/~1orders/post/responses/201' }
                    '409': { $ref: '#/paths/~1orders/post/responses/409' }
            """
        let owner = """
              /orders:
                post:
                  operationId: placeOrder
                  tags: [Orders]
                  parameters: [{ name: speed, in: query, schema: { type: string, enum: [slow, fast] } }]
                  requestBody:
                    content: { application/json: { schema: { type: object, properties: { count: { type: integer } } } } }
                  responses:
                    '201': { description: created, content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } } }
                    '409': { description: taken, content: { application/json: { schema: { type: object, properties: { reason: { type: string } } } } } }
            """
        let outcomes = [generate(yaml: spec(borrower + "\n" + owner)), generate(yaml: spec(owner + "\n" + borrower))]
        for outcome in outcomes {
            XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
            assertContains(outcome.file("APIs/OrdersAPI.swift") ?? "",
                           "public func saveDraft(speed: PlaceOrderSpeed? = nil, body: PlaceOrderRequest? = nil) async throws -> PlaceOrderResponse {",
                           "public func placeOrder(speed: PlaceOrderSpeed? = nil, body: PlaceOrderRequest? = nil) async throws -> PlaceOrderResponse {")
            XCTAssertNotNil(outcome.file("Models/PlaceOrderError409.swift"), (outcome.files ?? []).map(\.path).joined(separator: ", "))
        }
        let models = outcomes.map { outcome in
            Dictionary(uniqueKeysWithValues: (outcome.files ?? []).filter { $0.path.hasPrefix("Models/") }.map { ($0.path, $0.contents) })
        }
        XCTAssertEqual(models[0], models[1])
    }

    /// A parameter or response kept in a file of its own (Akamai's `$ref: parameters/network-path.yaml`) is shared
    /// like a component: named after where it is written, whatever operation comes first.
    func testSharedObjectsInOtherFilesAreNamedAfterWhereTheyAreWritten() {
        let first = """
              /namespaces:
                get:
                  operationId: listNamespaces
                  tags: [Namespaces]
                  parameters: [{ $ref: 'parameters/network-path.yaml' }]
                  responses:
                    '200': { description: ok }
                    '404': { $ref: 'responses.yaml#/NotFound' }
            """
        let second = """
              /groups:
                get:
                  operationId: listGroups
                  tags: [Groups]
                  parameters: [{ $ref: 'parameters/network-path.yaml' }]
                  responses:
                    '200': { description: ok }
                    '404': { $ref: 'responses.yaml#/NotFound' }
            """
        let others = [
            ("parameters/network-path.yaml", "{ name: network, in: query, schema: { type: string, enum: [staging, production] } }"),
            ("responses.yaml", "NotFound: { description: missing, content: { application/json: { schema: { type: object, properties: { detail: { type: string } } } } } }"),
        ]
        let outcomes = [generate([("openapi.yaml", spec(first + "\n" + second))] + others),
                        generate([("openapi.yaml", spec(second + "\n" + first))] + others)]
        for outcome in outcomes {
            XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
            assertContains(outcome.file("APIs/GroupsAPI.swift") ?? "",
                           "public func listGroups(network: NetworkPathParameter? = nil) async throws {",
                           "case status404(status: Int, body: NotFoundResponse)")
            XCTAssertNotNil(outcome.file("Models/NetworkPathParameter.swift"))
            XCTAssertNotNil(outcome.file("Models/NotFoundResponse.swift"))
        }
        let models = outcomes.map { outcome in
            Dictionary(uniqueKeysWithValues: (outcome.files ?? []).filter { $0.path.hasPrefix("Models/") }.map { ($0.path, $0.contents) })
        }
        XCTAssertEqual(models[0], models[1])
    }

    /// A response borrowed from another operation (`$ref: '#/paths/~1a/get/responses/404'`) has no name of its own:
    /// its type keeps its owner's name, not a word of the pointer (`ResponsesResponse`), even when the borrower comes first.
    func testAResponseBorrowedFromAnotherOperationKeepsAnOperationsName() {
        let outcome = generate(yaml: spec("""
              /b:
                get:
                  operationId: getB
                  responses:
                    '200': { description: ok }
                    '404': { $ref: '#/paths/~1a/get/responses/404' }
              /a:
                get:
                  operationId: getA
                  responses:
                    '200': { description: ok }
                    '404': { description: missing, content: { application/json: { schema: { type: object, properties: { why: { type: string } } } } } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.allText, "case status404(status: Int, body: GetAError404)")
        XCTAssertFalse(outcome.allText.contains("ResponsesResponse"), outcome.allText)
    }

    /// An operation kept in a file of its own (DigitalOcean's `get: {$ref: resources/apps/apps_list_deployments.yml}`)
    /// has its inline parameters at `/parameters/3` of that file: they are the operation's own, not Swagger 2.0's
    /// shared `parameters` (which gave `3ParameterItem`, not an identifier); a component named with a digit first
    /// still gives an identifier.
    func testInlineParametersOfAnOperationInItsOwnFileKeepTheOperationsName() {
        let outcome = generate([
            ("openapi.yaml", spec("""
              /deployments:
                get: { $ref: 'list-deployments.yaml' }
              /codes:
                get:
                  operationId: listCodes
                  parameters: [{ $ref: '#/components/parameters/2fa' }]
                  responses: { '200': { description: ok } }
            """, components: """
              parameters:
                2fa: { name: code, in: query, schema: { type: string, enum: [sms, app] } }
            """)),
            ("list-deployments.yaml", """
                operationId: listDeployments
                parameters:
                  - { name: kinds, in: query, schema: { type: array, items: { type: string, enum: [manual, push] } } }
                responses: { '200': { description: ok } }
                """),
        ])
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.allText, "public func listDeployments(kinds: [ListDeploymentsKindsItem]? = nil) async throws {",
                       "public func listCodes(code: _2faParameter? = nil) async throws {")
    }
}
