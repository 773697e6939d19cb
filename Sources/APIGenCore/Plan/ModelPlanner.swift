/// Decides the Swift type of every schema and plans the declarations: structs (with `allOf` merged), tolerant
/// enums, unions and aliases. One instance per planning run.
final class ModelPlanner {
    let api: ResolvedAPI
    let config: GeneratorConfig
    var diagnostics: [Diagnostic] = []
    var typeScope: NameScope
    private(set) var models: [String: ModelDraft] = [:]
    private(set) var modelOrder: [String] = []
    private var declared: [SchemaRef: TypeUsage] = [:]
    private var inProgress: Set<SchemaRef> = []
    private(set) var namedRefs: [SchemaRef: String] = [:]
    /// Canonical groups by shape, and their claimed type names.
    var canonicalGroups: [SchemaRef: CanonicalGroup] = [:]
    var canonicalNames: [String: String] = [:]
    /// The `WireShape` case of each canonical shape (for request bodies).
    var shapeCases: [SchemaRef: String] = [:]
    /// Schemas responses are validated against, in first-use order.
    private(set) var validatorRoots: [SchemaRef] = []
    private var validatorRootSet: Set<SchemaRef> = []
    /// The `nameOverrides` keys that renamed something, so that the others can be reported as matching nothing.
    var usedOverrides: Set<String> = []
    /// Named schemas other named schemas extend through `allOf` under their discriminator, and the unions standing
    /// for them (``PolymorphicParent``).
    var polymorphicParents: [SchemaRef: PolymorphicParent] = [:]
    var polymorphicUsages: [SchemaRef: TypeUsage] = [:]

    /// The headers structs of responses declared under `components/responses`, by `file#pointer`: one per response,
    /// whichever operations answer with it.
    private(set) var sharedHeaders: [String: String] = [:]

    /// Declares the headers struct of a shared response, in a model file of its own.
    func declareSharedHeaders(_ plan: ModelPlan, source: String) {
        sharedHeaders[source] = plan.name
        models[plan.name] = ModelDraft(plan: plan, file: plan.name)
        modelOrder.append(plan.name)
    }

    func addValidatorRoot(_ ref: SchemaRef) {
        if validatorRootSet.insert(ref).inserted { validatorRoots.append(ref) }
    }

    init(api: ResolvedAPI, config: GeneratorConfig, typeScope: NameScope) {
        self.api = api
        self.config = config
        self.typeScope = typeScope
    }

    /// Assigns names to named schemas first so references find them, then declares them all.
    func planNamedSchemas(groups: [CanonicalGroup] = []) {
        for group in groups {
            canonicalNames[group.name] = typeScope.claim(group.name)
            for shape in group.shapes { canonicalGroups[shape] = group }
        }
        for (name, ref) in api.namedSchemas where namedRefs[ref] == nil && canonicalGroups[ref] == nil {
            let schema = api[ref]
            if config.nameOverrides[name] != nil { usedOverrides.insert(name) }
            let preferred = config.nameOverrides[name] ?? schema.nameOverride ?? SwiftNaming.typeName(name)
            namedRefs[ref] = typeScope.claim(preferred)
        }
        planPolymorphicParents()
        for group in groups { _ = usage(group.shapes[0], suggestedName: group.name, file: group.name) }
        // Each schema's own type; the union standing for a schema others extend is declared where something refers to it.
        for (_, ref) in api.namedSchemas {
            _ = ownUsage(ref, suggestedName: namedRefs[ref] ?? "Model", file: namedRefs[ref] ?? "Models")
        }
    }

    func isNamed(_ ref: SchemaRef) -> Bool { namedRefs[ref] != nil }

    /// The model file (`Models/X.swift`) declaring a named schema (or the canonical model it is a shape of), when
    /// the schema has a declaration of its own.
    func modelFile(of ref: SchemaRef) -> String? {
        guard let name = namedRefs[ref] ?? canonicalGroups[ref].map({ canonicalNames[$0.name] ?? $0.name }),
              let draft = models[name] else { return nil }
        return "Models/\(SwiftNaming.fileName(draft.file)).swift"
    }

    func warn(_ message: String, _ schema: Schema) {
        diagnostics.append(.warning(message, at: schema.node))
    }

