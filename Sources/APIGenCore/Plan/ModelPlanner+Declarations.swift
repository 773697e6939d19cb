/// The four kinds of declaration.
extension ModelPlanner {
    func declareStruct(_ ref: SchemaRef, name requested: String, named: Bool, file: String) -> TypeUsage {
        let schema = api[ref]
        let name = claimName(requested, named: named)
        var usage = TypeUsage(swift: name)
        usage.directStruct = name
        remember(ref, usage)

        // Named allOf members are declared first so the inline types they own are named after them.
        for member in schema.allOf where isNamed(member) {
            _ = self.ownUsage(member, suggestedName: name, file: file)
        }
        var draft = ModelDraft(plan: basePlan(name: name, schema: schema), file: file)
        draft.plan.isStruct = true
        let required = mergedRequired(of: schema)
        var memberScope = NameScope(reserved: ["codingkeys", "init", "encode"])
        for property in mergedProperties(of: schema) {
            let propertySchema = api[property.schema]
            let overrideKey = "\(name).\(property.name)"
            if config.nameOverrides[overrideKey] != nil { usedOverrides.insert(overrideKey) }
            let override = config.nameOverrides[overrideKey] ?? schema.fieldAliases[property.name]
            let base = override ?? SwiftNaming.memberName(property.name)
            let swiftName = memberScope.claim(base)
            if swiftName != base {
                diagnostics.append(.warning(
                    "property '\(property.name)' of \(name) is named '\(swiftName)' because '\(base)' is taken by another property",
                    at: property.node, hint: "add `nameOverrides: { \(name).\(property.name): yourName }` to apigen.yml"))
            }
            let propertyUsage = self.usage(property.schema, suggestedName: name + SwiftNaming.typeNamePart(property.name), file: file)
            let isRequired = isRequired(property, in: required)
            var docs = documentation(propertySchema)
            let readOnly = api.isReadOnly(property.schema)
            if readOnly { docs.append(contentsOf: docs.isEmpty ? ["Read-only: sent by the server, never sent back (left out of request bodies)."] : ["", "Read-only: sent by the server, never sent back (left out of request bodies)."]) }
            if api.isWriteOnly(property.schema) { docs.append(contentsOf: docs.isEmpty ? ["Write-only: sent to the server, never returned."] : ["", "Write-only: sent to the server, never returned."]) }
            let literalDefault = memberDefault(of: propertySchema, usage: propertyUsage, property: property.name, model: name)
            draft.properties.append(PropertyDraft(
                wireName: property.name,
                swiftName: swiftName,
                schema: property.schema,
                usage: propertyUsage,
                required: isRequired,
                // An untyped member with a default admits null too: `Nullable` keeps a sent `null` apart from the default.
                nullable: admitsNull(propertySchema)
                    || (literalDefault != nil && propertyUsage.swift == "JSONValue" && propertySchema.types.isEmpty),
                defaultLiteral: literalDefault,
                docLines: docs,
                deprecated: propertySchema.deprecated,
                readOnly: readOnly
            ))
        }
        draft.properties += requiredWithoutSchema(schema, modelName: name, declared: Set(draft.properties.map(\.wireName)),
                                                  scope: &memberScope)
        draft.variant = variantDraft(ref, schema: schema, modelName: name, scope: &memberScope, file: file)
        draft.additional = additionalPropertiesDraft(schema, modelName: name,
                                                     declared: draft.properties.map(\.wireName) + (draft.variant?.wireNames ?? []),
                                                     scope: &memberScope, file: file)
        register(draft)
        return usage
    }

