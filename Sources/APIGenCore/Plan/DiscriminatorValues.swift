/// The discriminator values that select each variant of a union: the `mapping` entries naming the variant (or the
/// schema its `$ref` points to), else the variant's component name (OpenAPI's implicit mapping). The model's
/// decoding and the validator's "kind the description does not list" check both read them from here, so the
/// two cannot disagree about which kinds are known.
struct DiscriminatorValues {
    let discriminator: Schema.Discriminator
    let api: ResolvedAPI

    /// The values that select `variant`; empty when neither a mapping entry nor a component name gives one.
    func values(of variant: SchemaRef) -> [String] {
        let target = api[variant].refTarget ?? variant
        let explicit = discriminator.mapping.filter { $0.schema == variant || $0.schema == target }.map(\.value)
        if !explicit.isEmpty { return explicit }
        return (api[target].nameHint ?? api[variant].nameHint).map { [$0] } ?? []
    }

    /// Every value the description names for `variants`: all mapping values in document order, then the implicit
    /// values of variants no mapping entry names.
    func known(variants: [SchemaRef]) -> [String] {
        let mapped = Set(discriminator.mapping.map(\.schema))
        let implicit = variants.filter { variant in
            !mapped.contains(variant) && !mapped.contains(api[variant].refTarget ?? variant)
        }.flatMap(values(of:))
        return discriminator.mapping.map(\.value) + implicit
    }
}
