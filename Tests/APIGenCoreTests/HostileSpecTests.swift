import APIGenCore
import XCTest

/// Descriptions written by an attacker: spec text must never become a declaration, a file name or a path, and what
/// cannot be used is an error at its location.
final class HostileSpecTests: XCTestCase {
    func testNameOverrideWithPathSegmentsIsAnErrorAtItsLocationAndNoFileIsPlanned() {
        let outcome = generate(yaml: openAPI(schemas: """
                Evil:
                  type: object
                  x-apigen-name: ../../../tmp/Escape
                  properties: { a: { type: string } }
            """))
        XCTAssertNil(outcome.files)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.description), [
            "openapi.yaml:8:22: error: 'x-apigen-name' must be a Swift identifier (letters, digits and '_', not a keyword), "
                + "found '../../../tmp/Escape'",
        ])
    }

    func testCanonicalModelAndFieldNamesThatAreNotIdentifiersAreErrors() {
        let outcome = generate(yaml: openAPI(schemas: """
                Member:
                  type: object
                  x-apigen-model: "Member {}\\nstruct Injected"
                  properties:
                    id:
                      type: integer
                      x-apigen-field: "id: Int; var injected"
                Other:
                  type: object
                  x-apigen-model: class
            """))
        XCTAssertNil(outcome.files)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map { $0.location?.line }, [8, 12, 15])
        XCTAssertEqual(errors.map { $0.message.prefix(16) }, ["'x-apigen-model'", "'x-apigen-field'", "'x-apigen-model'"])
        // The message quotes the text on one line: a newline in it cannot forge another diagnostic line.
        XCTAssertFalse(errors[0].message.contains("\n"))
    }

    func testValidNameOverridesStillName() throws {
        let outcome = generate(yaml: openAPI(schemas: """
                Member:
                  type: object
                  x-apigen-name: Ünïcode_Member
                  properties: { user_id: { type: integer, x-apigen-field: ident } }
            """))
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }, [])
        let text = try XCTUnwrap(outcome.file("Models/Ünïcode_Member.swift"))
        assertContains(text, "struct Ünïcode_Member", "let ident: Int?")
    }

    /// Line breaks (LF, CR, U+2028, NEL) in names printed in comments: in the JSON pointer of `source`, in a canonical
    /// model's "Arrives as", in a tag, path, operationId and server URL. None may end its comment.
    func testLineBreaksInNamesNeverLeaveTheirComment() throws {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Test, version: '1' }
            servers:
              - url: "https://example.com/\\nstruct InjectedServer {}"
                variables: { v: { default: a, enum: ["a\\nstruct InjectedEnum {}"] } }
            tags: [{ name: "t\\rstruct InjectedTag {}" }]
            paths:
              "/a\\u2028struct InjectedPath {}":
                get:
                  tags: ["t\\rstruct InjectedTag {}"]
                  operationId: "op\\nstruct InjectedOperation {}"
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              "x\\nstruct InjectedProperty {}": { type: string }
                              "y\\u0085struct InjectedNEL {}": { type: integer, maximum: 3 }
                    "400":
                      description: bad
                      content: { application/json: { schema: { $ref: '#/components/schemas/Shape' } } }
            components:
              schemas:
                Shape:
                  type: object
                  x-apigen-model: Canonical
                  properties:
                    "w\\nstruct InjectedWire {}": { type: string, x-apigen-field: wire }
            """)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }, [])
        let files = try XCTUnwrap(outcome.files)
        var injectedLines: [String] = []
        for file in files {
            for line in file.contents.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) where line.contains("struct Injected") {
                let code = line.drop { $0 == " " }
                if !(code.hasPrefix("//") || line.contains("\"")) { injectedLines.append("\(file.path): \(line)") }
            }
        }
        XCTAssertEqual(injectedLines, [])
        XCTAssertTrue(outcome.allText.contains("struct Injected"), "the hostile text is kept (in comments and literals), not dropped")
    }

    func testFileNamesHaveNoSeparatorsAndIdentifiersKeepOnlyIdentifierScalars() {
        XCTAssertEqual(SwiftNaming.fileName("../a/b"), "_._a_b")
        XCTAssertEqual(SwiftNaming.fileName(".hidden"), "_hidden")
        XCTAssertEqual(SwiftNaming.fileName("a\u{0}b\\c"), "a_b_c")
        // Found in the corpus: long names that share their first 200 bytes must stay two files, and short ones unchanged.
        let long = String(repeating: "Simple", count: 50)
        XCTAssertNotEqual(SwiftNaming.fileName(long + "A"), SwiftNaming.fileName(long + "B"))
        XCTAssertLessThanOrEqual(SwiftNaming.fileName(long + "A").utf8.count, 240)
        XCTAssertEqual(SwiftNaming.fileName(String(repeating: "x", count: 240)), String(repeating: "x", count: 240))
        // U+00B6 (pilcrow) is a symbol, U+202E an override: neither may reach an identifier.
        for raw in ["a\u{202E}b", "x\u{00B6}y", "١٢٣", "ｶﾀｶﾅ", "e\u{301}t\u{e9}"] {
            XCTAssertTrue(SwiftNaming.isValidIdentifier(SwiftNaming.typeName(raw)), SwiftNaming.typeName(raw))
            XCTAssertTrue(SwiftNaming.isValidIdentifier(SwiftNaming.memberName(raw)), SwiftNaming.memberName(raw))
        }
        XCTAssertFalse(SwiftNaming.isValidIdentifier("a\u{200D}b"))
        XCTAssertFalse(SwiftNaming.isValidIdentifier("class"))
        XCTAssertFalse(SwiftNaming.isValidIdentifier("a b"))
        XCTAssertTrue(SwiftNaming.isValidIdentifier("Ünïcode_2"))
    }

    func testCommentTextHasNoLineBreakOrBacktick() {
        XCTAssertEqual(SwiftNaming.commentText("a\nb\rc\u{2028}d\u{85}e`f\u{202E}g"), "a b c d e'f g")
        XCTAssertEqual(SwiftNaming.commentText("plain #/a/b"), "plain #/a/b")
    }
}

/// Numbers in every YAML spelling reach generated code in JSON's grammar, and never behind a force unwrap.
final class HostileNumberTests: XCTestCase {
    static let spec = """
        openapi: 3.1.0
        info: { title: Numbers, version: '1' }
        paths:
          /n:
            get:
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          a: { type: number, maximum: .5, minimum: +1.5, multipleOf: 1. }
                          b: { type: number, exclusiveMaximum: -.25e3, exclusiveMinimum: 007.50 }
                          c: { enum: [.5, +2.5e1, 1.] }
                          d: { const: { x: [-.5] } }
                          e: { type: integer, maximum: +12345678901234567890123 }
        """

    func testEveryNumberLiteralIsAJSONNumberAndNothingIsForceUnwrapped() throws {
        let outcome = generate(yaml: Self.spec)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }, [])
        let text = outcome.allText
        let literal = try NSRegularExpression(pattern: #"JSONNumber\(literal: "([^"]*)"\)"#)
        let json = try NSRegularExpression(pattern: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$"#)
        let found = literal.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
        let expected: Set<String> = ["0.5", "1.5", "1.0", "-0.25e3", "7.50", "2.5e1", "-0.5", "12345678901234567890123"]
        XCTAssertEqual(expected.subtracting(found), [], "every spelling arrives normalised; found \(found)")
        for number in found {
            XCTAssertEqual(json.numberOfMatches(in: number, range: NSRange(number.startIndex..., in: number)), 1, "\(number) is not JSON")
        }
        for line in text.split(separator: "\n") where line.contains("JSONNumber") {
            XCTAssertFalse(line.contains(")!"), String(line))
        }
    }

    func testInfinityAndNaNAreDiagnosedWhereANumberIsExpected() {
        let outcome = generate(yaml: openAPI(schemas: """
                N:
                  type: number
                  maximum: .inf
                  minimum: -.Inf
                  multipleOf: 0
                  enum: [1, .nan]
            """))
        XCTAssertNil(outcome.files)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.description), [
            "openapi.yaml:8:16: error: 'maximum' must be a finite number, found .inf",
            "openapi.yaml:9:16: error: 'minimum' must be a finite number, found -.Inf",
            "openapi.yaml:10:19: error: 'multipleOf' must be greater than 0, found 0",
            "openapi.yaml:11:17: error: 'enum' holds .nan, which is not a JSON number",
        ])
    }

    func testYAMLNumberSpellingsAreNormalisedWhenLoaded() {
        for (yaml, json) in [(".5", "0.5"), ("+1.5", "1.5"), ("1.", "1.0"), ("-.5e2", "-0.5e2"), ("007.25", "7.25"), ("+1e3", "1e3"),
                             ("-00.0", "-0.0"), ("+99999999999999999999", "99999999999999999999")] {
            guard case .double(let value, let text) = ScalarValue.resolvePlain(yaml) else { return XCTFail(yaml) }
            XCTAssertEqual(text, json)
            XCTAssertEqual(value, Double(json))
        }
        XCTAssertEqual(ScalarValue.resolvePlain("+1"), .int(1))
        XCTAssertEqual(ScalarValue.resolvePlain("0x1F"), .int(31))
    }
}

/// Patterns are compiled when generating, by the runtime's own regex parser and compiler.
final class HostilePatternTests: XCTestCase {
    func testInvalidPatternsAreErrorsAtTheirLocation() {
        let outcome = generate(yaml: openAPI(schemas: """
                Code:
                  type: string
                  pattern: "^([a-z]+$"
                Map:
                  type: object
                  patternProperties:
                    "x{2,1}": { type: string }
            """))
        XCTAssertNil(outcome.files)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map { $0.location.map { "\($0)" } ?? "" }, ["openapi.yaml:8:16", "openapi.yaml:12:9"])
        XCTAssertTrue(errors[0].message.hasPrefix("'pattern' /^([a-z]+$/ is not a valid ECMA-262 regular expression: at "), errors[0].message)
        XCTAssertTrue(errors[1].message.hasPrefix("'patternProperties' /x{2,1}/ is not a valid"), errors[1].message)
    }

    func testUnsupportedPatternIsAWarningAndItsCheckIsLeftOut() throws {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /a:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              a: { type: string, pattern: "(?i:abc)" }
                              b: { type: string, pattern: "^[0-9]+$" }
            """)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }, [])
        let warning = try XCTUnwrap(outcome.diagnostics.first { $0.message.contains("(?i:abc)") })
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertEqual(warning.location?.line, 14)
        XCTAssertFalse(outcome.allText.contains("ECMARegex(compiling: \"(?i:abc)\""), "a check that would reject every value")
        XCTAssertTrue(outcome.allText.contains("ECMARegex(compiling: \"^[0-9]+$\""))
        // A row of the table, checked through the context, which holds the run's step budget (Docs/validation.md,
        // SchemaRuleTests); `a` keeps its type check only.
        XCTAssertTrue(outcome.allText.contains("type=string @/paths/~1a/get/responses/200/content/application~1json/schema/properties/a\n"
            + "            type=string pattern=0 @/paths/~1a/get/responses/200/content/application~1json/schema/properties/b\n"
            + "            \"\"\", patterns: [getAResponse200BPattern])"), outcome.allText)
    }
}

