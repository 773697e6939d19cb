import Foundation
import APIGenCore
import XCTest

/// Schema -> Swift model snippets, one feature per test.
final class ModelSnippetTests: XCTestCase {
    func testObjectWithRequiredOptionalNullableAndDefaults() {
        let outcome = generate(yaml: openAPI(schemas: """
                Member:
                  type: object
                  required: [id, name, nick]
                  properties:
                    id: { type: integer, format: int64 }
                    name: { type: string }
                    nick: { type: [string, 'null'] }
                    bio: { type: [string, 'null'] }
                    locale: { type: string, default: en }
                    score: { type: number, format: float }
                    seen: { type: string, format: date-time }
                    born: { type: string, format: date }
                    uid: { type: string, format: uuid }
                    avatar: { type: string, format: byte }
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        assertContains(outcome.file("Models/Member.swift") ?? "",
            "public let id: Int64",
            "public let name: String",
            "public let nick: String?",
            "public let bio: Nullable<String>?",
            "public let locale: String",
            "public let score: Float?",
            "public let seen: Date?",
            "public let born: CalendarDate?",
            "public let uid: UUID?",
            "public let avatar: Data?",
            "self.bio = try container.decodeNullable(String.self, forKey: \"bio\")",
            "self.locale = try container.decodeIfPresent(String.self, forKey: \"locale\") ?? \"en\"",
            "self.seen = try container.decodeDateTimeIfPresent(forKey: \"seen\")",
            "locale: String = \"en\"")
    }

    /// Found by the wire judge on DigitalOcean (seed 4): `connection: {allOf: [{$ref: ...}, {readOnly: true}]}`, the
    /// way 3.0 descriptions annotate a reference, was sent back in requests, which openapi-core refuses. An `allOf`
    /// member's readOnly/writeOnly counts like the schema's own: not required, left out of request bodies, and a
    /// write-only member's name is a secret of reports.
    func testReadOnlyAndWriteOnlyThroughAnAllOfMemberCountLikeTheirOwn() {
        let outcome = generate(yaml: openAPI(schemas: """
                Connection: { type: object, properties: { host: { type: string } } }
                Pool:
                  type: object
                  required: [name, connection, secret]
                  properties:
                    name: { type: string }
                    connection:
                      allOf:
                        - $ref: '#/components/schemas/Connection'
                        - readOnly: true
                    secret:
                      allOf:
                        - { type: string }
                        - writeOnly: true
            """))
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let pool = outcome.file("Models/Pool.swift") ?? ""
        assertContains(pool,
            "/// Read-only: sent by the server, never sent back (left out of request bodies).",
            "public var connection: Connection? {",
            "public let secret: String?",
            "if !RequestBodyEncoding.isActive { try container.encodeIfPresent(self.connection, forKey: \"connection\") }")
        // A member that only annotates a reference makes no type of its own: `connection` is a `Connection`.
        XCTAssertNil(outcome.file("Models/PoolConnection.swift"))
        XCTAssertFalse(outcome.allText.contains("struct PoolConnection"), "an annotation-only allOf member made a copy of the model")
        XCTAssertTrue(outcome.allText.contains("static let secretFields: Set<String> = [\n        \"secret\","), "a write-only member is a secret field")
    }

    func testTolerantStringAndIntegerEnumsWithCollidingCases() {
        let outcome = generate(yaml: openAPI(schemas: """
                Sort: { type: string, enum: [ASC, asc, default, self, ''] }
                Priority: { type: integer, enum: [1, 2, -3] }
            """))
        let sort = outcome.file("Models/Sort.swift") ?? ""
        assertContains(sort,
            "public enum Sort: RawRepresentable, Codable, Hashable, Sendable, ParameterEncodable {",
            "case asc\n", "case asc2\n", "case `default`\n", "case self_\n", "case empty\n",
            "case undocumented(String)",
            "case \"asc\": self = .asc2",
            "default: self = .undocumented(rawValue)")
        assertContains(outcome.file("Models/Priority.swift") ?? "", "case value1", "case valueMinus3", "case -3: self = .valueMinus3",
                       "case undocumented(Int)")
        XCTAssertTrue(outcome.diagnostics.contains { $0.message.contains("'asc2'") }, "collisions are reported")
        XCTAssertFalse(sort.contains("init(from decoder"), "Codable comes from the standard library's RawRepresentable defaults")
        XCTAssertFalse(sort.contains("func encode(to encoder"))
    }

    func testKeysAreWireNamesAsStringLiteralsOfTheSharedWireKey() {
        let outcome = generate(yaml: openAPI(schemas: #"""
                WireKey:
                  type: object
                  required: ['we"ird\key']
                  properties:
                    'we"ird\key': { type: string }
                    user_name: { type: string }
                    'é-ü': { type: integer }
            """#))
        let files = outcome.files ?? []
        let model = try? XCTUnwrap(files.first { $0.path.hasPrefix("Models/WireKey") && $0.path != "Models/WireKey.swift" })
        let text = model?.contents ?? ""
        XCTAssertFalse(text.isEmpty, "a schema called WireKey is renamed, not shadowing APIRuntime's key type: \(files.map(\.path))")
        assertContains(text,
            "let container = try decoder.container(keyedBy: WireKey.self)",
            #"self.weIrdKey = try container.decode(String.self, forKey: "we\"ird\\key")"#,
            #"self.userName = try container.decodeIfPresent(String.self, forKey: "user_name")"#,
            #"try container.encodeIfPresent(self.éÜ, forKey: "é-ü")"#)
        XCTAssertFalse(text.contains("CodingKeys"), "no CodingKeys enum per model")
    }

    func testModelEqualityChoosesWhatStructsAndUnionsConformTo() {
        let schemas = """
                Pet: { type: object, required: [name], properties: { name: { type: string }, kind: { $ref: '#/components/schemas/Kind' } } }
                Kind: { type: string, enum: [cat, dog] }
                Either: { oneOf: [ { type: string }, { type: integer } ] }
            """
        let expected: [(GeneratorConfig.ModelEquality, String)] = [(.equatable, ", Equatable"), (.hashable, ", Hashable"), (.none, "")]
        for (equality, conformance) in expected {
            var config = GeneratorConfig()
            config.modelEquality = equality
            let outcome = generate(yaml: openAPI(schemas: schemas), config: config)
            XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }, [])
            XCTAssertTrue((outcome.file("Models/Pet.swift") ?? "").contains("public struct Pet: Codable\(conformance), Sendable {"), "\(equality)")
            XCTAssertTrue((outcome.file("Models/Either.swift") ?? "").contains("public indirect enum Either: Codable\(conformance), Sendable {"),
                          "\(equality)")
            XCTAssertTrue((outcome.file("Models/Kind.swift") ?? "").contains("public enum Kind: RawRepresentable, Codable, Hashable, Sendable,"),
                          "tolerant enums stay Hashable (\(equality))")
        }
    }

    func testModelsAreImmutableWithNestedStructsBoxedUnlessMutableModels() {
        let schemas = """
                Owner: { type: object, required: [login], properties: { login: { type: string } } }
                Pet:
                  type: object
                  required: [name, owner]
                  properties:
                    name: { type: string }
                    owner: { $ref: '#/components/schemas/Owner' }
                    previous: { $ref: '#/components/schemas/Owner' }
                    tags: { type: array, items: { $ref: '#/components/schemas/Owner' } }
            """
        let immutable = generate(yaml: openAPI(schemas: schemas))
        XCTAssertFalse(immutable.hasErrors, immutable.rendered.joined(separator: "\n"))
        let pet = immutable.file("Models/Pet.swift") ?? ""
        assertContains(pet,
            "public let name: String",
            "public var owner: Owner { self._owner.value }",
            "private let _owner: Indirect<Owner>",
            "public var previous: Owner? { self._previous.value }",
            "private let _previous: Indirect<Owner?>",
            "public let tags: [Owner]?",
            "self._owner = Indirect(owner)",
            "self._owner = try Indirect(container.decode(Owner.self, forKey: \"owner\"))",
            "self._previous = try Indirect(container.decodeIfPresent(Owner.self, forKey: \"previous\"))",
            "try container.encode(self.owner, forKey: \"owner\")")
        XCTAssertFalse(pet.contains("public var name"), "plain properties are let")
        let petPlan = immutable.plan?.modelFiles.flatMap(\.models).first { $0.name == "Pet" }
        XCTAssertEqual(petPlan?.properties.map(\.isBoxed), [false, true, true, false], "templates test isBoxed")
        XCTAssertEqual(petPlan?.properties.map { $0.storageName != nil }, [false, true, true, false])

        var config = GeneratorConfig()
        config.mutableModels = true
        let mutable = generate(yaml: openAPI(schemas: schemas), config: config)
        let mutablePet = mutable.file("Models/Pet.swift") ?? ""
        assertContains(mutablePet, "public var name: String", "public var owner: Owner\n", "public var previous: Owner?\n",
                       "self.owner = owner", "self.owner = try container.decode(Owner.self, forKey: \"owner\")")
        XCTAssertFalse(mutablePet.contains("Indirect"), "mutable models store nested structs inline")
    }

    func testAllOfIsMerged() {
        let outcome = generate(yaml: openAPI(schemas: """
                Base: { type: object, required: [id], properties: { id: { type: string } } }
                Detailed:
                  allOf:
                    - $ref: '#/components/schemas/Base'
                    - type: object
                      required: [count]
                      properties: { count: { type: integer } }
            """))
        assertContains(outcome.file("Models/Detailed.swift") ?? "",
            "public struct Detailed: Codable, Hashable, Sendable {", "public let id: String", "public let count: Int")
    }

    /// openai's messages: a discriminator without `mapping` whose variants each allow one value of the property.
    /// OpenAPI's implicit value (the component name) could never validate against the variant; servers send the
    /// declared value, so that is what selects the variant. A variant that declares no single value keeps its name.
    func testDiscriminatorWithoutMappingUsesTheValueEachVariantDeclares() {
        let outcome = generate(yaml: openAPI(schemas: """
                AssistantMessage:
                  type: object
                  required: [role]
                  properties: { role: { type: string, enum: [assistant] }, content: { type: string } }
                ToolMessage:
                  allOf:
                    - type: object
                      properties: { role: { const: tool } }
                    - type: object
                      properties: { tool_call_id: { type: string } }
                Other: { type: object, properties: { role: { type: string } } }
                Message:
                  oneOf:
                    - { $ref: '#/components/schemas/AssistantMessage' }
                    - { $ref: '#/components/schemas/ToolMessage' }
                    - { $ref: '#/components/schemas/Other' }
                  discriminator: { propertyName: role }
            """))
        let model = outcome.file("Models/Message.swift") ?? ""
        assertContains(model,
            "case \"assistant\": self = .assistantMessage(try AssistantMessage(from: decoder))",
            "case \"tool\": self = .toolMessage(try ToolMessage(from: decoder))",
            "case \"Other\": self = .other(try Other(from: decoder))")
        XCTAssertFalse(model.contains("\"AssistantMessage\":"), model)
    }

    /// Swagger 2.0's inheritance: `discriminator` names the property, a subtype may name its value
    /// (`x-ms-discriminator-value`, Azure), and a subtype of a subtype is a kind too.
    func testSwaggerInheritanceMakesReferencesToTheParentAUnionOfItsKinds() {
        let outcome = generate(yaml: """
            swagger: '2.0'
            info: { title: Zoo, version: '1' }
            paths:
              /pets:
                get:
                  operationId: listPets
                  produces: [application/json]
                  responses:
                    '200': { description: ok, schema: { type: array, items: { $ref: '#/definitions/Pet' } } }
            definitions:
              Pet:
                type: object
                required: [petType]
                discriminator: petType
                properties: { petType: { type: string }, name: { type: string } }
              Cat:
                x-ms-discriminator-value: cat
                allOf: [ { $ref: '#/definitions/Pet' }, { properties: { huntingSkill: { type: string } } } ]
              Kitten:
                allOf: [ { $ref: '#/definitions/Cat' }, { properties: { ageInWeeks: { type: integer } } } ]
            """)
        assertContains(outcome.file("Models/AnyPet.swift") ?? "",
            "public indirect enum AnyPet: Codable, Hashable, Sendable {",
            "case pet(Pet)", "case cat(Cat)", "case kitten(Kitten)",
            "let key = DiscriminatorKey(stringValue: \"petType\")",
            "case \"Pet\": self = .pet(try Pet(from: decoder))",
            "case \"cat\": self = try (try? Cat(from: decoder)).map { .cat($0) } ?? .pet(try Pet(from: decoder))",
            "case \"Kitten\": self = try (try? Kitten(from: decoder)).map { .kitten($0) } ?? .pet(try Pet(from: decoder))")
        assertContains(outcome.allText, "func listPets() async throws -> [AnyPet]")
        assertContains(outcome.file("Models/Kitten.swift") ?? "", "public let huntingSkill: String?", "public let ageInWeeks: Int?")
        assertContains(outcome.file("Models/Pet.swift") ?? "", "public struct Pet: Codable")
    }

    func testNameOverridesRenameTheInheritanceUnion() {
        var config = GeneratorConfig()
        config.nameOverrides = ["AnyPet": "PetKind"]
        let outcome = generate(yaml: openAPI(schemas: """
                Pet: { type: object, properties: { petType: { type: string } }, discriminator: { propertyName: petType } }
                Cat: { allOf: [ { $ref: '#/components/schemas/Pet' }, { properties: { huntingSkill: { type: string } } } ] }
                Owner: { type: object, properties: { pets: { type: array, items: { $ref: '#/components/schemas/Pet' } } } }
            """), config: config)
        assertContains(outcome.file("Models/PetKind.swift") ?? "", "public indirect enum PetKind: Codable")
        assertContains(outcome.file("Models/Owner.swift") ?? "", "public let pets: [PetKind]?")
        XCTAssertFalse(outcome.rendered.contains { $0.contains("nameOverrides") }, outcome.rendered.joined(separator: "\n"))
    }

    /// A `mapping` lists the kinds: Azure's `DecryptRequest` reuses the parameters' members through `allOf` without
    /// being a kind of them. A parent nothing refers to gets no union.
    func testInheritanceWithAMappingTakesOnlyTheMappedSchemasAndNeedsAReference() {
        let schemas = """
                Parameters:
                  type: object
                  required: [algorithm]
                  properties: { algorithm: { type: string } }
                  discriminator: { propertyName: algorithm, mapping: { AEAD: '#/components/schemas/AEADParameters' } }
                AEADParameters:
                  allOf: [ { $ref: '#/components/schemas/Parameters' }, { properties: { iv: { type: string } } } ]
                DecryptRequest:
                  allOf: [ { properties: { ciphertext: { type: string } } }, { $ref: '#/components/schemas/Parameters' } ]
            """
        let unreferenced = generate(yaml: openAPI(schemas: schemas))
        XCTAssertNil(unreferenced.file("Models/AnyParameters.swift"))
        let referenced = generate(yaml: openAPI(schemas: schemas + """

                Job: { type: object, properties: { parameters: { $ref: '#/components/schemas/Parameters' } } }
            """))
        let union = referenced.file("Models/AnyParameters.swift") ?? ""
        assertContains(union, "case parameters(Parameters)", "case aeadParameters(AeadParameters)",
                       "case \"AEAD\": self = try (try? AeadParameters(from: decoder)).map { .aeadParameters($0) } ?? .parameters(try Parameters(from: decoder))")
        XCTAssertFalse(union.contains("DecryptRequest"), union)
        assertContains(referenced.file("Models/Job.swift") ?? "", "public let parameters: AnyParameters?")
        assertContains(referenced.file("Models/DecryptRequest.swift") ?? "", "public let ciphertext: String?", "public let algorithm: String")
    }

    /// The tags of a union decoded by shape: a member fixed to one string is a tag; members restricted to several
    /// strings are tags only where they tell variants apart (GitHub's `author_association`, the same eight values in
    /// two timeline events, is not: a value GitHub adds would set both aside for nothing).
    func testShapeTagsAreTheMembersThatTellVariantsApart() {
        let outcome = generate(yaml: openAPI(schemas: """
                Association: { type: string, enum: [OWNER, MEMBER, NONE] }
                Commented:
                  type: object
                  properties: { event: { const: commented }, association: { $ref: '#/components/schemas/Association' }, state: { type: string, enum: [open, closed] } }
                Reviewed:
                  type: object
                  properties: { association: { $ref: '#/components/schemas/Association' }, state: { type: string, enum: [approved, dismissed] } }
                Timeline:
                  oneOf: [ { $ref: '#/components/schemas/Commented' }, { $ref: '#/components/schemas/Reviewed' } ]
            """))
        assertContains(outcome.file("Models/Timeline.swift") ?? "",
            #".init(keys: ["event", "association", "state"], tags: ["event": ["commented"], "state": ["open", "closed"]])"#,
            #".init(keys: ["association", "state"], tags: ["state": ["approved", "dismissed"]])"#)
    }

    func testOneOfWithDiscriminatorMapping() {
        let outcome = generate(yaml: openAPI(schemas: """
                Cat: { type: object, properties: { kind: { type: string }, meows: { type: boolean } } }
                Dog: { type: object, properties: { kind: { type: string }, barks: { type: boolean } } }
                Pet:
                  oneOf: [ { $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' } ]
                  discriminator:
                    propertyName: kind
                    mapping: { cat: '#/components/schemas/Cat', hound: Dog }
            """))
        assertContains(outcome.file("Models/Pet.swift") ?? "",
            "public indirect enum Pet: Codable, Hashable, Sendable {",
            "case cat(Cat)", "case dog(Dog)",
            "let key = DiscriminatorKey(stringValue: \"kind\")",
            "case \"cat\": self = .cat(try Cat(from: decoder))",
            "case \"hound\": self = .dog(try Dog(from: decoder))")
    }

    func testAnyOfWithoutDiscriminatorTriesInOrder() {
        let outcome = generate(yaml: openAPI(schemas: """
                IDOrName: { anyOf: [ { type: integer }, { type: string } ] }
            """))
        assertContains(outcome.file("Models/IDOrName.swift") ?? "",
            "case int(Int)", "case string(String)", "if let value = try? Int(from: decoder) {")
    }

    /// A tuple whose positions differ was a `[JSONValue]`: nothing lost, nothing typed. Each position is a member now
    /// (its `title`, else its ordinal), optional past `minItems`, and what `items` allows after them is `rest`.
    func testATupleWithDifferingPositionsIsAStructCodedAsAnArray() {
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths: {}
            components:
              schemas:
                Placement:
                  type: array
                  prefixItems: [ { type: string, title: label }, { type: number }, { type: integer } ]
                  minItems: 2
                  items: { type: boolean }
                Pair:
                  type: array
                  prefixItems: [ { type: integer }, { $ref: '#/components/schemas/Placement' } ]
                  items: false
                Same: { type: array, prefixItems: [ { type: number }, { type: number } ] }
            """)
        let placement = outcome.file("Models/Placement.swift") ?? ""
        assertContains(placement, "public struct Placement: Codable, Hashable, Sendable {",
                       "public let label: String", "public let second: Double", "public let third: Int?",
                       "public let rest: [Bool]", "var container = try decoder.unkeyedContainer()",
                       "self.third = try container.isAtEnd ? nil : container.decode(Int.self)",
                       "guard let third = self.third else { return }")
        let pair = outcome.file("Models/Pair.swift") ?? ""
        assertContains(pair, "public let first: Int?", "private let _second: Indirect<Placement?>")
        XCTAssertFalse(pair.contains("rest"), pair)
        assertContains(outcome.file("Models/Same.swift") ?? "", "public typealias Same = [Double]")
    }

    /// Found by Scripts/hostile-specs.py (seed 564): a variant type named in lower case (`x-apigen-name`) or in a script
    /// without case gave a case of the same spelling, which shadowed the type in `try xclass(from: decoder)`.
    func testUnionCasesNeverShadowTheirVariantTypes() {
        let outcome = generate(yaml: openAPI(schemas: """
                Lower: { type: object, properties: { a: { type: string } }, x-apigen-name: xclass }
                Kanji: { type: object, properties: { b: { type: string } }, x-apigen-name: 日本 }
                Either: { oneOf: [ { $ref: '#/components/schemas/Lower' }, { $ref: '#/components/schemas/Kanji' }, { type: number } ] }
            """))
        let either = outcome.file("Models/Either.swift") ?? outcome.rendered.joined(separator: "\n")
        assertContains(either, "case xclassValue(xclass)", "case 日本Value(日本)", "case double(Double)",
                       ".init(keys: [\"a\"]) { .xclassValue(try xclass(from: $0)) }",
                       ".init(keys: [\"b\"]) { .日本Value(try 日本(from: $0)) }", ".init { .double(try Double(from: $0)) }")
        XCTAssertFalse(either.contains("case xclass("), either)
    }

    /// Found by Scripts/wire.py on GitHub's issue events: a variant requiring a nullable member (or one with a default)
    /// decodes when the member is absent, so the union must be told which required members decoding does not enforce.
    func testUnionVariantsNameTheRequiredMembersDecodingDoesNotEnforce() {
        let outcome = generate(yaml: openAPI(schemas: """
                Locked: { type: object, required: [id, lock_reason, kind], properties: { id: { type: integer }, lock_reason: { type: string, nullable: true }, kind: { type: string, default: lock } } }
                Added: { type: object, required: [id], properties: { id: { type: integer }, card: { type: string } } }
                Event: { anyOf: [ { $ref: '#/components/schemas/Locked' }, { $ref: '#/components/schemas/Added' } ] }
            """))
        let event = outcome.file("Models/Event.swift") ?? outcome.rendered.joined(separator: "\n")
        assertContains(event, ".init(keys: [\"id\", \"lock_reason\", \"kind\"], required: [\"lock_reason\", \"kind\"])",
                       ".init(keys: [\"id\", \"card\"]) {")
    }

    /// Found by Scripts/hostile-specs.py (seed 1286): a union listing itself decoded by calling its own `init(from:)`
    /// first, forever (swiftc: "function call causes an infinite recursion").
    func testAUnionListingItselfLeavesThatVariantOut() {
        let outcome = generate(yaml: openAPI(schemas: """
                Other: { type: object, properties: { a: { type: string } } }
                Loop: { oneOf: [ { $ref: '#/components/schemas/Loop' }, { $ref: '#/components/schemas/Other' } ] }
            """))
        let loop = outcome.file("Models/Loop.swift") ?? outcome.rendered.joined(separator: "\n")
        assertContains(loop, "case other(Other)", "if let value = try? Other(from: decoder) {")
        XCTAssertFalse(loop.contains("Loop(from: decoder)"), loop)
        XCTAssertTrue(outcome.rendered.contains { $0.contains("warning: Loop lists itself among its oneOf/anyOf variants") },
                      outcome.rendered.joined(separator: "\n"))
    }

    /// Found by Scripts/hostile-specs.py (seeds 30707, 30971, 31039): a discriminated union whose every variant is
    /// itself was an enum without cases, and a union listing it compiled with "will never be executed".
    func testAUnionOfOnlyItselfHoldsAnyJSONValue() {
        let outcome = generate(yaml: openAPI(schemas: """
                Only:
                  oneOf: [ { $ref: '#/components/schemas/Only' }, { $ref: '#/components/schemas/Only' } ]
                  discriminator: { propertyName: kind, mapping: { only: '#/components/schemas/Only' } }
            """))
        assertContains(outcome.file("Models/Only.swift") ?? outcome.rendered.joined(separator: "\n"), "public typealias Only = JSONValue")
        XCTAssertTrue(outcome.rendered.contains { $0.contains("warning: Only has no variant other than itself; typed as JSONValue") },
                      outcome.rendered.joined(separator: "\n"))
    }

    /// Issue 17: inline variants were `ContentCase1`, `ContentCase2`…, so inserting a variant renamed every one after
    /// it (and every file using them). They are named after what distinguishes them now.
    func testInlineUnionVariantsAreNamedByMeaningNotPosition() {
        let variants = [
            "{ title: Plain text, type: object, properties: { text: { type: string } } }",
            "{ type: object, properties: { kind: { const: image }, url: { type: string } } }",
            "{ type: object, properties: { kind: { type: string, enum: [video] }, url: { type: string } } }",
            "{ type: object, properties: { url: { type: string }, caption: { type: string } } }",
            "{ type: array, items: { type: object, properties: { text: { type: string } } } }",
        ]
        func variantTypes(_ members: [String]) -> Set<String> {
            let outcome = generate(yaml: openAPI(schemas: "        Content: { oneOf: [ \(members.joined(separator: ", ")) ] }"))
            XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
            let declared = outcome.allText.split(separator: "\n").compactMap { line -> String? in
                guard let range = line.range(of: "public struct ") else { return nil }
                return String(line[range.upperBound...].prefix { $0.isLetter || $0.isNumber })
            }
            return Set(declared).subtracting(["TestClient"])
        }
        let names = variantTypes(variants)
        XCTAssertEqual(names, ["ContentPlainText", "ContentImage", "ContentVideo", "ContentWithCaption", "ContentArrayItem"])
        let inserted = variantTypes(["{ type: object, properties: { audio: { type: string } } }"] + variants)
        XCTAssertEqual(inserted, names.union(["ContentWithAudio"]), "inserting a variant renames none of the others")
        XCTAssertEqual(variantTypes(variants.reversed()), names, "reordering renames nothing")
    }

    /// Seen while fixing the union listing itself: unions listing each other decoded by calling each other forever
    /// on a value neither's other variants match. (UnionRecursionGuardTests runs this shape of code.)
    func testUnionsListingEachOtherDecodeThroughTheRecursionGuard() {
        let outcome = generate(yaml: openAPI(schemas: """
                Shape: { oneOf: [ { $ref: '#/components/schemas/Figure' }, { type: string } ] }
                Figure: { oneOf: [ { $ref: '#/components/schemas/Shape' }, { type: integer } ] }
                Plain: { oneOf: [ { $ref: '#/components/schemas/Shape' }, { type: boolean } ] }
            """))
        let all = outcome.rendered.joined(separator: "\n")
        for name in ["Shape", "Figure"] {
            let file = outcome.file("Models/\(name).swift") ?? all
            assertContains(file, "public init(from decoder: any Decoder) throws {",
                           "self = try UnionRecursionGuard.decode(Self.self, from: decoder) { try Self(variantsFrom: decoder) }",
                           "private init(variantsFrom decoder: any Decoder) throws {")
        }
        // UnionRecursionGuardTests runs a copy of this output; it must stay what apigen generates.
        let cycle = generate(yaml: openAPI(schemas: """
                CycleShape: { oneOf: [ { $ref: '#/components/schemas/CycleFigure' }, { type: string } ] }
                CycleFigure: { oneOf: [ { $ref: '#/components/schemas/CycleShape' }, { type: integer } ] }
            """))
        let copy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("APIRuntimeTests/Support/GeneratedUnionCycle.swift")
        let copied = (try? String(contentsOf: copy, encoding: .utf8)) ?? ""
        for name in ["CycleShape", "CycleFigure"] {
            let file = cycle.file("Models/\(name).swift") ?? ""
            let declaration = file.range(of: "public indirect enum").map { String(file[$0.lowerBound...]) } ?? file
            XCTAssertTrue(copied.contains(declaration), "\(copy.path) is not what apigen generates for \(name):\n\(declaration)")
        }
        // Plain lists Shape, but nothing lists Plain: it decodes as before.
        let plain = outcome.file("Models/Plain.swift") ?? all
        assertContains(plain, "public init(from decoder: any Decoder) throws {", "if let value = try? Shape(from: decoder) {")
        XCTAssertFalse(plain.contains("UnionRecursionGuard"), plain)
    }

    func testRecursiveStructsAreBoxed() {
        let outcome = generate(yaml: openAPI(schemas: """
                Comment:
                  type: object
                  properties:
                    parent: { $ref: '#/components/schemas/Comment' }
                    replies: { type: array, items: { $ref: '#/components/schemas/Comment' } }
            """))
        // The box is private: the property and the init parameter have the model's own type.
        assertContains(outcome.file("Models/Comment.swift") ?? "",
            "public var parent: Comment? { self._parent.value }", "private let _parent: Indirect<Comment?>",
            "parent: Comment? = nil", "self._parent = Indirect(parent)",
            "self._parent = try Indirect(container.decodeIfPresent(Comment.self, forKey: \"parent\"))",
            "public let replies: [Comment]?")
        XCTAssertFalse(outcome.file("Models/Comment.swift")?.contains("Indirect<Comment>?") ?? true)

        // Mutable models keep a recursive property settable.
        var config = GeneratorConfig()
        config.mutableModels = true
        let mutable = generate(yaml: openAPI(schemas: """
                Comment:
                  type: object
                  properties:
                    parent: { $ref: '#/components/schemas/Comment' }
            """), config: config)
        assertContains(mutable.file("Models/Comment.swift") ?? "",
            "public var parent: Comment? {\n        get { self._parent.value }\n        set { self._parent.value = newValue }\n    }",
            "private var _parent: Indirect<Comment?>")
    }

    func testMapsFreeFormAndInlineTypes() {
        let outcome = generate(yaml: openAPI(schemas: """
                Config:
                  type: object
                  properties:
                    limits: { type: object, additionalProperties: { type: integer } }
                    extra: { type: object, additionalProperties: true }
                    anything: {}
                    theme: { type: string, enum: [light, dark] }
                    window: { type: object, properties: { start: { type: string } } }
                    tags: { type: array, items: { type: string } }
            """))
        let text = outcome.file("Models/Config.swift") ?? ""
        assertContains(text, "public let limits: [String: Int]?", "public let extra: [String: JSONValue]?",
                       "public let anything: JSONValue?", "public let theme: ConfigTheme?", "public var window: ConfigWindow?",
                       "public struct ConfigWindow: Codable, Hashable, Sendable {", "public enum ConfigTheme:",
                       "public let tags: [String]?")
    }

    func testObjectVariantsNextToPropertiesAreKeptInOneMember() {
        let outcome = generate(yaml: openAPI(schemas: """
                Pet:
                  type: object
                  required: [name]
                  properties: { name: { type: string } }
                  oneOf:
                    - { type: object, title: Cat, required: [meows], properties: { meows: { type: boolean } } }
                    - { type: object, title: Dog, required: [barks], properties: { barks: { type: boolean } } }
                Base:
                  type: object
                  properties: { id: { type: string } }
                Shape:
                  allOf: [{ $ref: '#/components/schemas/Base' }]
                  anyOf:
                    - { type: object, properties: { radius: { type: number } } }
                Either:
                  type: object
                  properties: { a: { type: string }, b: { type: string } }
                  oneOf: [{ required: [a] }, { required: [b] }]
            """))
        let pet = outcome.file("Models/Pet.swift") ?? ""
        assertContains(pet, "public let variant: PetVariant", "self.variant = try PetVariant(from: decoder)",
                       "try self.variant.encode(to: encoder)", "public indirect enum PetVariant:", "case cat(PetVariantCat)",
                       "case dog(PetVariantDog)")
        // allOf with a single member is no longer an alias of that member when variants sit next to it.
        let shape = outcome.file("Models/Shape.swift") ?? ""
        assertContains(shape, "public struct Shape:", "public let id: String?", "public let variant: ShapeVariant")
        // Variants that only constrain which members are required add nothing to the model.
        let either = outcome.file("Models/Either.swift") ?? ""
        XCTAssertFalse(either.contains("variant"), either)
    }

    func testDefaultsOfNullableAndUnionPropertiesApplyWhenAbsent() {
        let outcome = generate(yaml: openAPI(schemas: """
                Settings:
                  type: object
                  properties:
                    temperature: { type: number, nullable: true, default: 1 }
                    batchSize:
                      oneOf: [{ type: string, enum: [auto] }, { type: integer }]
                      default: auto
                    epochs:
                      oneOf: [{ type: string, enum: [auto] }, { type: integer }]
                      default: 3
            """))
        let text = outcome.file("Models/Settings.swift") ?? ""
        assertContains(text,
            "public let temperature: Nullable<Double>",
            "self.temperature = try container.decodeNullable(Double.self, forKey: \"temperature\") ?? .value(1)",
            "try container.encodeNullable(self.temperature, forKey: \"temperature\")",
            "self.batchSize = try container.decodeIfPresent(SettingsBatchSize.self, forKey: \"batchSize\") ?? .settingsBatchSizeString(.auto)",
            "self.epochs = try container.decodeIfPresent(SettingsEpochs.self, forKey: \"epochs\") ?? .int(3)")
    }

    func testDefaultsTheTypeRefusesAreWarnedAboutAndIgnored() {
        // openai: `max_tokens: {type: integer, nullable: true, default: inf}`.
        let outcome = generate(yaml: openAPI(schemas: """
                Completion:
                  type: object
                  properties:
                    max_tokens: { type: integer, nullable: true, default: inf }
                    mode: { type: string, enum: [fast, slow], default: medium }
                    n: { type: integer, default: 2.0 }
                    stop: { type: string, format: date-time, default: '2024-01-01T00:00:00Z' }
            """))
        let text = outcome.file("Models/Completion.swift") ?? ""
        assertContains(text,
            "self.maxTokens = try container.decodeNullable(Int.self, forKey: \"max_tokens\")\n",
            "self.mode = try container.decodeIfPresent(CompletionMode.self, forKey: \"mode\")\n",
            // `2.0` is an integer to JSON Schema.
            "self.n = try container.decodeIfPresent(Int.self, forKey: \"n\") ?? 2\n")
        let warnings = outcome.diagnostics.filter { $0.message.hasPrefix("the default ") }
        XCTAssertEqual(warnings.map(\.message), [
            "the default 'inf' of property 'max_tokens' of Completion is not a value of its type Int; it is ignored (the member has no default)",
            "the default 'medium' of property 'mode' of Completion breaks its own `enum`; it is ignored (the member has no default)",
        ])
        XCTAssertEqual(warnings.map(\.severity), [.warning, .warning])
    }

    func testArrayMapAndJSONDefaultsApplyWhenAbsent() {
        // openai's realtime sessions: `output_modalities: {type: array, items: {enum: [text, audio]}, default: [audio]}`.
        let outcome = generate(yaml: openAPI(schemas: """
                Session:
                  type: object
                  properties:
                    modalities: { type: array, items: { type: string, enum: [text, audio] }, default: [audio] }
                    stops: { type: array, nullable: true, items: { type: string }, default: ["\\n", "END"] }
                    weights: { type: object, additionalProperties: { type: number }, default: { a: 1, b: 0.5 } }
                    options: { type: object, default: {} }
                    extra: { default: { tags: [x, 1, null], on: true } }
                    dates: { type: array, items: { type: string, format: date-time }, default: [] }
            """))
        let text = outcome.file("Models/Session.swift") ?? ""
        assertContains(text,
            "self.modalities = try container.decodeIfPresent([SessionModalitiesItem].self, forKey: \"modalities\") ?? [.audio]\n",
            "public let stops: Nullable<[String]>",
            "self.stops = try container.decodeNullable([String].self, forKey: \"stops\") ?? .value([\"\\n\", \"END\"])\n",
            "self.weights = try container.decodeIfPresent([String: Double].self, forKey: \"weights\") ?? [\"a\": 1, \"b\": 0.5]\n",
            "self.options = try container.decodeIfPresent([String: JSONValue].self, forKey: \"options\") ?? [:]\n",
            // Any JSON value admits null: a sent `null` stays apart from the default.
            "self.extra = try container.decodeNullable(JSONValue.self, forKey: \"extra\") ?? .value([\"tags\": [\"x\", 1, nil], \"on\": true])\n",
            "modalities: [SessionModalitiesItem] = [.audio]",
            // Date-times keep their coding helpers.
            "self.dates = try container.decodeDateTimeArrayIfPresent(forKey: \"dates\") ?? []\n",
            "try container.encodeDateTimeArray(self.dates, forKey: \"dates\")\n")
        XCTAssertEqual(outcome.diagnostics.filter { $0.message.hasPrefix("the default ") }.map(\.message), [])
    }

    func testDefaultsBreakingTheirOwnKeywordsAreWarnedAboutAndIgnored() {
        // openai: `stop: {type: array, minItems: 1, default: []}`; a reader applying it would send an invalid value.
        let outcome = generate(yaml: openAPI(schemas: """
                Request:
                  type: object
                  properties:
                    stop: { type: array, items: { type: string }, minItems: 1, default: [] }
                    name: { type: string, minLength: 2, default: x }
                    level: { type: integer, maximum: 3, default: 4 }
                    tags: { type: array, items: { type: integer }, default: [one] }
            """))
        let text = outcome.file("Models/Request.swift") ?? ""
        assertContains(text,
            "self.stop = try container.decodeIfPresent([String].self, forKey: \"stop\")\n",
            "self.name = try container.decodeIfPresent(String.self, forKey: \"name\")\n",
            "self.level = try container.decodeIfPresent(Int.self, forKey: \"level\")\n",
            "self.tags = try container.decodeIfPresent([Int].self, forKey: \"tags\")\n")
        XCTAssertEqual(outcome.diagnostics.filter { $0.message.hasPrefix("the default ") }.map(\.message), [
            "the default a list of property 'stop' of Request breaks its own `minItems`; it is ignored (the member has no default)",
            "the default 'x' of property 'name' of Request breaks its own `minLength`; it is ignored (the member has no default)",
            "the default '4' of property 'level' of Request breaks its own `maximum`; it is ignored (the member has no default)",
            "the default a list of property 'tags' of Request is not a value of its type [Int]; it is ignored (the member has no default)",
        ])
    }

    func testRequiredMembersWithoutSchemaAreKeptAsJSON() {
        let outcome = generate(yaml: openAPI(schemas: """
                Role:
                  allOf:
                    - { type: object, required: [name], properties: { name: { type: string } } }
                    - { type: object, required: [policies], properties: { policyDocument: { type: object } } }
            """))
        let text = outcome.file("Models/Role.swift") ?? ""
        assertContains(text, "public let policies: JSONValue", "self.policies = try container.decode(JSONValue.self, forKey: \"policies\")")
        XCTAssertTrue(outcome.rendered.contains { $0.contains("Role requires 'policies' but does not declare it") }, outcome.rendered.joined())
    }

    func testRequiredBesideASingleAllOfMemberMakesATypeOfItsOwn() {
        // DigitalOcean's uptime check request: read as the member alone, `name` was optional and `method` was lost.
        let outcome = generate(yaml: openAPI(schemas: """
                CheckFields:
                  type: object
                  required: [type]
                  properties: { name: { type: string }, type: { type: string } }
                CheckRequest:
                  type: object
                  allOf: [ { $ref: '#/components/schemas/CheckFields' } ]
                  required: [name, method]
                SameCheck:
                  allOf: [ { $ref: '#/components/schemas/CheckFields' } ]
                  required: [type]
                Region: { type: string, enum: [ams, nyc] }
                CheckRegion:
                  allOf: [ { $ref: '#/components/schemas/Region' } ]
                  required: [slug]
            """))
        let request = outcome.file("Models/CheckRequest.swift") ?? ""
        assertContains(request, "public struct CheckRequest:", "public let name: String", "public let type: String",
                       "public let method: JSONValue")
        XCTAssertTrue(outcome.rendered.contains { $0.contains("CheckRequest requires 'method' but does not declare it") },
                      outcome.rendered.joined())
        assertContains(outcome.file("Models/SameCheck.swift") ?? "", "public typealias SameCheck = CheckFields")
        assertContains(outcome.file("Models/CheckRegion.swift") ?? "", "public typealias CheckRegion = Region")
    }

    func testAllOfMembersDecideNullabilityAndAdditionalMembers() {
        // Box: `nullable: false` without a type has no effect (OpenAPI 3.0.3), so null stays allowed, as the validator
        // says; additionalProperties written in an allOf member still keeps the extra members.
        let outcome = generate(yaml: openAPI(schemas: """
                Item:
                  type: object
                  required: [sequence_id, owner]
                  properties:
                    sequence_id:
                      allOf:
                        - { type: string, nullable: true }
                        - { nullable: false }
                    owner:
                      allOf:
                        - { $ref: '#/components/schemas/Owner' }
                        - { description: the owner }
                Owner: { type: object, properties: { name: { type: string } } }
                Metadata:
                  allOf:
                    - { type: object, properties: { $id: { type: string } } }
                    - { additionalProperties: { description: any value } }
            """, version: "3.0.3"))
        let item = outcome.file("Models/Item.swift") ?? ""
        // `owner`'s description-only member makes no copy of `Owner` (until 2026-11-28 it was an `ItemOwner`).
        assertContains(item, "public let sequenceID: String?", "public init(sequenceID: String? = nil, owner: Owner)")
        let metadata = outcome.file("Models/Metadata.swift") ?? ""
        assertContains(metadata, "public let additionalProperties: [String: JSONValue]",
                       "try container.decodeAdditionalProperties(JSONValue.self, excluding: [\"$id\"])")
    }

    func testTuplesKeepEveryPosition() {
        let outcome = generate(yaml: openAPI(schemas: """
                Shape:
                  type: object
                  properties:
                    point: { type: array, prefixItems: [{ type: number }, { type: number }], items: false }
                    labelled: { type: array, prefixItems: [{ type: string }, { type: integer }] }
                    open: { type: array, prefixItems: [{ type: number }], items: { type: string } }
            """))
        let text = outcome.file("Models/Shape.swift") ?? ""
        assertContains(text, "public let point: [Double]?", "public var labelled: ShapeLabelled?", "public var `open`: ShapeOpen?",
                       "public let first: String?", "public let second: Int?", "public let rest: [JSONValue]",
                       "public let first: Double?", "public let rest: [String]")
        XCTAssertFalse(text.contains("labelled: [String]"), "a tuple of mixed positions is not typed as its first position")
    }

    func testHostileTextIsHarmless() {
        let outcome = generate(yaml: openAPI(schemas: #"""
                Evil:
                  description: "ends */ a comment, opens \"\"\" and interpolates \\(danger)\n#notAHeading"
                  type: object
                  properties:
                    "quote\"key": { type: string, description: "line1\rline2" }
                    class: { type: string }
                    self: { type: string }
                    "2fa": { type: boolean }
            """#))
        let text = outcome.file("Models/Evil.swift") ?? ""
        assertContains(text,
            "/// ends */ a comment, opens \"\"\" and interpolates \\(danger)\n/// #notAHeading",
            "self.quoteKey = try container.decodeIfPresent(String.self, forKey: \"quote\\\"key\")",
            "public let `class`: String?", "self.`class` = try container.decodeIfPresent(String.self, forKey: \"class\")",
            "public let self_: String?", "try container.encodeIfPresent(self.self_, forKey: \"self\")",
            "public let _2fa: Bool?")
    }

    func testAccessLevelAndNameOverrides() {
        var config = GeneratorConfig()
        config.access = .package
        config.nameOverrides = ["Profile": "Member", "Member.user_name": "login"]
        let outcome = generate(yaml: openAPI(schemas: """
                Profile: { type: object, properties: { user_name: { type: string } } }
            """), config: config)
        assertContains(outcome.file("Models/Member.swift") ?? "", "package struct Member:", "package let login: String?",
                       "self.login = try container.decodeIfPresent(String.self, forKey: \"user_name\")")
    }

    /// Types apigen names itself (an inline enum after its owner and property, a shared parameter's schema after the
    /// component) are renamed by the name they would get; a key that renames nothing is reported, not ignored.
    func testNameOverridesRenameGeneratedTypesAndReportKeysMatchingNothing() {
        var config = GeneratorConfig()
        config.nameOverrides = ["MemberStatus": "AccountStatus", "DirectionParameter": "SortDirection",
                                "Profile": "Member", "Profil": "Typo", "listProfiles": "profiles"]
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: T, version: '1' }
            paths:
              /profiles:
                get:
                  operationId: listProfiles
                  parameters: [ { $ref: '#/components/parameters/direction' } ]
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Profile' } } } }
            components:
              parameters:
                direction: { name: direction, in: query, schema: { type: string, enum: [asc, desc] } }
              schemas:
                Profile: { type: object, properties: { status: { type: string, enum: [active, banned] } } }
            """, config: config)
        // The key is the name the type would get: the schema Profile is Member, so its `status` enum was MemberStatus.
        assertContains(outcome.file("Models/Member.swift") ?? "", "public let status: AccountStatus?", "public enum AccountStatus:")
        assertContains(outcome.file("Models/SortDirection.swift") ?? "", "public enum SortDirection:")
        assertContains(outcome.allText, "func profiles(direction: SortDirection? = nil")
        XCTAssertFalse(outcome.allText.contains("MemberStatus") || outcome.allText.contains("DirectionParameter"), outcome.allText)
        XCTAssertEqual(outcome.rendered.filter { $0.contains("nameOverrides") }.count, 1, outcome.rendered.joined(separator: "\n"))
        XCTAssertTrue(outcome.rendered.contains { $0.contains("nameOverrides: 'Profil' matches nothing") }, outcome.rendered.joined(separator: "\n"))
    }

    func testNamesCollidingWithSwiftAndRuntimeTypes() {
        let outcome = generate(yaml: openAPI(schemas: """
                Error: { type: object, properties: { message: { type: string } } }
                Data: { type: string }
                error: { type: object, properties: { code: { type: integer } } }
            """))
        XCTAssertNotNil(outcome.file("Models/ErrorModel.swift"))
        XCTAssertNotNil(outcome.file("Models/ErrorModel2.swift"))
        assertContains(outcome.allText, "public typealias DataModel = String")
    }
}
