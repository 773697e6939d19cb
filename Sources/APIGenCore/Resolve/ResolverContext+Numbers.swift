/// Numeric keywords must be numbers JSON can write: YAML's `.inf` and `.nan` (and `multipleOf` of zero or less) are
/// errors at their location, so generated code never holds a constant that cannot exist.
extension ResolverContext {
    static let numericKeywords = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
                                  "minLength", "maxLength", "minItems", "maxItems", "minProperties", "maxProperties",
                                  "minContains", "maxContains"]

    /// Reports non-finite numbers in numeric keywords, `enum`, `const` and `default` of the schema at `node`.
    func checkNumbers(in node: SpecNode) {
        for keyword in Self.numericKeywords {
            guard let value = node[keyword], case .double(let number, let text)? = value.scalar else { continue }
            if !number.isFinite {
                error("'\(keyword)' must be a finite number, found \(text)", at: value,
                      hint: "JSON has no infinity or NaN; leave the keyword out for no bound")
            }
        }
        if let multiple = node["multipleOf"], let number = multiple.number, number.isFinite, number <= 0 {
            error("'multipleOf' must be greater than 0, found \(multiple.scalar?.description ?? "")", at: multiple)
        }
        for keyword in ["enum", "const", "default"] {
            guard let value = node[keyword], let bad = Self.nonFiniteNumber(in: value) else { continue }
            error("'\(keyword)' holds \(bad.scalar?.description ?? ""), which is not a JSON number", at: bad,
                  hint: "JSON has no infinity or NaN; quote it to mean a string")
        }
    }

    private static func nonFiniteNumber(in node: SpecNode) -> SpecNode? {
        switch node.content {
        case .scalar(.double(let number, _)): return number.isFinite ? nil : node
        case .scalar: return nil
        case .sequence(let elements): return elements.lazy.compactMap(nonFiniteNumber).first
        case .mapping(let entries): return entries.lazy.compactMap { nonFiniteNumber(in: $0.value) }.first
        }
    }
}
