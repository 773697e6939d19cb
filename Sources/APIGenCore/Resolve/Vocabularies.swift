/// The vocabularies a custom meta-schema turns on (2019-09 and later `$vocabulary`), as far as validators care.
public struct Vocabularies: Sendable, Equatable {
    /// The validation vocabulary (`type`, `enum`, bounds, lengths, `pattern`, `required`, ...).
    public var validation: Bool
    /// The 2020-12 format-assertion vocabulary: `format` is asserted whatever the run's options say.
    public var formatAssertion: Bool

    /// Keywords of the validation vocabulary (and their draft-03/04 spellings).
    static let validationKeywords: Set<String> = [
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
        "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
        "minProperties", "required", "dependentRequired",
    ]

    /// Reads a meta-schema's `$vocabulary`; nil when it declares none.
    init?(metaSchema: SpecNode) {
        guard let declared = metaSchema["$vocabulary"]?.entries else { return nil }
        let names = declared.map(\.key)
        validation = names.contains { $0.hasSuffix("/vocab/validation") }
        formatAssertion = names.contains { $0.hasSuffix("/vocab/format-assertion") }
    }
}
