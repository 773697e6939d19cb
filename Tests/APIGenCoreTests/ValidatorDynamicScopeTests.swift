import APIGenCore
import XCTest

/// `$dynamicRef` / `$recursiveRef`, bundled meta-schemas, `$vocabulary` and draft-03 schema types, as the
/// validator generator emits them. The conformance slice (apigenTests) compiles and runs them on the official suite.
final class ValidatorDynamicScopeTests: XCTestCase {
    private func generate(_ schema: String, files: [String: String] = [:],
                          remotes: [(prefix: String, folder: String)] = []) -> ConformanceSuiteGenerator.GeneratedGroup {
        let group = ConformanceSuiteGenerator.Group(file: "test.json", description: "test", schemaJSON: schema, tests: [])
        return ConformanceSuiteGenerator.generate(group, index: 0, provider: InMemorySourceProvider(files), remotes: remotes)
    }

    func testBookendedDynamicRefDispatchesThroughTheDynamicScope() throws {
        let generated = generate("""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/list",
             "type": "array", "items": {"$dynamicRef": "#item"},
             "$defs": {"item": {"$dynamicAnchor": "item"},
                       "strings": {"$id": "strings", "$ref": "list", "$defs": {"item": {"$dynamicAnchor": "item", "type": "string"}}}}}
            """)
        XCTAssertNil(generated.failure)
        let code = try XCTUnwrap(generated.code)
        assertContains(code, "context.enterResource(", "defer { context.leaveResource() }", "switch context.outermostResource(among: ___0Constants.v1DynamicResources)")
    }

    func testDynamicRefWithoutMatchingAnchorIsAPlainReference() throws {
        let code = try XCTUnwrap(generate("""
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/plain",
             "items": {"$dynamicRef": "#/$defs/item"}, "$defs": {"item": {"type": "string"}}}
            """).code)
        XCTAssertFalse(code.contains("enterResource"), code)
        XCTAssertFalse(code.contains("outermostResource"), code)
        XCTAssertTrue(code.contains("if !v"), code)
    }

    func testRecursiveRefUsesTheRecursiveAnchorRun() throws {
        let code = try XCTUnwrap(generate("""
            {"$schema": "https://json-schema.org/draft/2019-09/schema", "$id": "https://example.com/tree", "$recursiveAnchor": true,
             "type": "object", "properties": {"children": {"type": "array", "items": {"$recursiveRef": "#"}}}}
            """).code)
        assertContains(code, "context.recursiveResource(anchored: ___0Constants.v2DynamicResources)")
    }

    func testOpenAPIValidatorsKeepNoScope() {
        let outcome = APIGenCoreTests.generate(yaml: """
            openapi: 3.1.0
            info: { title: Tree, version: '1' }
            paths:
              /root:
                get:
                  operationId: getRoot
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Node' } } } }
            components:
              schemas:
                Node:
                  type: object
                  properties:
                    next: { $ref: '#/components/schemas/Node' }
                    name: { type: string, minLength: 1 }
            """)
        XCTAssertFalse(outcome.hasErrors)
        XCTAssertTrue(outcome.allText.contains("type=string minLength=1 @/components/schemas/Node/properties/name"), "validators are emitted")
        XCTAssertFalse(outcome.allText.contains("enterResource"))
        XCTAssertFalse(outcome.allText.contains("within(resource:"))
    }

    func testReferencesToMetaSchemasResolveOffline() throws {
        for uri in ["https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema",
                    "http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-03/schema#"] {
            let generated = generate(#"{"$ref": "\#(uri)"}"#)
            XCTAssertNil(generated.failure, uri)
            XCTAssertNotNil(generated.code, uri)
        }
    }

    func testCustomMetaSchemaWithoutValidationVocabularyDropsValidationKeywords() throws {
        let meta = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "http://meta.example/no-validation.json",
             "$vocabulary": {"https://json-schema.org/draft/2020-12/vocab/applicator": true,
                             "https://json-schema.org/draft/2020-12/vocab/core": true}}
            """
        let schema = #"{"$schema": "http://meta.example/no-validation.json", "properties": {"n": {"minimum": 10}, "bad": false}}"#
        let code = try XCTUnwrap(generate(schema, files: ["meta/no-validation.json": meta],
                                          remotes: [("http://meta.example/", "meta")]).code)
        XCTAssertFalse(code.contains("\"minimum\""), code)
        assertContains(code, "ValidationMessage.falseSchema(instance)")
        // The same schema under the standard meta-schema checks `minimum`.
        let standard = try XCTUnwrap(generate(#"{"properties": {"n": {"minimum": 10}}}"#).code)
        assertContains(standard, "keyword: \"minimum\"")
    }

    func testDraft3TypeAndDisallowAcceptSchemas() throws {
        let code = try XCTUnwrap(generate("""
            {"$schema": "http://json-schema.org/draft-03/schema#",
             "properties": {"a": {"type": ["string", {"type": "integer", "minimum": 3}]},
                            "b": {"disallow": ["null", {"type": "string"}]}}}
            """).code)
        assertContains(code, "var __typeMatched = JSONTypeSet.string.matches(instance, draft4Integers: true)", "__disallowMatched", "ValidationMessage.disallowed(instance)")
    }

    func testDraft7ContentIsAssertedOnlyWithFormats() throws {
        let code = try XCTUnwrap(generate("""
            {"$schema": "http://json-schema.org/draft-07/schema#", "contentMediaType": "application/json", "contentEncoding": "base64"}
            """).code)
        assertContains(code, "if context.assertsFormats {",
                       "SchemaCheck.hasValidContent(string, encoding: \"base64\", mediaType: \"application/json\")")
        let later = try XCTUnwrap(generate(#"{"contentMediaType": "application/json"}"#).code)
        XCTAssertFalse(later.contains("hasValidContent"))
    }
}