    /// Members that `required` names but `properties` does not declare: JSON Schema then requires them with any value,
    /// so the model keeps each as `JSONValue` (dropping them would lose them on the way back). Usually a slip in the
    /// description (Netflix consoleme requires `assume_role_policies` and declares `assume_role_policy_document`),
    /// hence the warning.
    private func requiredWithoutSchema(_ schema: Schema, modelName: String, declared: Set<String>,
                                       scope: inout NameScope) -> [PropertyDraft] {
        guard schema.additionalProperties != .forbidden else { return [] }
        var names: [String] = []
        func collect(_ schema: Schema, visited: Set<SchemaRef>) {
            for member in schema.allOf where !visited.contains(member) { collect(api[member], visited: visited.union([member])) }
            for name in schema.required where !declared.contains(name) && !names.contains(name) { names.append(name) }
        }
        collect(schema, visited: [])
        return names.map { wireName in
            let base = SwiftNaming.memberName(wireName)
            let swiftName = scope.claim(base)
            diagnostics.append(.warning(
                "\(modelName) requires '\(wireName)' but does not declare it among its properties; it is kept as JSONValue",
                at: schema.node["required"] ?? schema.node, hint: "declare '\(wireName)' under properties, or remove it from required"))
            return PropertyDraft(wireName: wireName, swiftName: swiftName, schema: nil, usage: .json, required: true,
                                 nullable: false, defaultLiteral: nil,
                                 docLines: ["Required by the API description, which gives it no schema."], deprecated: false)
        }
    }

    /// The dictionary member for `additionalProperties: true` or a schema next to `properties`; nil when the
    /// description leaves additional members unspecified or forbids them (apigen then keeps declared members only).
    private func additionalPropertiesDraft(_ schema: Schema, modelName: String, declared: [String],
                                           scope: inout NameScope, file: String) -> AdditionalPropertiesDraft? {
        let valueType: String
        switch mergedAdditionalProperties(of: schema) {
        case .unspecified, .forbidden:
            return nil
        case .allowed:
            valueType = "JSONValue"
        case .schema(let valueRef):
            let value = usage(valueRef, suggestedName: modelName + "AdditionalProperty", file: file)
            // Dates need the model's own coding helpers; in a dictionary they stay JSON.
            valueType = value.isDateTime || value.isDateTimeArray ? "JSONValue" : value.swift
        }
        return AdditionalPropertiesDraft(swiftName: scope.claim("additionalProperties"), valueType: valueType,
                                         declaredNames: declared)
    }

    /// Whether a property of this schema can be null: `nullable` (or a `null` type), or an `allOf` of nothing else
    /// whose every member admits null. Box writes `allOf: [{type: string, nullable: true}, {nullable: false}]`: the
    /// second member has no `type`, so its `nullable` has no effect (OpenAPI 3.0.3) and it admits anything; the
    /// validator accepts null there, and the model must hold what the validator accepts.
    func admitsNull(_ schema: Schema, visited: Set<SchemaRef> = []) -> Bool {
        if schema.nullable { return true }
        guard !schema.allOf.isEmpty, schema.types.isEmpty, schema.properties.isEmpty, schema.oneOf.isEmpty,
              schema.anyOf.isEmpty, schema.enumValues == nil, schema.constValue == nil, schema.refTarget == nil
        else { return false }
        return schema.allOf.allSatisfy { member in
            guard !visited.contains(member) else { return false }
            let memberSchema = api[member]
            return isAnnotationOnly(memberSchema) || admitsNull(memberSchema, visited: visited.union([member]))
        }
    }

    /// A schema that constrains nothing (only annotations such as `description`, `example` or a `nullable` without
    /// `type`): it admits every value, null included.
    func isAnnotationOnly(_ schema: Schema) -> Bool {
        schema.types.isEmpty && schema.properties.isEmpty && schema.allOf.isEmpty && schema.oneOf.isEmpty
            && schema.anyOf.isEmpty && schema.enumValues == nil && schema.constValue == nil && schema.refTarget == nil
            && schema.items == nil && schema.additionalProperties == .unspecified && !schema.acceptsNothing
    }