    /// The type of `ref` where it is used; declares it (named after `suggestedName`) when it needs a declaration.
    /// A schema other schemas extend (``PolymorphicParent``) is the union of it and them.
    func usage(_ ref: SchemaRef, suggestedName: String, file: String) -> TypeUsage {
        if let polymorphic = polymorphicParents[ref] { return polymorphicUsage(ref, polymorphic) }
        return ownUsage(ref, suggestedName: suggestedName, file: file)
    }

    /// The type of `ref` itself: for a parent of ``PolymorphicParent``, its struct rather than the union.
    func ownUsage(_ ref: SchemaRef, suggestedName: String, file: String) -> TypeUsage {
        if let known = declared[ref] { return known }
        if let group = canonicalGroups[ref] { return declareCanonical(group) }
        if inProgress.contains(ref) {
            warn("schema refers to itself without an object in between; typed as JSONValue", api[ref])
            return .json
        }
        inProgress.insert(ref)
        defer { inProgress.remove(ref) }
        let schema = api[ref]
        let named = namedRefs[ref]
        let component = named == nil ? ComponentSchemaName.name(of: schema.node) : nil
        let derived = named == nil ? overriddenName(component ?? suggestedName) : nil
        let name = named ?? derived ?? component ?? suggestedName
        let ownFile = named ?? (component == nil ? file : name)

        switch shape(of: schema) {
        case .structure:
            return declareStruct(ref, name: name, named: named != nil, file: ownFile)
        case .union(let members):
            return declareUnion(ref, members: members, name: name, named: named != nil, file: ownFile)
        case .enumeration(let rawType):
            return declareEnum(ref, rawType: rawType, name: name, named: named != nil, file: ownFile)
        case .tuple(let tuple):
            return declareTuple(ref, tuple: tuple, name: name, named: named != nil, file: ownFile)
        case .value(let make):
            let value = make(self, name, ownFile)
            guard let named else { return value }
            return declareAlias(ref, of: value, name: named, file: ownFile)
        }
    }

    /// The `nameOverrides` entry for a type apigen names itself (`GetFriendsSort`, `DirectionParameter`), when there is
    /// one; a key that is also a schema's name renames that schema only.
    func overriddenName(_ generatedName: String) -> String? {
        guard let override = config.nameOverrides[generatedName],
              !api.namedSchemas.contains(where: { $0.name == generatedName }) else { return nil }
        usedOverrides.insert(generatedName)
        return override
    }

    private enum Shape {
        case structure
        case union([SchemaRef])
        case enumeration(String)
        case tuple(Tuple)
        case value((ModelPlanner, String, String) -> TypeUsage)
    }

