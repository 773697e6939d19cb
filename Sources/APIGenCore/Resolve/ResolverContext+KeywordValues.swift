/// Keyword values of the wrong kind, which JSON Schema makes the schema invalid and validators ignore: each would
/// silently drop a check the description meant (found by openapi-spec-validator over the corpus: OpenAI's published
/// description writes `exclusiveMinimum: true` in a 3.1 document, where it is a number, so `minimum: 0` lets 0 through).
extension ResolverContext {
    func checkKeywordValues(in node: SpecNode) {
        checkXML(in: node)
        let dialect = dialect(for: node)
        let booleanExclusive = dialect.booleanExclusiveBounds
        if dialect != .draft2019, let reference = node["$recursiveRef"] {
            // OpenAI's `CompoundFilter` (a 3.1 document) refers to itself this way: its `filters` accept anything.
            warning("'$recursiveRef' is JSON Schema 2019-09's; in this document's dialect it is no keyword, so this schema "
                    + "accepts any value", at: reference,
                    hint: "refer to the schema by `$ref` (e.g. `$ref: '#/components/schemas/<Name>'`), or use `$dynamicRef` with a "
                        + "`$dynamicAnchor`")
        }
        for keyword in Self.numericKeywords {
            guard let value = node[keyword], value.number == nil else { continue }
            if keyword.hasPrefix("exclusive"), let flag = value.bool {
                if flag, !booleanExclusive {
                    let bound = keyword == "exclusiveMinimum" ? "minimum" : "maximum"
                    let written = node[bound]?.scalar?.description
                    warning("'\(keyword): true' is OpenAPI 3.0's spelling; in this document's dialect '\(keyword)' is a number, "
                            + "so it is ignored and '\(bound)' stays inclusive", at: value,
                            hint: written.map { "write `\(keyword): \($0)` and remove `\(bound): \($0)`" }
                                ?? "write the bound itself: `\(keyword): <number>`")
                }
                continue
            }
            warning("'\(keyword)' must be a number, found \(value.kindName); it is ignored", at: value,
                    hint: "write the number without quotes, or leave the keyword out for no bound")
        }
        if let values = node["enum"], let elements = values.elements, elements.isEmpty {
            warning("an empty 'enum' allows no value, so every instance fails validation", at: values,
                    hint: "list the allowed values, or remove 'enum'")
        }
        if let names = node["required"]?.elements {
            var seen: Set<String> = []
            for name in names {
                guard let text = name.string, !seen.insert(text).inserted else { continue }
                warning("'\(SwiftNaming.commentText(text))' is listed twice in 'required'", at: name,
                        hint: "JSON Schema requires the names to be unique; remove the second one")
            }
        }
    }
}