    /// The schema's `additionalProperties`, else what its `allOf` members say (Box's metadata instances allow any
    /// member in an `allOf` member of their own): a member that forbids them wins, then the first member's schema,
    /// then `true`; unspecified when none says anything.
    func mergedAdditionalProperties(of schema: Schema, visited: Set<SchemaRef> = []) -> Schema.Additional {
        if schema.additionalProperties != .unspecified { return schema.additionalProperties }
        let members = schema.allOf.filter { !visited.contains($0) }
            .map { mergedAdditionalProperties(of: api[$0], visited: visited.union([$0])) }
        if members.contains(.forbidden) { return .forbidden }
        if let first = members.first(where: { if case .schema = $0 { true } else { false } }) { return first }
        return members.contains(.allowed) ? .allowed : .unspecified
    }

    /// The `oneOf`/`anyOf` next to `properties` or `allOf`, when every variant is an object with properties: an
    /// enum of the variants (`<Model>Variant`) held by one member and decoded from, and encoded into, the same
    /// object as the declared properties. Nil when the variants only constrain (e.g. `required` alternatives):
    /// the validator checks those and the model needs nothing more.
    private func variantDraft(_ ref: SchemaRef, schema: Schema, modelName: String, scope: inout NameScope,
                              file: String) -> VariantDraft? {
        guard hasObjectVariants(schema) else { return nil }
        let members = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
        if !schema.oneOf.isEmpty && !schema.anyOf.isEmpty {
            diagnostics.append(.warning("\(modelName) has both oneOf and anyOf next to its properties; only the oneOf variants are modelled (the validator checks both)",
                                        at: schema.node["anyOf"] ?? schema.node))
        }
        let keyword = schema.oneOf.isEmpty ? "anyOf" : "oneOf"
        let swiftName = scope.claim("variant")
        let union = declareUnion(ref, members: members, name: modelName + "Variant", named: false, file: file,
                                 remembering: false, docLines: ["The `\(keyword)` variants of \(modelName), held by its `\(swiftName)` member."])
        var wireNames: [String] = []
        for member in members {
            for property in mergedProperties(of: api[member]) where !wireNames.contains(property.name) { wireNames.append(property.name) }
        }
        return VariantDraft(swiftName: swiftName, typeName: union.swift, keyword: keyword, wireNames: wireNames)
    }

    /// Whether a `oneOf`/`anyOf` member is an object with declared properties (directly or through `allOf`).
    private func isObjectVariant(_ ref: SchemaRef) -> Bool {
        let schema = api[ref]
        guard schema.oneOf.isEmpty, schema.anyOf.isEmpty, schema.enumValues == nil, !schema.acceptsNothing else { return false }
        let types = schema.types.filter { $0 != .null }
        guard types.isEmpty || types == [.object] else { return false }
        return !mergedProperties(of: schema).isEmpty
    }

    /// Whether `schema` has `oneOf`/`anyOf` variants that `variantDraft` models next to its own members.
    func hasObjectVariants(_ schema: Schema) -> Bool {
        let members = schema.oneOf.isEmpty ? schema.anyOf : schema.oneOf
        return !members.isEmpty && members.allSatisfy(isObjectVariant)
    }

