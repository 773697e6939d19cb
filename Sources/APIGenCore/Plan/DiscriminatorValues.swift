/// The discriminator values that select each variant of a union: the `mapping` entries naming the variant (or the
/// schema its `$ref` points to), else its `x-ms-discriminator-value`, else the one value the variant itself allows
/// for the property (a `const`, or an `enum` of one string), else the variant's component name (OpenAPI's implicit
/// mapping). The model's decoding and the validator's "kind the description does not list" check both read them from
/// here, so the two cannot disagree about which kinds are known.
struct DiscriminatorValues {
    let discriminator: Schema.Discriminator
    let api: ResolvedAPI

    /// The values that select `variant`; empty when neither a mapping entry nor a component name gives one.
    func values(of variant: SchemaRef) -> [String] {
        let target = api[variant].refTarget ?? variant
        let explicit = discriminator.mapping.filter { $0.schema == variant || $0.schema == target }.map(\.value)
        if !explicit.isEmpty { return explicit }
        // Azure's Swagger 2.0 descriptions name a subtype's value on the subtype.
        if let value = api[target].node["x-ms-discriminator-value"]?.string { return [value] }
        // OpenAPI's implicit value is the component name, but a variant whose own schema allows one other value
        // (openai: `ChatCompletionRequestAssistantMessage` says `role: {enum: [assistant]}`) can never carry its
        // name and validate: servers send the declared value, and openapi-core and JSON Schema judge by it.
        if let declared = declaredValue(in: target, depth: 0) { return [declared] }
        return (api[target].nameHint ?? api[variant].nameHint).map { [$0] } ?? []
    }

    /// The single string `schema` (or a schema it is composed of) allows for the discriminator property.
    private func declaredValue(in schema: SchemaRef, depth: Int) -> String? {
        guard depth < 8 else { return nil }
        let node = api[schema]
        if let property = node.properties.first(where: { $0.name == discriminator.propertyName }) {
            let declared = api[api[property.schema].refTarget ?? property.schema]
            let own = api[property.schema]
            for candidate in [own, declared] {
                if case .string(let value)? = candidate.constValue { return value }
                if let values = candidate.enumValues, values.count == 1, case .string(let value) = values[0] {
                    return value
                }
            }
        }
        for member in node.allOf + [node.refTarget].compactMap({ $0 }) {
            if let value = declaredValue(in: member, depth: depth + 1) { return value }
        }
        return nil
    }

    /// Every value the description names for `variants`, once: all mapping values in document order, then the implicit
    /// values of variants no mapping entry names.
    func known(variants: [SchemaRef]) -> [String] {
        let mapped = Set(discriminator.mapping.map(\.schema))
        let implicit = variants.filter { variant in
            !mapped.contains(variant) && !mapped.contains(api[variant].refTarget ?? variant)
        }.flatMap(values(of:))
        var seen = Set<String>()
        return (discriminator.mapping.map(\.value) + implicit).filter { seen.insert($0).inserted }
    }
}