/// Header and cookie parameter names become header fields as written: only HTTP tokens are accepted.
final class HostileParameterTests: XCTestCase {
    func testHeaderParameterNameWithLineBreakIsAnError() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /a:
                get:
                  parameters:
                    - { name: "X-Trace\\r\\nInjected: yes", in: header, schema: { type: string } }
                    - { name: "session id", in: cookie, schema: { type: string } }
                    - { name: "X-Fine_1.2", in: header, schema: { type: string } }
                  responses: { "204": { description: ok } }
            """)
        XCTAssertNil(outcome.files)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map { $0.location?.description ?? "" },
                       ["openapi.yaml:7:19", "openapi.yaml:8:19"])
        XCTAssertTrue(outcome.diagnostics.allSatisfy { !$0.message.contains("\n") && !$0.message.contains("\r") })
    }

    func testAPIKeyHeaderNameWithLineBreakIsAnError() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            security: [{ key: [] }]
            paths:
              /a: { get: { responses: { "204": { description: ok } } } }
            components:
              securitySchemes:
                key: { type: apiKey, in: header, name: "X-Key\\r\\nInjected: yes" }
            """)
        XCTAssertNil(outcome.files)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map { $0.location?.description ?? "" }, ["openapi.yaml:8:44"])
    }

    func testMultipartPartHeaderNameWithLineBreakIsAnError() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /a:
                post:
                  requestBody:
                    content:
                      multipart/form-data:
                        schema: { type: object, properties: { file: { type: string, format: binary } } }
                        encoding:
                          file:
                            headers:
                              "X-Sum\\r\\nInjected: yes": { schema: { type: string } }
                  responses: { "204": { description: ok } }
            """)
        XCTAssertNil(outcome.files)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.count, 1, outcome.rendered.joined(separator: "\n"))
        XCTAssertTrue(errors.allSatisfy { $0.message.contains("multipart part 'file'") && !$0.message.contains("\r") })
    }
}

/// Found by ``RandomHostileSpecTests``: reference cycles without a schema in them.
final class HostileReferenceTests: XCTestCase {
    func testACycleOfReferencesIsAnErrorNotAStackOverflow() {
        let outcome = generate(yaml: openAPI(schemas: """
                A: { $ref: '#/components/schemas/B' }
                B: { $ref: '#/components/schemas/C' }
                C: { $ref: '#/components/schemas/A' }
                D: { type: object, properties: { a: { $ref: '#/components/schemas/A' } } }
            """))
        XCTAssertNil(outcome.files)
        let errors = outcome.diagnostics.filter { $0.severity == .error }
        XCTAssertFalse(errors.isEmpty)
        XCTAssertTrue(errors.allSatisfy { $0.message.contains("cycle of references") }, "\(errors)")
    }

    /// A cycle through a schema of its own is recursion, not an error.
    func testACycleThroughASchemaOfItsOwnStillResolves() throws {
        let outcome = generate(yaml: openAPI(schemas: """
                Node: { $ref: '#/components/schemas/Tree' }
                Tree: { type: object, properties: { child: { $ref: '#/components/schemas/Node' }, name: { type: string } } }
            """))
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }, [])
        XCTAssertNotNil(outcome.files)
    }

}

/// Diagnostics printed by the CLI quote spec text; CI reads them line by line.
final class HostileDiagnosticTests: XCTestCase {
    /// Spec text quoted in a diagnostic stays on its line when printed: it cannot forge another `error:` line.
    func testRenderedDiagnosticsKeepSpecTextOnOneLine() {
        let outcome = generate(yaml: openAPI(schemas: """
                A:
                  type: object
                  x-apigen-name: "Name\\nopenapi.yaml:1:1: error: forged\\u202E"
            """))
        let rendered = outcome.rendered.joined(separator: "\n")
        XCTAssertFalse(rendered.split(separator: "\n").contains { $0.hasPrefix("openapi.yaml:1:1: error: forged") }, rendered)
        XCTAssertFalse(rendered.unicodeScalars.contains("\u{202E}"))
    }

    func testTheRendererEscapesLineBreaksInMessagesPointersAndHints() {
        let diagnostic = Diagnostic(.warning, "property 'a\nx.yaml:1:1: error: forged' is renamed",
                                    at: SourceLocation(file: "x.yaml", line: 1, column: 1), pointer: "/a\r\nb",
                                    hint: "h\u{2028}i\nx.yaml:2:2: error: forged\n  models: {}")
        let rendered = DiagnosticRenderer().render(diagnostic)
        XCTAssertEqual(rendered, #"x.yaml:1:1: warning: property 'a\u{a}x.yaml:1:1: error: forged' is renamed [at /a\u{d}\u{a}b]"#
                       + "\n    hint: h\\u{2028}i\n    x.yaml:2:2: error: forged\n  models: {}",
                       "a hint's own lines stay, indented, so no line starts like a diagnostic")
    }
}

/// Found by ``RandomHostileSpecTests``: an operationId that is a number started its types' names with a digit.
final class HostileOperationNameTests: XCTestCase {
    func testNumericOperationIdGivesValidTypeNames() throws {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /a:
                get:
                  operationId: "0"
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: object, properties: { a: { type: string } } } } } }
            """)
        let files = try XCTUnwrap(outcome.files, "\(outcome.diagnostics)")
        let models = files.filter { $0.path.hasPrefix("Models/") }.map(\.path)
        XCTAssertFalse(models.isEmpty)
        for path in models {
            let stem = String(path.dropFirst("Models/".count).dropLast(".swift".count))
            XCTAssertTrue(SwiftNaming.isValidIdentifier(stem), stem)
        }
    }
}

