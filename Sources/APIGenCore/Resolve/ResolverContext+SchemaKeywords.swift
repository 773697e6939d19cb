/// A schema key that is no keyword is an annotation, as JSON Schema says, so it is kept and never an error; but one a
/// letter or two away from a keyword (`requried`, `maxLenght`, `itmes`, `Pattern`) is almost surely that keyword
/// misspelt, and the check or the type it meant is silently missing from the generated code. Reported as a warning at
/// the key, with the keyword as the hint.
extension ResolverContext {
    /// Every keyword of draft-03 to 2020-12, plus the fields OpenAPI adds to a schema.
    static let knownSchemaKeywords: Set<String> = [
        "$schema", "$id", "id", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor",
        "$vocabulary", "$comment", "$defs", "definitions", "type", "enum", "const", "multipleOf", "divisibleBy", "maximum",
        "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems",
        "uniqueItems", "maxContains", "minContains", "contains", "maxProperties", "minProperties", "required",
        "dependentRequired", "dependentSchemas", "dependencies", "properties", "patternProperties", "additionalProperties",
        "propertyNames", "unevaluatedProperties", "items", "prefixItems", "additionalItems", "unevaluatedItems", "allOf",
        "anyOf", "oneOf", "not", "if", "then", "else", "extends", "disallow", "format", "contentEncoding",
        "contentMediaType", "contentSchema", "title", "description", "default", "deprecated", "readOnly", "writeOnly",
        "examples", "example", "nullable", "discriminator", "xml", "externalDocs",
    ]

    /// Warns about each key of the schema `node` that looks like a misspelt keyword.
    func reportMisspeltKeywords(in node: SpecNode) {
        for entry in node.entries ?? [] where !entry.key.hasPrefix("x-") && !Self.knownSchemaKeywords.contains(entry.key) {
            guard let keyword = Self.keyword(misspeltAs: entry.key) else { continue }
            warning("schema key '\(SwiftNaming.commentText(entry.key))' is no keyword, so it checks nothing and is ignored",
                    atKeyOf: entry, hint: "did you mean '\(keyword)'?")
        }
    }

    /// ``knownSchemaKeywords`` in a fixed order, so that a tie always names the same keyword.
    private static let sortedSchemaKeywords = knownSchemaKeywords.sorted()

    /// The keyword `key` differs from only in case, or by one edit (two for keys of eight letters or more).
    static func keyword(misspeltAs key: String) -> String? {
        guard key.count >= 4 else { return nil }
        return closest(to: key, among: sortedSchemaKeywords, within: key.count >= 8 ? 2 : 1)
    }
}