    func declareUnion(_ ref: SchemaRef, members: [SchemaRef], name requested: String, named: Bool, file: String,
                      remembering: Bool = true, parentOfPolymorphism: SchemaRef? = nil, docLines: [String]? = nil) -> TypeUsage {
        let schema = api[ref]
        let name = claimName(requested, named: named)
        var usage = TypeUsage(swift: name)
        if remembering { remember(ref, usage) }
        var caseUsages: [(name: String, usage: TypeUsage)] = []
        var plan = basePlan(name: name, schema: schema)
        if let docLines { plan.docLines = docLines }
        plan.isUnion = true
        var caseScope = NameScope(reserved: ["init", "encode", "hashvalue", "hash"])
        var seenTypes = Set<String>()
        let discriminatorValues = schema.discriminator.map { DiscriminatorValues(discriminator: $0, api: api) }
        if let discriminator = schema.discriminator {
            plan.hasDiscriminator = true
            plan.discriminatorLiteral = SwiftNaming.stringLiteral(discriminator.propertyName)
        }
        let variantNaming = UnionVariantNaming(api: api)
        let memberUsages = members.map { member in
            let suffix = variantNaming.suffix(for: member, siblings: members,
                                              discriminatorProperty: schema.discriminator?.propertyName)
            // The parent of an inheritance union is a variant as its own struct, not as the union again.
            return member == parentOfPolymorphism ? self.ownUsage(member, suggestedName: name + suffix, file: file)
                : self.usage(member, suggestedName: name + suffix, file: file)
        }
        // The enum's body names the variant types bare (`try xName(from: decoder)`): a case spelled like one of them
        // (a type named in lower case or in a script without case) would shadow the type there.
        let variantTypes = Set(memberUsages.map(\.swift))
        let tellingNothing = tagsTellingNothing(members)
        for (member, memberUsage) in zip(members, memberUsages) {
            // A variant that is the union itself adds no value and would make decoding call itself forever.
            if memberUsage.swift == name {
                diagnostics.append(.warning("\(name) lists itself among its oneOf/anyOf variants; that variant is left out",
                                            at: api[member].node))
                continue
            }
            guard seenTypes.insert(memberUsage.swift).inserted else { continue }
            let values = discriminatorValues?.values(of: member) ?? []
            var typeName = memberUsage.swift
            // A variant enum's inline variants are named after it (`PetVariantCat`); its cases need not repeat that.
            if !remembering, !named, typeName.hasPrefix(name), typeName.count > name.count { typeName.removeFirst(name.count) }
            let base = SwiftNaming.memberName(typeName.replacingOccurrences(of: "[", with: "")
                .replacingOccurrences(of: "]", with: "Array").replacingOccurrences(of: ":", with: ""))
            var claimed = caseScope.claim(base)
            while variantTypes.contains(claimed) { claimed = caseScope.claim(claimed + "Value") }
            let caseName = SwiftNaming.escapedMember(claimed)
            caseUsages.append((caseName, memberUsage))
            plan.unionCases.append(UnionCasePlan(name: caseName, type: memberUsage.swift,
                                                 decodeExpression: ".\(caseName)(try \(memberUsage.swift)(from: decoder))",
                                                 discriminatorValues: values.map(SwiftNaming.stringLiteral),
                                                 hasDiscriminatorValues: !values.isEmpty,
                                                 discriminatorPattern: values.map(SwiftNaming.stringLiteral).joined(separator: ", "),
                                                 shapeArguments: shapeArguments(of: member, leavingOut: tellingNothing)))
        }
        if plan.unionCases.isEmpty {
            // Every variant was the union itself: an enum without cases could hold no value, and a union listing it
            // would never finish building one (swiftc: "will never be executed"). Any JSON value is kept instead.
            diagnostics.append(.warning("\(name) has no variant other than itself; typed as JSONValue", at: schema.node))
            var alias = basePlan(name: name, schema: schema)
            alias.isAlias = true
            alias.aliasedType = TypeUsage.json.swift
            register(ModelDraft(plan: alias, file: file))
            var aliasUsage = TypeUsage.json
            aliasUsage.swift = name
            if remembering { remember(ref, aliasUsage) }
            return aliasUsage
        }
        plan.unionCases[plan.unionCases.count - 1].isLast = true
        if let parent = parentOfPolymorphism, let parentCase = zip(members, plan.unionCases).first(where: { $0.0 == parent })?.1 {
            // Responses are validated against the parent's schema, so a value naming a kind it does not fit (a member
            // of the wrong type) is still a valid parent: it decodes as one, as it did before the kinds were typed.
            for index in plan.unionCases.indices where plan.unionCases[index].name != parentCase.name {
                let kind = plan.unionCases[index]
                plan.unionCases[index].decodeExpression =
                    "try (try? \(kind.type)(from: decoder)).map { .\(kind.name)($0) } ?? \(parentCase.decodeExpression)"
            }
        }
        if plan.hasDiscriminator { separateSharedDiscriminatorValues(in: &plan) }
        plan.decodesByShape = plan.unionCases.filter { !$0.shapeArguments.isEmpty }.count >= 2
        if plan.hasDiscriminator && !plan.unionCases.contains(where: \.hasDiscriminatorValues) && plan.sharedDiscriminatorValues.isEmpty {
            plan.hasDiscriminator = false
        }
        if plan.hasDiscriminator {
            var claimed = caseScope.claim("undocumented")
            while variantTypes.contains(claimed) { claimed = caseScope.claim(claimed + "Value") }
            plan.undocumentedCaseName = SwiftNaming.escapedMember(claimed)
        }
        register(ModelDraft(plan: plan, file: file))
        usage.unionCases = caseUsages
        if remembering { remember(ref, usage) }
        return usage
    }