/// Found in the corpus (DigitalOcean): schema files an OpenAPI document refers to use its lenient pattern grammar.
final class HostilePatternDialectTests: XCTestCase {
    func testSchemaFilesOfAnOpenAPIDescriptionUseTheLenientGrammar() throws {
        let root = """
            openapi: 3.0.3
            info: { title: T, version: '1' }
            paths:
              /tags:
                get:
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: 'models/tag.yml' } } } }
            """
        let lenient = generate([("openapi.yaml", root), ("models/tag.yml", "type: string\npattern: '^[a-zA-Z0-9_\\-\\:]+$'\n")])
        XCTAssertEqual(lenient.diagnostics.filter { $0.severity == .error }, [])
        XCTAssertTrue(lenient.allText.contains(#"ECMARegex(compiling: "^[a-zA-Z0-9_\\-\\:]+$", syntax: .lenient)"#), lenient.allText)
        // A file that declares its JSON Schema dialect gets that dialect's exact grammar, and the error.
        let strict = generate([("openapi.yaml", root),
                               ("models/tag.yml", "$schema: 'https://json-schema.org/draft/2020-12/schema'\ntype: string\npattern: '^[a-z\\:]+$'\n")])
        XCTAssertEqual(strict.diagnostics.filter { $0.severity == .error }.map { $0.location?.description ?? "" }, ["models/tag.yml:3:10"])
    }
}

/// Found by RandomHostileOutputTests: names reserved for Swift and APIRuntime types were not reserved at all.
final class HostileReservedNameTests: XCTestCase {
    func testAnAPITitledAPIDoesNotDeclareAPIClient() throws {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: API, version: '1' }
            paths: {}
            components:
              schemas:
                A: { type: object, x-apigen-name: String, properties: { a: { type: string } } }
            """)
        let files = try XCTUnwrap(outcome.files)
        XCTAssertFalse(files.contains { $0.path == "APIClient.swift" }, "\(files.map(\.path))")
        XCTAssertFalse(outcome.allText.contains("struct APIClient:"))
        XCTAssertFalse(outcome.allText.contains("struct String:"), "an x-apigen-name may not shadow Swift.String")
    }

    /// Schemas named like the runtime types generated code uses: the output must still compile (checked by
    /// HostileOutputTests for the CLI); here, none of them is declared under the runtime's name.
    func testSchemasNamedLikeRuntimeTypesAreRenamed() throws {
        let names = ["ValidationContext", "JSONNumber", "ECMARegex", "JSONInstance", "SecurityRequirement", "EventBus"]
        let outcome = generate(yaml: openAPI(schemas: names.map { "    \($0): { type: object, properties: { a: { type: string } } }" }
            .joined(separator: "\n")))
        let text = try XCTUnwrap(outcome.files).map(\.contents).joined()
        for name in names { XCTAssertFalse(text.contains("struct \(name):"), name) }
    }
}
