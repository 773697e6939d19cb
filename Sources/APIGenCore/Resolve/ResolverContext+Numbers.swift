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
        checkBoundPairs(in: node)
        for keyword in ["enum", "const", "default"] {
            guard let value = node[keyword], let bad = Self.nonFiniteNumber(in: value) else { continue }
            error("'\(keyword)' holds \(bad.scalar?.description ?? ""), which is not a JSON number", at: bad,
                  hint: "JSON has no infinity or NaN; quote it to mean a string")
        }
    }

    /// Lower and upper bounds of one quantity: a lower bound above the upper one leaves no valid value, so every
    /// response carrying the member would be rejected.
    static let boundPairs = [("minimum", "maximum"), ("minLength", "maxLength"), ("minItems", "maxItems"),
                             ("minProperties", "maxProperties"), ("minContains", "maxContains")]

    /// Warns about counts below zero (JSON Schema requires non-negative integers: `maxLength: -1` rejects every
    /// string) and about bounds that contradict each other; the schema is kept as written.
    private func checkBoundPairs(in node: SpecNode) {
        for (lower, upper) in Self.boundPairs {
            for keyword in [lower, upper] where keyword != "minimum" && keyword != "maximum" {
                if let value = node[keyword], let number = value.number, number < 0 {
                    warning("'\(keyword)' is \(value.scalar?.description ?? ""), but a count is never negative",
                            at: value, hint: "JSON Schema requires a non-negative integer here")
                }
            }
            guard let low = node[lower]?.number, let high = node[upper], let highNumber = high.number, low > highNumber else { continue }
            warning("'\(lower)' \(node[lower]?.scalar?.description ?? "") is above '\(upper)' \(high.scalar?.description ?? ""): "
                    + "no value is valid, so every instance fails validation", at: high,
                    hint: "swap or correct the bounds")
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
