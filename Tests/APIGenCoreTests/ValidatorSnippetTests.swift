import APIGenCore
import XCTest

/// Compiled validators: straight-line checks per schema, wired into the generated methods.
final class ValidatorSnippetTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: { title: Shop, version: '1' }
        paths:
          /items:
            get:
              operationId: listItems
              responses:
                '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        components:
          schemas:
            Item:
              type: object
              required: [id]
              additionalProperties: false
              properties:
                id: { type: integer, minimum: 1 }
                name: { type: string, pattern: '^[a-z]+$', maxLength: 10, not: { const: admin } }
                tags: { type: array, items: { type: string }, uniqueItems: true }
                price: { type: number, multipleOf: 0.01 }
                kind: { enum: [a, b] }
        """

    /// Found by the hostile description of HostileOutputTests: a schema named `2fa` got `2faProperties`.
    func testConstantsOfASchemaNamedWithADigitFirstAreIdentifiers() {
        let outcome = generate(yaml: spec.replacingOccurrences(of: "Item", with: "2fa"))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.allText, "public func validate2fa(", "let _2faProperties: JSONPropertyTable",
                       "___2faConstants._2faProperties.index(of: member)")
        XCTAssertFalse(outcome.allText.contains(" 2fa"), outcome.allText)
    }

    func testValidatorsAreEmittedAndCalled() {
        let outcome = generate(yaml: spec)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let validators = outcome.allText
        // A component's validators are in its model file, after the model.
        assertContains(outcome.file("Models/Item.swift") ?? "", "public struct Item", "public func validateItem(")
        assertContains(validators,
            "public func validateItem(_ instance: JSONInstance, _ context: ValidationContext) -> Bool {",
            "if !context.checkType(instance, JSONTypeSet.object, keywordLocation: \"/components/schemas/Item/type\", schemaLocation: \"openapi.yaml#/components/schemas/Item\") { if context.shouldStop { return false }; valid = false }",
            "if !context.checkRequired(object, __itemConstants.itemProperties, __itemConstants.itemRequired,", "keywordLocation: \"/components/schemas/Item/required\", schemaLocation: \"openapi.yaml#/components/schemas/Item\")",
            "JSONPropertyTable(lines: \"\"\"\n            id\n            name\n            tags\n            price\n            kind\n            \"\"\")",
            // Members with keywords a rule cannot hold keep a function, called directly by position.
            "if let __index {", "switch __index {",
            "case 0:", "if !context.validate(member.value, at: \"id\", validateItemID)",
            // `items: {type: string}` is a rule: no function of its own.
            "let itemTagsItemsRule: SchemaRule = SchemaRule(types: .string, in: \"openapi.yaml\", at: \"/components/schemas/Item/properties/tags/items\")",
            "if !context.validate(array[index], at: index, __itemConstants.itemTagsItemsRule)",
            "let itemNamePattern: ECMARegex",
            "ECMARegex(compiling: \"^[a-z]+$\", syntax: .lenient)",
            "SchemaCheck.hasLength(string, atMost: 10)",
            "SchemaCheck.firstDuplicate(in: array)",
            "number.isMultiple(of: __itemConstants.",
            "JSONNumber(literal: \"0.01\")",
            "ValidationMessage.additionalProperty(member.key)")
        XCTAssertFalse(validators.contains("validateItemTagsItem("), validators)
        assertContains(outcome.file("APIs/DefaultAPI.swift") ?? "",
                       "try client.validateResponse(__response, operation: __operation, mode: .reject, request: __request, calledAt: __calledAt, validator: validateItem)")
    }

    /// Leaves (`type`, `format`, `minLength`, `maxLength`, annotations) are rows of a table, not functions.
    func testLeafMembersAreRulesInAPropertyTable() {
        let outcome = generate(yaml: """
            openapi: 3.0.3
            info: { title: Shop, version: '1' }
            paths:
              /users/{id}:
                get:
                  operationId: getUser
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/User' } } } }
            components:
              schemas:
                User:
                  type: object
                  required: [login]
                  properties:
                    login: { type: string, minLength: 1, maxLength: 39, description: the handle }
                    avatar_url: { type: string, format: uri, nullable: true, example: 'https://a.example/u.png' }
                    site_admin: { type: boolean }
                    plan: { type: string, enum: [free, pro] }
                    address: { $ref: '#/components/schemas/Address' }
                    nick_name: { type: string, pattern: '^[a-z]+$' }
                Address:
                  type: object
                  properties:
                    city: { type: string }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let file = outcome.file("Models/User.swift") ?? ""
        // The table is one literal, a row per line (the enum needs a function: its row is `-`, the switch calls the
        // function); its names are a literal too.
        assertContains(file,
            """
                    let userProperties: JSONPropertyTable = JSONPropertyTable(lines: \"\"\"
                        login
                        avatar_url
                        site_admin
                        plan
                        address
                        nick_name
                        \"\"\")
            """,
            """
                    let userPropertyRules: [SchemaRule] = SchemaRule.table(\"\"\"
                        in openapi.yaml
                        type=string minLength=1 maxLength=39 @/components/schemas/User/properties/login
                        type=string|null format=uri @/components/schemas/User/properties/avatar_url
                        type=boolean @/components/schemas/User/properties/site_admin
                        -
                        -
                        type=string pattern=0 @/components/schemas/User/properties/nick_name
                        \"\"\", patterns: [userNickNamePattern])
            """,
            "case 3:", "if !context.validate(member.value, at: \"plan\", validateUserPlan)",
            "default:", "if !context.validate(member.value, at: member.key, __userConstants.userPropertyRules[__index])",
            // A pattern is data too; its regex constant is named after the member, not numbered.
            "let userNickNamePattern: ECMARegex = ECMARegex(compiling: \"^[a-z]+$\", syntax: .lenient)")
        for leaf in ["func validateUserLogin(", "func validateUserAvatarURL(", "func validateUserSiteAdmin(", "func validateUserNickName("] {
            XCTAssertFalse(file.contains(leaf), leaf)
        }
        XCTAssertTrue(file.contains("func validateUserPlan("), file)
        // Every member a rule: one call checks them all.
        assertContains(outcome.file("Models/Address.swift") ?? "",
                       "if !context.validateProperties(object, __addressConstants.addressProperties, __addressConstants.addressPropertyRules) { if context.shouldStop { return false }; valid = false }")
    }

    /// A table literal holds one row or name per line: a name with a line break keeps the array literal, and a trailing
    /// space or a quote is escaped so that no editor or `\"\"\"` changes it.
    func testTableLiteralsEscapeWhatALineCannotHold() {
        let outcome = generate(yaml: #"""
            openapi: 3.0.3
            info: { title: Shop, version: '1' }
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Broken' } } } }
              /b:
                get:
                  operationId: getB
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Spaced' } } } }
            components:
              schemas:
                Broken:
                  type: object
                  properties:
                    "line\nbreak": { type: string }
                    plain: { type: integer }
                Spaced:
                  type: object
                  properties:
                    "trailing ": { type: string }
                    'say """hi"""': { type: boolean }
            """#)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("Models/Broken.swift") ?? "",
            #"JSONPropertyTable(["line\nbreak", "plain"])"#,
            #"[SchemaRule(types: .string, in: "openapi.yaml", at: "/components/schemas/Broken/properties/line\nbreak"), SchemaRule(types: .integer, in: "openapi.yaml", at: "/components/schemas/Broken/properties/plain")]"#)
        assertContains(outcome.file("Models/Spaced.swift") ?? "",
            "JSONPropertyTable(lines: \"\"\"\n            trailing\\u{20}\n            say \\\"\\\"\\\"hi\\\"\\\"\\\"\n            \"\"\")",
            "type=string @/components/schemas/Spaced/properties/trailing\\u{20}\n")
    }

    /// A file's constants are the properties of one private struct held by one file-private global, built as
    /// locals in dependency order: each static stored property cost every incremental rebuild's `-emit-module` job.
    func testAFilesConstantsAreOneGroup() {
        let outcome = generate(yaml: """
            openapi: 3.0.3
            info: { title: Shop, version: '1' }
            paths:
              /users:
                get:
                  operationId: getUser
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/User' } } } }
            components:
              schemas:
                User:
                  type: object
                  required: [login]
                  properties:
                    login: { type: string, minLength: 1 }
                    nick_name: { type: string, pattern: '^[a-z]+$' }
                    tags: { type: array, items: { type: string } }
                    score: { type: number, multipleOf: 0.5 }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let file = outcome.file("Models/User.swift") ?? ""
        XCTAssertEqual(file.components(separatedBy: "private let ").count - 1, 1, file)
        XCTAssertFalse(file.contains("static let"), file)
        assertContains(file,
            "private let __userConstants = __UserValidatorConstants.make()",
            "private struct __UserValidatorConstants {",
            "let userNickNamePattern: ECMARegex\n",
            "static func make() -> __UserValidatorConstants {")
        // Constants that name others (rules, tables) are built after them.
        let make = file.components(separatedBy: "static func make()").last ?? ""
        let pattern = make.range(of: "let userNickNamePattern: ECMARegex = ")
        let rules = make.range(of: "let userPropertyRules: [SchemaRule] = SchemaRule.table(")
        let types = make.range(of: "let userNumber0_5: JSONNumber = ")
        XCTAssertNotNil(pattern, make)
        XCTAssertNotNil(rules, make)
        XCTAssertNotNil(types, make)
        if let pattern, let rules, let types {
            XCTAssertLessThan(pattern.lowerBound, rules.lowerBound)
            XCTAssertLessThan(types.lowerBound, rules.lowerBound)
        }
        XCTAssertTrue(make.contains("return __UserValidatorConstants(") && make.contains("userPropertyRules: userPropertyRules"), make)
    }

    /// One type, or one type and null, is a set the runtime names (`JSONTypeSet.stringOrNull`): 43% of the GitHub
    /// output's constants were such sets, declared again in every file. Other sets stay constants named by content.
    func testTypeSetsOfOneTypeAreTheRuntimesAndOthersAreConstants() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /u:
                get:
                  operationId: getU
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/U' } } } }
            components:
              schemas:
                U:
                  type: object
                  properties:
                    a: { type: [string, "null"], maxLength: 3 }
                    b: { type: [string, integer], maxLength: 3 }
                    c: { type: ["null"] }
                    d: { type: array, items: { type: [string, integer] } }
                    e: { type: array, items: { type: [string, "null"] } }
            """)
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let file = outcome.file("Models/U.swift") ?? ""
        assertContains(file, "context.checkType(instance, JSONTypeSet.object, ", "type=string|null maxLength=3 @/components/schemas/U/properties/a",
                       "type=string|integer maxLength=3 @/components/schemas/U/properties/b", "type=null @/components/schemas/U/properties/c")
        // A table row names its types itself; a rule of its own (an array's items) names the runtime's set or a
        // constant named by its members.
        assertContains(file, "let uTypesStringInteger: JSONTypeSet = [.string, .integer]", "SchemaRule(types: uTypesStringInteger, in:",
                       "SchemaRule(types: .stringOrNull, in:")
        XCTAssertEqual(file.components(separatedBy: ": JSONTypeSet = ").count - 1, 1, file)
    }

    func testValidationModes() {
        var config = GeneratorConfig()
        config.validation = .reportOnly
        assertContains(generate(yaml: spec, config: config).file("APIs/DefaultAPI.swift") ?? "", "mode: .reportOnly")
        config.validationOverrides = ["listItems": .off]
        let off = generate(yaml: spec, config: config)
        XCTAssertFalse((off.file("APIs/DefaultAPI.swift") ?? "").contains("validateResponse"))
        XCTAssertFalse((off.files ?? []).contains { $0.path.hasPrefix("Checks/") })
        XCTAssertFalse(off.allText.contains("func validate"), off.allText)
    }

    /// `A: anyOf [B, integer]` with `B: allOf [A]`: the validators called each other on the same value until the stack
    /// overflowed. The call that closes the loop is a failed check, and the loop is reported with its way round.
    func testACallThatWouldComeBackToItsCallerOnTheSameValueFailsInstead() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /a: { get: { operationId: getA, responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/A' } } } } } } }
            components:
              schemas:
                A: { anyOf: [ { $ref: '#/components/schemas/B' }, { type: integer } ] }
                B: { allOf: [ { $ref: '#/components/schemas/A' } ] }
                Tree: { type: object, properties: { children: { type: array, items: { $ref: '#/components/schemas/Tree' } } } }
            """)
        let text = outcome.allText
        assertContains(text, #"if context.probe({ $0.failEndlessLoop(keyword: "anyOf", keywordLocation: "/components/schemas/A/anyOf/0", schemaLocation: "openapi.yaml#/components/schemas/A") }) { __any = true }"#)
        XCTAssertFalse(text.contains("validateB(instance"), text)
        XCTAssertTrue(outcome.rendered.contains {
            $0.contains("warning: validating this schema would never end: it applies '/components/schemas/A' -> '/components/schemas/B' -> '/components/schemas/A' to the same value")
        }, outcome.rendered.joined(separator: "\n"))
        XCTAssertFalse(outcome.rendered.contains { $0.contains("Tree") && $0.contains("never end") },
                       "recursion through items descends into the value: no loop")
    }

}
