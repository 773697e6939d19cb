@testable import APIGenCore
import XCTest

/// RFC 6901 escaping of the pointers every loaded node carries.
final class JSONPointerTests: XCTestCase {
    func testEscapeAndTokensRoundTrip() throws {
        let cases: [(token: String, escaped: String)] = [
            ("plain", "plain"), ("", ""), ("application/json", "application~1json"), ("/v2/droplets/{id}", "~1v2~1droplets~1{id}"),
            ("~", "~0"), ("~/", "~0~1"), ("/~", "~1~0"), ("~1", "~01"), ("é/ü~", "é~1ü~0"),
        ]
        for (token, escaped) in cases {
            XCTAssertEqual(JSONPointer.escape(token), escaped, token)
            XCTAssertEqual(try XCTUnwrap(JSONPointer.tokens("/" + escaped)), [token], escaped)
        }
        XCTAssertEqual(JSONPointer.appending("/paths", "/pets/{id}"), "/paths/~1pets~1{id}")
        XCTAssertEqual(JSONPointer.tokens("/paths/~1pets~1{id}/get"), ["paths", "/pets/{id}", "get"])
        // Read left to right (`~01` is `~1`, not `/`); a `~` not followed by `0` or `1` is kept as written.
        XCTAssertEqual(JSONPointer.tokens("/~01/~~1/a~2/b~"), ["~1", "~/", "a~2", "b~"])
        XCTAssertEqual(JSONPointer.tokens("/%7E1a"), ["/a"], "percent-decoded first")
        XCTAssertEqual(JSONPointer.tokens(""), [])
        XCTAssertNil(JSONPointer.tokens("paths"), "a pointer starts with '/'")
    }

    func testLoadedNodesCarryEscapedPointers() throws {
        let document = try SourceDocument.load(bytes: Array("""
            paths:
              /pets/{id}:
                get:
                  responses:
                    '200': { content: { application/json: { schema: { type: string } } } }
            """.utf8), path: "api.yaml")
        let schema = try XCTUnwrap(document.root.descend(["paths", "/pets/{id}", "get", "responses", "200", "content", "application/json", "schema"]))
        XCTAssertEqual(schema.pointer, "/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema")
    }
}
