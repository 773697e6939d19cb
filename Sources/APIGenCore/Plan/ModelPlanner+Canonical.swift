/// Canonical models: one struct decoded from every listed wire shape, encoded per shape.
extension ModelPlanner {
    private struct FieldDraft {
        var canonical: String
        var wireNames: [String] = []
        var usages: [TypeUsage] = []
        var presentIn: Set<Int> = []
        var requiredIn: Set<Int> = []
        var nullable = false
        var nullableIn: Set<Int> = []
        var docLines: [String] = []
        /// Per shape: wire name and usage.
        var perShape: [Int: (wire: String, usage: TypeUsage)] = [:]
    }

    func declareCanonical(_ group: CanonicalGroup) -> TypeUsage {
        let name = canonicalNames[group.name] ?? group.name
        var usage = TypeUsage(swift: name)
        usage.directStruct = name
        for shape in group.shapes { remember(shape, usage) }

        var fields: [FieldDraft] = []
        func index(of canonical: String) -> Int {
            if let found = fields.firstIndex(where: { $0.canonical == canonical }) { return found }
            fields.append(FieldDraft(canonical: canonical))
            return fields.count - 1
        }
        for (shapeIndex, shape) in group.shapes.enumerated() {
            let schema = api[shape]
            let required = mergedRequired(of: schema)
            for property in mergedProperties(of: schema) {
                let canonical = group.fieldForWireName[property.name] ?? SwiftNaming.memberName(property.name)
                let position = index(of: canonical)
                let propertySchema = api[property.schema]
                let propertyUsage = self.usage(property.schema, suggestedName: name + SwiftNaming.typeNamePart(canonical), file: name)
                if !fields[position].wireNames.contains(property.name) { fields[position].wireNames.append(property.name) }
                fields[position].usages.append(propertyUsage)
                fields[position].presentIn.insert(shapeIndex)
                if isRequired(property, in: required) {
                    fields[position].requiredIn.insert(shapeIndex)
                }
                if propertySchema.nullable {
                    fields[position].nullable = true
                    fields[position].nullableIn.insert(shapeIndex)
                }
                if fields[position].docLines.isEmpty { fields[position].docLines = documentation(propertySchema) }
                fields[position].perShape[shapeIndex] = (property.name, propertyUsage)
            }
        }

        var plan = ModelPlan(name: name, access: config.access.rawValue,
                             docLines: documentation(api[group.shapes[0]]) + (documentation(api[group.shapes[0]]).isEmpty ? [] : [""])
                                + ["One model for \(group.shapes.count) wire shape\(group.shapes.count == 1 ? "" : "s") (`models: \(group.name)`)."],
                             isDeprecated: false, source: sourceComment(api[group.shapes[0]]))
        plan.isStruct = true
        plan.isCanonical = true
        var keyScope = NameScope()
        var keyNames: [String: String] = [:]
        for field in fields {
            let preferred = group.wireNamesForField[field.canonical] ?? []
            let ordered = preferred.filter(field.wireNames.contains) + field.wireNames.filter { !preferred.contains($0) }
            for wire in ordered where keyNames[wire] == nil {
                let key = SwiftNaming.escapedMember(keyScope.claim(SwiftNaming.memberName(wire)))
                keyNames[wire] = key
                plan.codingKeys.append(CodingKeyPlan(name: key, wireLiteral: SwiftNaming.stringLiteral(wire)))
            }
        }

        var memberScope = NameScope(reserved: ["codingkeys", "init", "encode", "encoded", "wireshape", "shapeencoding"])
        var properties: [PropertyPlan] = []
        var resolvedTypes: [String] = []
        var keepsNulls: [Bool] = []
        for field in fields {
            let swiftName = SwiftNaming.escapedMember(memberScope.claim(field.canonical))
            let type = reconcile(field.usages, field: field.canonical, model: name, schema: api[group.shapes[0]])
            resolvedTypes.append(type)
            let requiredEverywhere = field.presentIn.count == group.shapes.count && field.requiredIn.count == group.shapes.count
            let required = requiredEverywhere && !field.nullable
            // A shape where the field is optional and nullable tells absent from null: so does the model.
            let keepsNull = field.nullable && !requiredEverywhere && type != "FlexibleIdentifier"
            keepsNulls.append(keepsNull)
            let declared = required ? type : keepsNull ? "Nullable<\(type)>?" : type + "?"
            let preferred = group.wireNamesForField[field.canonical] ?? []
            let keys = preferred.filter(field.wireNames.contains) + field.wireNames.filter { !preferred.contains($0) }
            let isDate = type == "Date"
            let value: SpellingsCoding.Value = if type == "FlexibleIdentifier" {
                // Keys whose shapes send an identifier as a string: decoding tries that form first for them.
                .identifier(textKeys: Set(field.perShape.values
                    .filter { !["Int", "Int32", "Int64"].contains($0.usage.swift) }.map(\.wire)).sorted())
            } else if keepsNull {
                isDate ? .nullableDateTime : .nullable(type: type)
            } else {
                isDate ? .dateTime : .value(type: type)
            }
            var docs = field.docLines
            if field.wireNames.count > 1 {
                docs.append(contentsOf: docs.isEmpty ? [] : [""])
                docs.append("Arrives as " + field.wireNames.map { "`\(SwiftNaming.commentText($0))`" }.joined(separator: " or ") + ".")
            }
            properties.append(PropertyPlan(
                name: swiftName, codingKey: swiftName, wireLiteral: "", type: declared, docLines: docs, isDeprecated: false,
                initParameter: "\(swiftName): \(declared)\(required ? "" : " = nil")",
                coding: .firstSpelling(SpellingsCoding(keys: keys, value: value, isRequired: required)), parameterName: swiftName,
                binding: config.mutableModels ? "var" : "let"))
        }
        if !properties.isEmpty { properties[properties.count - 1].isLast = true }
        plan.properties = properties

        var shapeScope = NameScope(reserved: ["init"])
        for (shapeIndex, shape) in group.shapes.enumerated() {
            let schema = api[shape]
            let caseName = SwiftNaming.escapedMember(shapeScope.claim(SwiftNaming.memberName(schema.nameHint ?? "shape\(shapeIndex + 1)")))
            var fieldCodings: [ShapeFieldCoding] = []
            for (fieldIndex, field) in fields.enumerated() {
                guard let (wire, wireUsage) = field.perShape[shapeIndex] else { continue }
                let property = properties[fieldIndex]
                // Optional in the model but required and nullable in this shape: nil is written as `null`.
                let optional = property.type.hasSuffix("?")
                    && !(field.requiredIn.contains(shapeIndex) && field.nullableIn.contains(shapeIndex))
                let kind: ShapeFieldCoding.Kind
                if keepsNulls[fieldIndex] {
                    kind = .nullable(isDate: resolvedTypes[fieldIndex] == "Date")
                } else if resolvedTypes[fieldIndex] == "FlexibleIdentifier" {
                    kind = .identifier(asInteger: ["Int", "Int32", "Int64"].contains(wireUsage.swift),
                                       isOptional: property.type.hasSuffix("?"))
                } else if resolvedTypes[fieldIndex] == "Date" {
                    kind = .dateTime(ifPresent: optional, orNull: !optional && property.type.hasSuffix("?"))
                } else {
                    kind = .value(isOptional: optional)
                }
                fieldCodings.append(ShapeFieldCoding(wireName: wire, propertyName: property.name, kind: kind))
            }
            plan.shapes.append(ShapePlan(name: caseName, source: sourceComment(schema), fields: fieldCodings))
            shapeCases[shape] = caseName
        }
        plan.firstShapeName = plan.shapes.first?.name
        register(ModelDraft(plan: plan, file: name))
        return usage
    }

    /// One Swift type for a field that several shapes type differently.
    private func reconcile(_ usages: [TypeUsage], field: String, model: String, schema: Schema) -> String {
        let types = usages.map(\.swift)
        var distinct: [String] = []
        for type in types where !distinct.contains(type) { distinct.append(type) }
        if distinct.count == 1 { return distinct[0] }
        let integers: Set<String> = ["Int", "Int32", "Int64"]
        if distinct.allSatisfy({ integers.contains($0) || $0 == "String" || $0 == "UUID" }),
           distinct.contains(where: integers.contains), distinct.contains("String") {
            return "FlexibleIdentifier"
        }
        if distinct.allSatisfy(integers.contains) { return "Int64" }
        if Set(distinct).isSubset(of: ["Int", "Int32", "Int64", "Double", "Float"]) { return "Double" }
        diagnostics.append(.warning(
            "field '\(field)' of \(model) has different types in its shapes (\(distinct.joined(separator: ", "))); it is typed as JSONValue",
            at: schema.node, hint: "map the differing wire names to separate fields in `models: \(model): fields:`"))
        return "JSONValue"
    }
}
