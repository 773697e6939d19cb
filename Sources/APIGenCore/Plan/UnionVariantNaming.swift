/// Names an inline `oneOf`/`anyOf` variant after what distinguishes it from its siblings, never after its position:
/// inserting or reordering variants must not rename the others (a renamed type rewrites every file that uses it and
/// breaks user code that names it).
///
/// In order of preference: the variant's `title`; the constant value of its tag property (the discriminator's
/// property, else any property fixed to one string by `const` or a one-value `enum`); the first property no sibling
/// declares (`With<Property>`); the first property; its JSON type. Variants that tie get the scope's suffix.
struct UnionVariantNaming {
    let api: ResolvedAPI

    /// The part appended to the union's name for `member`, among `siblings` (all members, `member` included).
    func suffix(for member: SchemaRef, siblings: [SchemaRef], discriminatorProperty: String?) -> String {
        let schema = api[member]
        if let title = schema.title, !SwiftNaming.words(title).isEmpty {
            return SwiftNaming.typeNamePart(title)
        }
        if let tag = tagValue(of: schema, preferring: discriminatorProperty) {
            return SwiftNaming.typeNamePart(tag)
        }
        let others = siblings.filter { $0 != member }.map { Set(api[$0].properties.map(\.name)) }
        if let unique = schema.properties.first(where: { property in !others.contains { $0.contains(property.name) } }) {
            return "With" + SwiftNaming.typeNamePart(unique.name)
        }
        if let first = schema.properties.first {
            return "With" + SwiftNaming.typeNamePart(first.name)
        }
        return typeWord(schema)
    }

    /// The single string a property of `schema` is fixed to, the discriminator's property first.
    private func tagValue(of schema: Schema, preferring discriminatorProperty: String?) -> String? {
        let candidates = schema.properties.filter { $0.name == discriminatorProperty }
            + schema.properties.filter { $0.name != discriminatorProperty }
        for property in candidates {
            if let value = api[property.schema].fixedString, !SwiftNaming.words(value).isEmpty { return value }
        }
        return nil
    }

    private func typeWord(_ schema: Schema) -> String {
        switch schema.types.first(where: { $0 != .null }) {
        case .object?: "Object"
        case .array?: "Array"
        case .string?: "String"
        case .integer?: "Integer"
        case .number?: "Number"
        case .boolean?: "Bool"
        case .null?, nil: "Variant"
        }
    }
}

extension Schema {
    /// The one string the schema allows (`const`, or an `enum` of one string): a variant's tag such as `"type": "track"`.
    var fixedString: String? {
        if case .string(let value)? = constValue { return value }
        if let values = enumValues, values.count == 1, case .string(let value) = values[0] { return value }
        return nil
    }

    /// The few strings the schema allows (`const`, or an `enum` of at most 16 strings, `null` aside), which tell a
    /// union's variants apart (`"role": ["user"]`); nil when it allows any string, a non-string, or a longer list.
    var tagStrings: [String]? {
        if case .string(let value)? = constValue { return [value] }
        guard let values = enumValues?.filter({ $0 != .null }), !values.isEmpty, values.count <= 16 else { return nil }
        var strings: [String] = []
        for value in values {
            guard case .string(let text) = value else { return nil }
            if !strings.contains(text) { strings.append(text) }
        }
        return strings
    }
}
