import APIGenCore
import XCTest

/// Streamed responses -> methods returning the runtime's typed sequences, and the download variant of binary ones.
final class StreamingSnippetTests: XCTestCase {
    private func spec(_ paths: String) -> String {
        """
        openapi: 3.1.0
        info: { title: Chat, version: '1' }
        paths:
        \(paths)
        components:
          schemas:
            Chunk: { type: object, required: [delta], properties: { delta: { type: string } } }
        """
    }

    func testEventStreamsWithAndWithoutASchema() {
        let outcome = generate(yaml: spec("""
              /chat:
                post:
                  operationId: streamChat
                  tags: [Chat]
                  requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Chunk' } } } }
                  responses:
                    '200': { description: events, content: { text/event-stream: { schema: { $ref: '#/components/schemas/Chunk' } } } }
                    '400': { description: bad, content: { application/json: { schema: { $ref: '#/components/schemas/Chunk' } } } }
              /log:
                get:
                  operationId: tailLog
                  tags: [Chat]
                  responses:
                    2XX: { description: raw events, content: { text/event-stream: { schema: { type: string } } } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let file = outcome.file("APIs/ChatAPI.swift") ?? ""
        assertContains(file,
            "public func streamChat(body: Chunk) async throws -> ServerSentEvents<Chunk> {",
            "let __stream = try await client.stream(__request, operation: __operation, accept: \"text/event-stream\")",
            "return client.serverSentEvents(of: Chunk.self, from: __stream, request: __request, operation: __operation, mode: .reject, validator: ",
            "let __response = try await client.collect(__stream, operation: __operation)",
            "case 400:",
            "public func tailLog() async throws -> ServerSentEvents<String> {",
            "case 200...299:\n            return client.serverSentEvents(from: __stream, request: __request, operation: __operation)")
        XCTAssertFalse(file.contains("case 200:\n            try client.validateResponse"), "the streamed success is not read whole")
    }

    /// OpenAPI 3.2 describes sequential media types with `itemSchema` (and an event's JSON data with the
    /// `contentSchema` of its `data`); `schema` there is the whole stream, not an item.
    func testOpenAPI32ItemSchemasTypeEachItem() {
        let outcome = generate(yaml: """
            openapi: 3.2.0
            info: { title: Chat, version: '1' }
            paths:
              /chat:
                get:
                  operationId: streamChat
                  tags: [Chat]
                  responses:
                    '200':
                      description: events
                      content:
                        text/event-stream:
                          itemSchema:
                            type: object
                            required: [data]
                            properties:
                              event: { type: string }
                              data: { type: string, contentMediaType: application/json, contentSchema: { $ref: '#/components/schemas/Chunk' } }
              /log:
                get:
                  operationId: tailLog
                  tags: [Chat]
                  responses:
                    '200':
                      description: text events
                      content:
                        text/event-stream:
                          itemSchema: { type: object, properties: { data: { type: string } } }
              /export:
                get:
                  operationId: exportChunks
                  tags: [Chat]
                  responses:
                    '200':
                      description: lines
                      content:
                        application/jsonl:
                          schema: { type: string }
                          itemSchema: { $ref: '#/components/schemas/Chunk' }
            components:
              schemas:
                Chunk: { type: object, required: [delta], properties: { delta: { type: string } } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let file = outcome.file("APIs/ChatAPI.swift") ?? ""
        assertContains(file,
            "public func streamChat() async throws -> ServerSentEvents<Chunk> {",
            "return client.serverSentEvents(of: Chunk.self, from: __stream, request: __request, operation: __operation, mode: .reject, validator: validateChunk)",
            "public func tailLog() async throws -> ServerSentEvents<String> {",
            "public func exportChunks() async throws -> JSONStream<Chunk> {",
            "return client.jsonStream(of: Chunk.self, from: __stream, format: .lines, request: __request, operation: __operation, mode: .reject, validator: validateChunk)")
    }

    /// Branches that each fix `event` type the events by name (GeneratedEventStreamTests runs the result); when a
    /// branch does not fix it, or two fix the same name, the events are typed by their data as before.
    func testEventBranchesTypeEventsByNameOnlyWhenEveryBranchNamesOne() {
        func stream(_ branches: String) -> String {
            """
            openapi: 3.2.0
            info: { title: Feed, version: '1' }
            paths:
              /feed:
                get:
                  operationId: watchFeed
                  tags: [Feed]
                  responses:
                    '200':
                      description: events
                      content:
                        text/event-stream:
                          itemSchema:
                            oneOf:
            \(branches)
            components:
              schemas:
                Post: { type: object, properties: { id: { type: string } } }
            """
        }
        let post = "data: { type: string, contentSchema: { $ref: '#/components/schemas/Post' } }"
        let named = generate(yaml: stream("""
                              - properties: { event: { const: post-created }, \(post) }
                              - properties: { event: { const: ping }, data: { type: string } }
            """))
        XCTAssertFalse(named.hasErrors, named.rendered.joined(separator: "\n"))
        assertContains(named.file("APIs/FeedAPI.swift") ?? "",
            "public func watchFeed() async throws -> ServerSentEvents<WatchFeedEvent> {",
            "decode: WatchFeedEvent.init(event:data:reader:))")
        assertContains(named.allText,
            "case postCreated(Post)", "case ping(String)", "case undocumented(event: String, data: String)",
            "case \"post-created\": self = .postCreated(try reader.json(Post.self, from: data, mode: .reject, validator: validatePost))")

        for (why, branches) in [
            ("a branch without a fixed name", """
                              - properties: { event: { const: post-created }, \(post) }
                              - properties: { event: { type: string }, data: { type: string } }
            """),
            ("two branches with one name", """
                              - properties: { event: { const: post }, \(post) }
                              - properties: { event: { const: post }, data: { type: string } }
            """),
        ] {
            let outcome = generate(yaml: stream(branches))
            XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
            XCTAssertFalse(outcome.allText.contains("init(event: String, data: String, reader: EventDataReader)"), why)
            XCTAssertTrue((outcome.file("APIs/FeedAPI.swift") ?? "").contains("ServerSentEvents<"), why)
        }
    }

    func testJSONLinesAndJSONSequences() {
        let outcome = generate(yaml: spec("""
              /export:
                get:
                  operationId: exportChunks
                  tags: [Chat]
                  responses:
                    '200': { description: lines, content: { application/x-ndjson: { schema: { $ref: '#/components/schemas/Chunk' } } } }
              /seq:
                get:
                  operationId: sequence
                  tags: [Chat]
                  responses:
                    '200': { description: records, content: { application/json-seq: {} } }
            """), config: { var config = GeneratorConfig(); config.validation = .off; return config }())
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/ChatAPI.swift") ?? "",
            "public func exportChunks() async throws -> JSONStream<Chunk> {",
            "accept: \"application/x-ndjson\")",
            "return client.jsonStream(of: Chunk.self, from: __stream, format: .lines, request: __request, operation: __operation)\n",
            "public func sequence() async throws -> JSONStream<JSONValue> {",
            "format: .sequence")
    }

    func testAJSONAlternativeKeepsTheMethodBuffered() {
        let outcome = generate(yaml: spec("""
              /chat:
                get:
                  operationId: chat
                  tags: [Chat]
                  responses:
                    '200':
                      description: JSON unless streaming was asked for
                      content:
                        application/json: { schema: { $ref: '#/components/schemas/Chunk' } }
                        text/event-stream: { schema: { $ref: '#/components/schemas/Chunk' } }
            """))
        let file = outcome.file("APIs/ChatAPI.swift") ?? ""
        assertContains(file, "public func chat() async throws -> Chunk {")
        XCTAssertFalse(file.contains("client.stream("), file)
    }

    func testBinaryResponsesGainADownloadVariant() {
        let outcome = generate(yaml: spec("""
              /files/{name}:
                get:
                  operationId: getFile
                  tags: [Chat]
                  parameters: [{ name: name, in: path, required: true, schema: { type: string } }, { name: progress, in: query, schema: { type: string } }]
                  responses:
                    '200': { description: bytes, content: { application/octet-stream: {} } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("APIs/ChatAPI.swift") ?? "",
            "public func getFile(name: String, progress: String? = nil) async throws -> Data {",
            "public func getFile(name: String, progress: String? = nil, to destination: URL, resumable: Bool = true, progress2: (@Sendable (TransferProgress) -> Void)? = nil) async throws -> DownloadResult {",
            "return try await client.download(__request, operation: __operation, to: destination, resumable: resumable, progress: progress2)")
    }

    /// Issue 18: a binary request body gets a second method sending it from a file; other bodies do not.
    func testBinaryBodiesGetAnUploadFromFileVariant() {
        let outcome = generate(yaml: spec("""
              /files/{id}:
                put:
                  operationId: putFile
                  tags: [Files]
                  parameters: [ { name: id, in: path, required: true, schema: { type: string } } ]
                  requestBody: { required: true, content: { application/octet-stream: { schema: { type: string, format: binary } } } }
                  responses: { '204': { description: stored } }
              /images:
                post:
                  operationId: postImage
                  tags: [Files]
                  requestBody: { content: { image/*: {} } }
                  responses: { '204': { description: stored } }
              /notes:
                post:
                  operationId: postNote
                  tags: [Files]
                  requestBody: { content: { text/plain: { schema: { type: string } } } }
                  responses: { '204': { description: stored } }
              /chunks:
                post:
                  operationId: postChunk
                  tags: [Files]
                  requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Chunk' } }, application/octet-stream: {} } }
                  responses: { '204': { description: stored } }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let file = outcome.file("APIs/FilesAPI.swift") ?? ""
        assertContains(file,
            "public func putFile(id: String, body: Data) async throws {",
            "public func putFile(id: String, fromFile: URL, contentType: String = \"application/octet-stream\", progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws {",
            "let __response = try await client.upload(__request, fromFile: fromFile, contentType: contentType, operation: __operation, progress: progress)",
            // Both variants hand the response to one handler instead of each carrying a copy of the status switch.
            "return try __putFileResponse(__response, request: __request, operation: __operation)",
            "private func __putFileResponse(_ __response: APIResponse, request __request: RequestBuilder, operation __operation: OperationInfo) throws {",
            // A media type range is no Content-Type: the caller must name one.
            "public func postImage(fromFile: URL, contentType: String, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws {",
            "let __request = RequestBuilder(method: \"POST\", path: \"/images\")")
        XCTAssertEqual(file.components(separatedBy: "switch __response.status").count - 1, 4, "one status switch per operation")
        XCTAssertFalse(file.contains("func postNote(fromFile"), "text bodies are strings")
        XCTAssertFalse(file.contains("func postChunk(fromFile"), "the JSON alternative is the one sent")
    }
}
