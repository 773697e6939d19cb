import Foundation
import XCTest

/// Schemas that apply themselves to the same value (found by Scripts/hostile-specs.py with the discriminator and
/// inheritance constructs, seeds 30707, 30971 and 31039): the generated client is compiled and called as an app would,
/// over a transport that answers every request with a canned body.
final class GeneratedEndlessLoopTests: XCTestCase {
    static let spec = """
        openapi: 3.1.0
        info: { title: Loops, version: '1' }
        paths:
          /loop: { get: { operationId: getLoop, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Loop' } } } } } } }
          /a: { get: { operationId: getA, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/A' } } } } } } }
          /b: { get: { operationId: getB, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/B' } } } } } } }
          /empty: { get: { operationId: getEmpty, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Empty' } } } } } } }
          /kinds: { get: { operationId: getKinds, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Kinds' } } } } } } }
        components:
          schemas:
            Other: { type: object, properties: { a: { type: string } } }
            Loop: { oneOf: [ { $ref: '#/components/schemas/Loop' }, { $ref: '#/components/schemas/Other' } ] }
            A: { anyOf: [ { $ref: '#/components/schemas/B' }, { type: integer } ] }
            B: { allOf: [ { $ref: '#/components/schemas/A' } ] }
            Empty: { oneOf: [ { $ref: '#/components/schemas/Empty' } ] }
            OnlyItself:
              oneOf: [ { $ref: '#/components/schemas/OnlyItself' }, { $ref: '#/components/schemas/OnlyItself' } ]
              discriminator: { propertyName: kind, mapping: { self: '#/components/schemas/OnlyItself' } }
            Kinds:
              oneOf: [ { $ref: '#/components/schemas/OnlyItself' }, { $ref: '#/components/schemas/Other' } ]
              discriminator: { propertyName: kind, mapping: { loop: '#/components/schemas/OnlyItself', other: '#/components/schemas/Other' } }
        """

    static let driver = #"""
        import APIRuntime
        import Foundation
        import HTTPTypes

        struct Canned: HTTPTransport {
            let body: String
            func send(_ request: APIRequest) async throws -> APIResponse {
                APIResponse(status: 200, headerFields: [.contentType: "application/json"], body: Data(body.utf8))
            }
        }

        func api(_ body: String) -> LoopsClient {
            LoopsClient(baseURL: URL(string: "https://api.test")!, transport: Canned(body: body))
        }

        func outcome(_ call: () async throws -> Any) async -> String {
            do {
                return "ok \(try await call())"
            } catch let error as APIError {
                let text = String(describing: error)
                return text.contains("applies itself to the same value again") ? "rejected: never ends" : "rejected"
            } catch {
                return "error \(error)"
            }
        }

        print(await outcome { try await api(#"{"a": "x"}"#).default.getLoop() })
        print(await outcome { try await api("5").default.getA() })
        print(await outcome { try await api(#""x""#).default.getA() })
        print(await outcome { try await api("5").default.getB() })
        print(await outcome { try await api("{}").default.getEmpty() })
        print(await outcome { try await api(#"{"kind": "other", "a": "y"}"#).default.getKinds() })
        print(await outcome { try await api(#"{"kind": "loop"}"#).default.getKinds() })
        print(await outcome { try await api(#"{"kind": "loop", "a": 1}"#).default.getKinds() })
        """#

    func testValidatingASchemaThatAppliesItselfFailsInsteadOfRecursingForever() throws {
        let program = try GeneratedProgram(spec: Self.spec, driver: Self.driver)
        // A union of only itself was an enum without cases, and `.onlyItself(try OnlyItself(from:))` warned
        // "will never be executed".
        XCTAssertEqual(program.warnings, [], "no warnings")
        XCTAssertEqual(program.lines, [
            // Loop's own variant fails, so the value is the Other it matches.
            "ok other(Driver.Other(a: Optional(\"x\")))",
            // A is `anyOf [B, integer]` and B is `allOf [A]`: each call closing the loop fails.
            "ok int(5)",
            "rejected",
            // Through B, the loop is B's own check and its report says why it failed.
            "rejected: never ends",
            // Empty's only variant is itself: nothing matches its oneOf (a probe's failure is not reported).
            "rejected",
            "ok other(Driver.Other(a: Optional(\"y\")))",
            // Valid as an Other; the discriminator names OnlyItself, which holds any JSON value.
            #"ok onlyItself(APIRuntime.JSONValue.object(["kind": APIRuntime.JSONValue.string("loop")]))"#,
            "rejected",
        ])
    }
}
