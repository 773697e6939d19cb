import APIGenCore
import XCTest

/// `models:` and `x-apigen-model`: one canonical type for several wire shapes.
final class CanonicalModelSnippetTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: { title: Club, version: '1' }
        paths:
          /me:
            get:
              operationId: getMe
              responses: { '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Profile' } } } } }
          /friends:
            post:
              operationId: addFriend
              requestBody: { required: true, content: { application/json: { schema: { $ref: 'friend.json' } } } }
              responses: { '204': { description: ok } }
        components:
          schemas:
            Profile:
              type: object
              required: [id, username]
              properties:
                id: { type: integer, format: int64 }
                username: { type: string }
                self: { type: string }
        """
    private let friend = """
        {"type": "object", "required": ["ident", "user_name"],
         "properties": {"ident": {"type": "string"}, "user_name": {"type": "string"}, "is_online": {"type": "boolean"}}}
        """

    private func config() -> GeneratorConfig {
        var config = GeneratorConfig()
        config.models = [ModelMapping(name: "Member", from: ["#/components/schemas/Profile", "friend.json"],
                                      fields: [FieldMapping(canonical: "id", wireNames: ["id", "ident"]),
                                               FieldMapping(canonical: "username", wireNames: ["username", "user_name"])])]
        return config
    }

    func testOneModelWithFlexibleIdentifierAndPerShapeEncoding() {
        let outcome = generate([("api/openapi.yaml", spec), ("api/friend.json", friend)], config: config())
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let member = outcome.file("Models/Member.swift") ?? ""
        assertContains(member,
            "public struct Member: Codable, Hashable, Sendable {",
            "public let id: FlexibleIdentifier\n",
            "public let username: String\n",
            "public let self_: String?",
            "public let isOnline: Bool?",
            "self.id = try container.decodeFirstIdentifier(forKeys: [\"id\", \"ident\"], textKeys: [\"ident\"])",
            "case .profile:\n            try container.encodeIdentifier(self.id, asInteger: true, forKey: \"id\")",
            "case .friend:\n            try container.encodeIdentifier(self.id, asInteger: false, forKey: \"ident\")")
        XCTAssertNil(outcome.file("Models/Profile.swift"), "the shapes are not generated separately")
        assertContains(outcome.allText,
            "public func getMe() async throws -> Member {",
            "try __request.jsonBody(body.encoded(as: .friend), encoder: client.encoder)")
    }

    func testAnArrayOfOneShapeIsWrittenBackWithThatShapesFieldNames() {
        // A list of friends sends each element as `friend.json` spells it (`ident`, `user_name`), not as `Profile`.
        let withList = spec.replacingOccurrences(of: "components:\n  schemas:\n", with: """
            components:
              schemas:
                Club:
                  type: object
                  properties:
                    members: { type: array, items: { $ref: 'friend.json' } }
                    tags: { type: array, items: { type: string } }
                    founder: { $ref: 'friend.json' }

            """).replacingOccurrences(of: "paths:\n", with: """
            paths:
              /club:
                put:
                  operationId: putClub
                  requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Club' } } } }
                  responses: { '204': { description: ok } }

            """)
        XCTAssertNotEqual(withList, spec)
        let outcome = generate([("api/openapi.yaml", withList), ("api/friend.json", friend)], config: config())
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let club = outcome.file("Models/Club.swift") ?? ""
        assertContains(club,
            "public let members: [Member]?",
            "self.members?.map { $0.encoded(as: .friend) }",
            "self.founder?.encoded(as: .friend)")
        XCTAssertFalse(club.contains("self.tags?.map"), club)
    }

    func testInSpecExtensionsDeclareTheSameThing() {
        let annotated = spec.replacingOccurrences(of: "    Profile:\n      type: object",
                                                  with: "    Profile:\n      x-apigen-model: Member\n      type: object")
        XCTAssertNotEqual(annotated, spec)
        let friendAnnotated = """
            {"x-apigen-model": "Member", "type": "object",
             "properties": {"ident": {"type": "string", "x-apigen-field": "id"}, "user_name": {"type": "string", "x-apigen-field": "username"}}}
            """
        let outcome = generate([("api/openapi.yaml", annotated), ("api/friend.json", friendAnnotated),
                                ("api/index.yaml", "")], config: GeneratorConfig())
        // friend.json is only reached through the request body; it still joins the model.
        assertContains(outcome.file("Models/Member.swift") ?? "", "decodeFirstIdentifierIfPresent(forKeys: [\"ident\", \"id\"], textKeys: [\"ident\"])",
                       "decodeFirstIfPresent(String.self, forKeys: [\"user_name\", \"username\"])")
        XCTAssertNil(outcome.file("Models/Profile.swift"))
    }

    func testUnknownReferenceInModelsIsAnError() {
        var config = config()
        config.models[0].from.append("#/components/schemas/Nope")
        let outcome = generate([("api/openapi.yaml", spec), ("api/friend.json", friend)], config: config)
        XCTAssertNil(outcome.files)
        XCTAssertTrue(outcome.diagnostics.contains { $0.message.contains("models.Member: '#/components/schemas/Nope' names no schema") })
    }

    func testConflictingTypesAreReportedNotGuessed() {
        let friendWithBooleanName = friend.replacingOccurrences(of: #""user_name": {"type": "string"}"#, with: #""user_name": {"type": "boolean"}"#)
        let outcome = generate([("api/openapi.yaml", spec), ("api/friend.json", friendWithBooleanName)], config: config())
        assertContains(outcome.file("Models/Member.swift") ?? "", "public let username: JSONValue")
        XCTAssertTrue(outcome.diagnostics.contains { $0.message.contains("field 'username' of Member has different types") })
    }

    func testDuplicateEntityWarningWithSnippet() {
        let outcome = generate([("api/openapi.yaml", spec + """

                    Card:
                      type: object
                      properties: { ident: { type: string }, user_name: { type: string }, self: { type: string } }
                """), ("api/friend.json", friend)])
        let warning = outcome.diagnostics.first { $0.message.contains("look like one entity") }
        XCTAssertEqual(warning?.message, "schemas Profile, Card look like one entity with differently spelled fields; they are generated as unrelated types")
        XCTAssertTrue(warning?.hint?.contains("- \"#/components/schemas/Card\"") ?? false, warning?.hint ?? "")
        XCTAssertTrue(warning?.hint?.contains("id: [id, ident]") ?? false, warning?.hint ?? "")
    }

    func testMerelySimilarShapesAreNotReported() {
        let outcome = generate([("api/openapi.yaml", spec + """

                    Team:
                      type: object
                      properties: { ident: { type: string }, name: { type: string }, self: { type: string } }
                """), ("api/friend.json", friend)])
        XCTAssertFalse(outcome.diagnostics.contains { $0.message.contains("look like one entity") })
    }

    /// Canonical models and inheritance do not combine (a canonical model is one struct for several shapes, not a
    /// union of kinds): a parent or a kind that is a canonical model's shape says so instead of silently losing the
    /// kinds' members.
    func testInheritanceInsideACanonicalModelIsReported() {
        let schemas = """
                Pet: { type: object, required: [petType], properties: { petType: { type: string } }, discriminator: { propertyName: petType } }
                Cat: { allOf: [ { $ref: '#/components/schemas/Pet' }, { properties: { huntingSkill: { type: string } } } ] }
                Dog: { allOf: [ { $ref: '#/components/schemas/Pet' }, { properties: { barks: { type: boolean } } } ] }
                Owner: { type: object, properties: { pet: { $ref: '#/components/schemas/Pet' } } }
            """
        let plain = generate(yaml: openAPI(schemas: schemas))
        XCTAssertFalse(plain.diagnostics.contains { $0.message.contains("canonical model") }, plain.rendered.joined(separator: "\n"))
        assertContains(plain.file("Models/Owner.swift") ?? "", "public let pet: AnyPet?")

        var parentConfig = GeneratorConfig()
        parentConfig.models = [ModelMapping(name: "Animal", from: ["#/components/schemas/Pet"], fields: [])]
        let parent = generate(yaml: openAPI(schemas: schemas), config: parentConfig)
        XCTAssertTrue(parent.diagnostics.contains {
            $0.message.contains("shape of the canonical model Animal: references to it are Animal")
        }, parent.rendered.joined(separator: "\n"))
        assertContains(parent.file("Models/Owner.swift") ?? "", "public var pet: Animal? { self._pet.value }")

        var kindConfig = GeneratorConfig()
        kindConfig.models = [ModelMapping(name: "Feline", from: ["#/components/schemas/Cat"], fields: [])]
        let kind = generate(yaml: openAPI(schemas: schemas), config: kindConfig)
        let warnings = kind.diagnostics.filter { $0.message.contains("canonical model Feline") }
        XCTAssertEqual(warnings.map(\.message), ["this schema extends Pet, which has a discriminator, but it is a shape of the canonical model "
                                                 + "Feline: it is not one of Pet's kinds, and where Pet is expected it decodes as Pet"])
        let union = kind.file("Models/AnyPet.swift") ?? ""
        assertContains(union, "case dog(Dog)")
        XCTAssertFalse(union.contains("Feline"), union)
    }
}