    /// Moves each discriminator value that several cases declare out of their `case` patterns (a `switch` takes the
    /// first of duplicate patterns and warns) into `sharedDiscriminatorValues`, which chooses among those cases by shape.
    private func separateSharedDiscriminatorValues(in plan: inout ModelPlan) {
        var order: [String] = []
        var owners: [String: [Int]] = [:]
        for (index, unionCase) in plan.unionCases.enumerated() {
            for value in unionCase.discriminatorValues where owners[value]?.last != index {
                if owners[value] == nil { order.append(value) }
                owners[value, default: []].append(index)
            }
        }
        let shared = order.filter { owners[$0]!.count > 1 }
        guard !shared.isEmpty else { return }
        for index in plan.unionCases.indices {
            var unionCase = plan.unionCases[index]
            var seen = Set<String>()
            unionCase.discriminatorValues = unionCase.discriminatorValues.filter { !shared.contains($0) && seen.insert($0).inserted }
            unionCase.hasDiscriminatorValues = !unionCase.discriminatorValues.isEmpty
            unionCase.discriminatorPattern = unionCase.discriminatorValues.joined(separator: ", ")
            plan.unionCases[index] = unionCase
        }
        plan.sharedDiscriminatorValues = shared.map { value in
            SharedDiscriminatorValuePlan(literal: value, variants: owners[value]!.map { plan.unionCases[$0] })
        }
    }

    /// The arguments of the variant's `UnionDecoding.Variant`: the member names an object variant declares, the required
    /// ones that decode when absent, and the members it restricts to a few strings (but those `leavingOut` names,
    /// whose tags tell no variant from another), e.g.
    /// `(keys: ["id", "type", "lock_reason"], required: ["lock_reason"], tags: ["type": ["track"]])`;
    /// empty for a variant that is not an object with declared members.
    private func shapeArguments(of member: SchemaRef, leavingOut tellingNothing: Set<String>) -> String {
        let schema = api[member]
        guard schema.oneOf.isEmpty, schema.anyOf.isEmpty else { return "" }
        let properties = mergedProperties(of: schema)
        guard !properties.isEmpty else { return "" }
        let keys = properties.map { SwiftNaming.stringLiteral($0.name) }.joined(separator: ", ")
        // Only the required members decoding does not enforce: a nullable one or one with a default decodes when absent.
        let required = mergedRequired(of: schema)
        let unenforced = properties.filter { property in
            isRequired(property, in: required) && (admitsNull(api[property.schema]) || api[property.schema].defaultValue != nil)
        }.map { SwiftNaming.stringLiteral($0.name) }
        let tags = tagStrings(of: member).filter { !tellingNothing.contains($0.name) }.map { tag in
            SwiftNaming.stringLiteral(tag.name) + ": [" + tag.allowed.map(SwiftNaming.stringLiteral).joined(separator: ", ") + "]"
        }
        return "(keys: [\(keys)]"
            + (unenforced.isEmpty ? "" : ", required: [\(unenforced.joined(separator: ", "))]")
            + (tags.isEmpty ? "" : ", tags: [\(tags.joined(separator: ", "))]") + ")"
    }