    private func shape(of schema: Schema) -> Shape {
        if schema.acceptsNothing { return .value { _, _, _ in .json } }
        let members = schema.oneOf + schema.anyOf
        if !members.isEmpty {
            if members.count == 1 && schema.properties.isEmpty && schema.allOf.isEmpty {
                return .value { planner, name, file in planner.usage(members[0], suggestedName: name, file: file) }
            }
            if schema.properties.isEmpty && schema.allOf.isEmpty { return .union(members) }
            // Properties (or allOf) next to oneOf: the shared part becomes the struct, which holds the variants in
            // one member when they are objects (`variantDraft`).
        }
        if !schema.allOf.isEmpty {
            // A `required` beside the allOf that asks for more than the members require makes a type of its own:
            // read as the member, the members it adds would be optional and an undeclared one lost (DigitalOcean's
            // uptime check request: `allOf: [check_updatable], required: [name, method, ...]`). Beside a member that
            // is no object (a string, an enum) it requires nothing of the values. The cheap test goes first: most
            // allOf schemas have no `required` of their own.
            let addsRequired = !Set(schema.required).isSubset(of: schema.allOf.reduce(into: Set<String>()) {
                    $0.formUnion(mergedRequired(of: api[$1]))
                })
                && (schema.isObjectLike || !mergedProperties(of: schema).isEmpty)
            let ownKeywords = !schema.properties.isEmpty || schema.enumValues != nil || hasObjectVariants(schema)
                || addsRequired
            // Members that only annotate (`{readOnly: true}`, `{description: ...}`: how OpenAPI 3.0 descriptions annotate
            // a `$ref`, whose siblings it ignores) do not make a type of their own: DigitalOcean's
            // `connection: {allOf: [{$ref: database_connection.yml}, {readOnly: true}]}` is a `DatabaseConnection`.
            let constraining = schema.allOf.count == 1 ? schema.allOf : schema.allOf.filter { !isAnnotationOnly(api[$0]) }
            if constraining.count == 1 && !ownKeywords {
                let member = constraining[0]
                return .value { planner, name, file in planner.usage(member, suggestedName: name, file: file) }
            }
            if mergedProperties(of: schema).isEmpty && !ownKeywords {
                let member = schema.allOf[0]
                return .value { planner, name, file in planner.usage(member, suggestedName: name, file: file) }
            }
            return .structure
        }
        if let values = schema.enumValues, !values.isEmpty {
            let nonNull = values.filter { $0 != .null }
            if !nonNull.isEmpty, nonNull.allSatisfy({ $0.string != nil }),
               schema.singleType == nil || schema.singleType == .string { return .enumeration("String") }
            if !nonNull.isEmpty, nonNull.allSatisfy({ if case .int = $0 { return true } else { return false } }),
               schema.singleType == nil || schema.singleType == .integer { return .enumeration("Int") }
        }
        let nonNullTypes = schema.types.filter { $0 != .null }
        if nonNullTypes.count > 1 {
            if Set(nonNullTypes) == [.integer, .number] { return .value { _, _, _ in .primitive("Double") } }
            return .value { _, _, _ in .json }
        }
        switch nonNullTypes.first {
        case .string: return .value { planner, _, _ in planner.stringUsage(schema) }
        case .integer:
            let swift = schema.format == "int32" ? "Int32" : schema.format == "int64" ? "Int64" : "Int"
            return .value { _, _, _ in .primitive(swift) }
        case .number:
            return .value { _, _, _ in .primitive(schema.format == "float" ? "Float" : "Double") }
        case .boolean: return .value { _, _, _ in .primitive("Bool") }
        case .null: return .value { _, _, _ in .json }
        case .array:
            if let tuple = schema.tuple, canDeclareTuple(tuple) { return .tuple(tuple) }
            return .value { planner, name, file in planner.arrayUsage(schema, name: name, file: file) }
        case .object, nil:
            if !schema.properties.isEmpty { return .structure }
            if nonNullTypes.isEmpty, let tuple = schema.tuple, canDeclareTuple(tuple) { return .tuple(tuple) }
            if nonNullTypes.isEmpty && schema.items != nil {
                return .value { planner, name, file in planner.arrayUsage(schema, name: name, file: file) }
            }
            if case .schema(let valueRef) = schema.additionalProperties {
                return .value { planner, name, file in
                    let value = planner.usage(valueRef, suggestedName: name + "Value", file: file)
                    return TypeUsage(swift: "[String: \(value.swift)]", container: .map(of: value))
                }
            }
            if nonNullTypes.first == .object {
                return .value { _, _, _ in TypeUsage(swift: "[String: JSONValue]", container: .map(of: .json)) }
            }
            if schema.constValue != nil, case .string = schema.constValue! { return .value { _, _, _ in .primitive("String") } }
            return .value { _, _, _ in .json }
        }
    }

    private func stringUsage(_ schema: Schema) -> TypeUsage {
        switch schema.format {
        case "date-time":
            var usage = TypeUsage.primitive("Date")
            usage.isDateTime = true
            return usage
        case "date": return .primitive("CalendarDate")
        case "uuid": return .primitive("UUID")
        case "uri", "url": return TypeUsage(swift: "URL")
        case "byte": return TypeUsage(swift: "Data")
        case "binary":
            var usage = TypeUsage(swift: "Data")
            usage.isBinary = true
            return usage
        default: return .primitive("String")
        }
    }

    private func arrayUsage(_ schema: Schema, name: String, file: String) -> TypeUsage {
        guard let items = schema.items else { return TypeUsage(swift: "[JSONValue]", container: .array(of: .json)) }
        let element = usage(items, suggestedName: name + "Item", file: file)
        var result = TypeUsage(swift: "[\(element.swift)]", container: .array(of: element))
        result.isDateTimeArray = element.isDateTime
        result.isParameterArray = element.isParameterCapable
        result.isBinaryArray = element.isBinary || element.swift == "Data"
        return result
    }

