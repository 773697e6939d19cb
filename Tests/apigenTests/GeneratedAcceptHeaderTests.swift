import Foundation
import XCTest

/// The `Accept` header each generated method sends, read off the wire of a compiled client: the media types the
/// method reads its documented responses as (success first, errors at a lower weight), so that a content-negotiating
/// server does not answer 406 to a client that reads CSV or images but says it accepts only JSON.
final class GeneratedAcceptHeaderTests: XCTestCase {
    static let spec = """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        paths:
          /profile:
            get:
              operationId: getProfile
              tags: [Shop]
              responses:
                '200': { description: ok, content: { application/json: { schema: { type: object } } } }
                '404': { description: none, content: { application/json: { schema: { type: object } } } }
          /reports/{id}:
            get:
              operationId: getReport
              tags: [Shop]
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                '200': { description: ok, content: { text/csv: { schema: { type: string } } } }
                '404': { description: none, content: { application/problem+json: { schema: { type: object } } } }
          /avatars/{id}:
            get:
              operationId: getAvatar
              tags: [Shop]
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                '200':
                  description: the image
                  content:
                    Image/PNG: { schema: { type: string, format: binary } }
                    application/octet-stream: {}
                default: { description: error, content: { application/json: { schema: { type: object } } } }
          /items:
            get:
              operationId: listItems
              tags: [Shop]
              responses:
                '200':
                  description: read as JSON, so the XML alternative is not asked for
                  content:
                    'application/vnd.shop+json; version=2; charset=utf-8; bad param': { schema: { type: array } }
                    application/xml: { schema: { type: array } }
          /items/{id}:
            delete:
              operationId: deleteItem
              tags: [Shop]
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                '204': { description: gone }
                '409': { description: in use, content: { application/problem+json: { schema: { type: object } } } }
          /exports:
            get:
              operationId: export
              tags: [Shop]
              parameters:
                - { name: Accept, in: header, schema: { type: string, enum: [text/csv, text/tab-separated-values] } }
              responses:
                '200': { description: ok, content: { text/csv: { schema: { type: string } } } }
        """

    static let driver = #"""
        import APIRuntime
        import Foundation

        \#(GeneratedProgram.recorderSource)

        struct RecordingTransport: HTTPTransport {
            let recorder: Recorder
            func send(_ request: APIRequest) async throws -> APIResponse {
                let accept = request.headerFields.first(where: { $0.name.rawName == "Accept" })?.value ?? "(none)"
                recorder.record(request.url.path + " Accept: " + accept)
                return APIResponse(status: 599, headerFields: [:], body: Data())
            }
        }

        let recorder = Recorder()
        let client = ShopClient(baseURL: URL(string: "https://shop.invalid")!, transport: RecordingTransport(recorder: recorder))
        _ = try? await client.shop.getProfile()
        _ = try? await client.shop.getReport(id: "r1")
        _ = try? await client.shop.getAvatar(id: "a1")
        _ = try? await client.shop.listItems()
        _ = try? await client.shop.deleteItem(id: "i1")
        _ = try? await client.shop.export()
        _ = try? await client.shop.export(accept: .textTabSeparatedValues)
        for line in recorder.recorded { print(line) }
        """#

    func testEachMethodAcceptsTheMediaTypesItReadsItsResponsesAs() throws {
        let program = try GeneratedProgram(spec: Self.spec, driver: Self.driver)
        XCTAssertEqual(program.lines, [
            // JSON everywhere: the runtime's default.
            "/profile Accept: application/json",
            // Text read as a String; the problem details of an error below it.
            "/reports/r1 Accept: text/csv, application/problem+json;q=0.5",
            // Bytes in either type (lowercased); the `default` error's JSON below them.
            "/avatars/a1 Accept: image/png, application/octet-stream, application/json;q=0.5",
            // The JSON type the method decodes, with the parameter that selects its version; `charset` and a parameter
            // HTTP cannot carry left out, the XML it does not read not asked for.
            "/items Accept: application/vnd.shop+json;version=2",
            // No success content: the error's type as it is.
            "/items/i1 Accept: application/problem+json",
            // A header parameter named Accept replaces the documented types when the caller gives it.
            "/exports Accept: text/csv",
            "/exports Accept: text/tab-separated-values",
        ])
    }
}