    /// The members an object variant restricts to a few strings (`Schema.tagStrings`), in declaration order.
    private func tagStrings(of member: SchemaRef) -> [(name: String, allowed: [String])] {
        let schema = api[member]
        guard schema.oneOf.isEmpty, schema.anyOf.isEmpty else { return [] }
        return mergedProperties(of: schema).compactMap { property in
            let own = api[property.schema]
            return (own.tagStrings ?? own.refTarget.flatMap { api[$0].tagStrings }).map { (property.name, $0) }
        }
    }

    /// The members whose tags tell no variant from another, left out of the generated shapes: one every variant
    /// restricts to the same strings (openai's `"object": ["realtime.item"]`), and one restricted to several strings
    /// the same way wherever it is restricted at all (GitHub's `author_association` in two timeline events). Such an
    /// enum grows (servers add values before descriptions do), and a new value would set aside exactly the variants
    /// that declare the member, for nothing. A member fixed to one string stays a tag wherever it is: the value of a
    /// kind (`"event": "locked"`).
    private func tagsTellingNothing(_ members: [SchemaRef]) -> Set<String> {
        let tagsByVariant = members.map { Dictionary(tagStrings(of: $0).map { ($0.name, Set($0.allowed)) }, uniquingKeysWith: { first, _ in first }) }
        guard tagsByVariant.count > 1 else { return [] }
        var names: [String] = []
        for tags in tagsByVariant { names += tags.keys.sorted().filter { !names.contains($0) } }
        return Set(names.filter { name in
            let sets = tagsByVariant.compactMap { $0[name] }
            let distinct = Set(sets)
            if sets.count == tagsByVariant.count && distinct.count == 1 { return true }
            return distinct.count == 1 && sets.contains { $0.count > 1 }
        })
    }

    func declareEnum(_ ref: SchemaRef, rawType: String, name requested: String, named: Bool, file: String) -> TypeUsage {
        let schema = api[ref]
        let name = claimName(requested, named: named)
        var plan = basePlan(name: name, schema: schema)
        plan.isEnum = true
        plan.rawType = rawType
        var caseScope = NameScope(reserved: ["undocumented", "init", "rawvalue", "allcases", "hashvalue", "parametervalue", "encode", "hash"])
        var cases: [(raw: ScalarValue, name: String)] = []
        var seen = Set<ScalarValue>()
        for value in schema.enumValues ?? [] where value != .null && seen.insert(value).inserted {
            let base: String
            switch value {
            case .int(let number): base = number < 0 ? "valueMinus\(-number)" : "value\(number)"
            case .string(let text): base = text.isEmpty ? "empty" : SwiftNaming.memberName(text)
            default: continue
            }
            let claimed = caseScope.claim(base)
            if claimed != base {
                diagnostics.append(.warning("enum value '\(value)' of \(name) is the case '\(claimed)' because '\(base)' is taken by another value",
                                            at: schema.node["enum"] ?? schema.node))
            }
            let caseName = SwiftNaming.escapedMember(claimed)
            cases.append((value, caseName))
            let literal = rawType == "String" ? SwiftNaming.stringLiteral(value.string ?? "") : value.description
            plan.enumCases.append(EnumCasePlan(name: caseName, rawLiteral: literal))
        }
        var usage = TypeUsage.primitive(name)
        usage.enumCases = cases
        remember(ref, usage)
        register(ModelDraft(plan: plan, file: file))
        return usage
    }

    func declareAlias(_ ref: SchemaRef, of value: TypeUsage, name: String, file: String) -> TypeUsage {
        var plan = basePlan(name: name, schema: api[ref])
        plan.isAlias = true
        plan.aliasedType = value.swift
        register(ModelDraft(plan: plan, file: file))
        var usage = value
        usage.swift = name
        remember(ref, usage)
        return usage
    }

    func basePlan(name: String, schema: Schema) -> ModelPlan {
        ModelPlan(name: name, access: config.access.rawValue, docLines: documentation(schema),
                  isDeprecated: schema.deprecated, source: sourceComment(schema))
    }
}