    /// Properties of a schema with its `allOf` members merged in order (later definitions win).
    func mergedProperties(of schema: Schema, visited: Set<SchemaRef> = []) -> [(name: String, schema: SchemaRef, node: SpecNode)] {
        var result: [(name: String, schema: SchemaRef, node: SpecNode)] = []
        func add(_ property: (name: String, schema: SchemaRef, node: SpecNode)) {
            if let index = result.firstIndex(where: { $0.name == property.name }) {
                result[index] = property
            } else {
                result.append(property)
            }
        }
        for member in schema.allOf where !visited.contains(member) {
            for property in mergedProperties(of: api[member], visited: visited.union([member])) { add(property) }
        }
        for property in schema.properties { add(property) }
        return result
    }

    func mergedRequired(of schema: Schema, visited: Set<SchemaRef> = []) -> Set<String> {
        var result = Set(schema.required)
        for member in schema.allOf where !visited.contains(member) {
            result.formUnion(mergedRequired(of: api[member], visited: visited.union([member])))
        }
        return result
    }

    /// Whether a model requires `property`: `required` (from ``mergedRequired(of:visited:)``) names it, and it is
    /// neither read-only nor write-only (those are left out of one direction, so a model never requires them).
    func isRequired(_ property: (name: String, schema: SchemaRef, node: SpecNode), in required: Set<String>) -> Bool {
        return required.contains(property.name) && !api.isReadOnly(property.schema) && !api.isWriteOnly(property.schema)
    }

    func claimName(_ name: String, named: Bool) -> String {
        named ? name : typeScope.claim(name)
    }

    func register(_ draft: ModelDraft) {
        models[draft.plan.name] = draft
        modelOrder.append(draft.plan.name)
    }

    /// Gives the model declared as `usage` the description of the object it is shared as (a response component's,
    /// a parameter's), when it was named after that object (`name`; a named schema the object refers to keeps its
    /// own documentation) and its schema documents nothing itself.
    func documentShared(_ usage: TypeUsage, named name: String, with lines: [String]) {
        guard !lines.isEmpty, usage.swift == name, var draft = models[name], draft.plan.docLines.isEmpty else { return }
        draft.plan.docLines = lines
        models[name] = draft
    }

    func documentation(_ schema: Schema) -> [String] {
        var lines = SwiftNaming.docLines(schema.title)
        let description = SwiftNaming.docLines(schema.description)
        if !lines.isEmpty && !description.isEmpty { lines.append("") }
        lines += description
        return lines
    }

    /// Where a schema is written, relative to the root document's folder, so output never depends on the
    /// folder apigen runs in.
    func sourceComment(_ schema: Schema) -> String {
        let relative = DocumentPath.relative(schema.node.location.file, to: DocumentPath.directory(of: api.rootPath))
        return SwiftNaming.commentText("\(relative)#\(schema.node.pointer)")
    }

    func remember(_ ref: SchemaRef, _ usage: TypeUsage) { declared[ref] = usage }
}

/// A model being planned; property statements are finished once recursion is known.
struct ModelDraft {
    var plan: ModelPlan
    var file: String
    var properties: [PropertyDraft] = []
    /// The members `additionalProperties` allows next to `properties`, kept in a dictionary.
    var additional: AdditionalPropertiesDraft?
    /// The object variants of a `oneOf`/`anyOf` next to `properties`, kept in one member.
    var variant: VariantDraft?
}

/// The member that holds which `oneOf`/`anyOf` variant an object with declared properties also is.
struct VariantDraft {
    var swiftName: String
    /// The enum of the variants, e.g. `PetVariant`.
    var typeName: String
    /// `oneOf` or `anyOf`, for the documentation.
    var keyword: String
    /// The wire names the variants declare, which `additionalProperties` then does not keep twice.
    var wireNames: [String]
}

/// The dictionary member that keeps an object's undeclared members when its schema allows them explicitly.
struct AdditionalPropertiesDraft {
    var swiftName: String
    /// The dictionary's value type, e.g. `String` or `JSONValue`.
    var valueType: String
    /// The wire names of the declared properties, which the dictionary never holds.
    var declaredNames: [String]
}

/// A property before recursion boxing and statement generation.
struct PropertyDraft {
    var wireName: String
    var swiftName: String
    /// The property's schema: a shape of a canonical model is encoded with that shape's field names.
    var schema: SchemaRef?
    var usage: TypeUsage
    var required: Bool
    var nullable: Bool
    var defaultLiteral: String?
    var docLines: [String]
    var deprecated: Bool
    /// `readOnly`: left out when the model is encoded as a request body.
    var readOnly = false
}
