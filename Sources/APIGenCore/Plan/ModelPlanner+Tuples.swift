/// Tuples (`prefixItems`, draft-04 `items: [...]`) whose positions differ: a struct with one member per position,
/// coded as a JSON array.
extension ModelPlanner {
    /// Member names for positions without a `title`: a tuple's position is what its element means.
    private static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                                   "tenth"]

    /// Whether `tuple` can be a struct: positions that are `null`-able or date-times (which need the keyed coding
    /// helpers) stay a `[JSONValue]`, losing nothing but the typing.
    func canDeclareTuple(_ tuple: Tuple) -> Bool {
        tuple.positions.allSatisfy { position in
            let schema = api[position]
            return !schema.nullable && !(schema.types.contains(.string) && schema.format == "date-time")
        }
    }

    func declareTuple(_ ref: SchemaRef, tuple: Tuple, name requested: String, named: Bool, file: String) -> TypeUsage {
        let schema = api[ref]
        let name = claimName(requested, named: named)
        var usage = TypeUsage(swift: name)
        usage.directStruct = name
        remember(ref, usage)
        var plan = basePlan(name: name, schema: schema)
        plan.isStruct = true
        plan.isTuple = true
        plan.docLines += (plan.docLines.isEmpty ? [] : [""]) + ["A JSON array of \(tuple.positions.count) positions"
            + (tuple.restForbidden ? "." : ", then any number of further elements (`rest`).")]
        var scope = NameScope(reserved: ["rest", "init", "encode", "container"])
        let required = min(schema.minItems ?? 0, tuple.positions.count)
        var properties: [PropertyPlan] = []
        for (index, position) in tuple.positions.enumerated() {
            let positionSchema = api[position]
            let base = positionSchema.title.map(SwiftNaming.memberName).flatMap { $0.isEmpty ? nil : $0 }
                ?? (index < Self.ordinals.count ? Self.ordinals[index] : "element\(index + 1)")
            let member = SwiftNaming.escapedMember(scope.claim(base))
            let plain = member.filter { $0 != "`" }
            let element = self.usage(position, suggestedName: name + SwiftNaming.typeNamePart(plain), file: file)
            let isRequired = index < required
            let type = isRequired ? element.swift : element.swift + "?"
            // Models hold nested structs in a box (as struct properties do): a tuple may hold the struct holding it.
            let storage = element.directStruct != nil ? "_" + plain : nil
            var docs = documentation(positionSchema)
            docs += (docs.isEmpty ? [] : [""]) + ["Position \(index + 1)" + (isRequired ? "." : "; nil when the array ends before it.")]
            properties.append(PropertyPlan(
                name: member, codingKey: member, wireLiteral: "", type: type, docLines: docs, isDeprecated: positionSchema.deprecated,
                initParameter: "\(member): \(type)\(isRequired ? "" : " = nil")", coding: .position(valueType: element.swift, isRequired: isRequired),
                parameterName: member, binding: config.mutableModels ? "var" : "let", storageName: storage,
                storageType: storage.map { _ in "Indirect<\(type)>" }, isBoxed: storage != nil,
                isSettable: storage != nil && config.mutableModels))
        }
        if !tuple.restForbidden {
            let element = tuple.rest.map { self.usage($0, suggestedName: name + "Rest", file: file).swift } ?? "JSONValue"
            properties.append(PropertyPlan(
                name: "rest", codingKey: "rest", wireLiteral: "", type: "[\(element)]",
                docLines: ["The elements after the positions."], isDeprecated: false,
                initParameter: "rest: [\(element)] = []",
                coding: .rest(elementType: element),
                parameterName: "rest", binding: config.mutableModels ? "var" : "let"))
        }
        if !properties.isEmpty { properties[properties.count - 1].isLast = true }
        plan.properties = properties
        register(ModelDraft(plan: plan, file: file))
        return usage
    }
}
