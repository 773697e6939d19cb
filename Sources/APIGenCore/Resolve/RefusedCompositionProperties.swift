/// Finds a common mistake in API descriptions: `additionalProperties: false` beside an `allOf` (or `anyOf`, `oneOf`,
/// a sibling `$ref`) that declares the properties.
///
/// JSON Schema applies `additionalProperties` to the properties written beside it only, so such a schema refuses
/// every object that has the composed properties: often every object the server sends (Akamai's EdgeKV
/// `initialize-200.yaml` requires four properties it refuses). apigen validates what the description says, so the
/// generated client would reject those responses; the warning says why before the first request fails.
enum RefusedCompositionProperties {
    /// One warning per schema whose `additionalProperties: false` refuses properties only its composition declares.
    static func warnings(in schemas: [Schema]) -> [Diagnostic] {
        var warned = Set<SourceLocation>()
        var diagnostics: [Diagnostic] = []
        for schema in schemas where schema.additionalProperties == .forbidden && schema.node["patternProperties"] == nil {
            let members = schema.allOf + schema.anyOf + schema.oneOf + [schema.refTarget].compactMap { $0 }
            guard !members.isEmpty else { continue }
            let own = Set(schema.properties.map(\.name))
            var visited = Set<SchemaRef>()
            var refused: [String] = []
            for member in members {
                for name in declaredProperties(member, in: schemas, visited: &visited)
                    where !own.contains(name) && !refused.contains(name) {
                    refused.append(name)
                }
            }
            let node = schema.node["additionalProperties"] ?? schema.node
            guard !refused.isEmpty, warned.insert(node.location).inserted else { continue }
            diagnostics.append(.warning(
                "'additionalProperties: false' refuses \(list(refused)), which only the schema's "
                    + "\(compositionKeywords(schema)) declares: JSON Schema applies 'additionalProperties' to the "
                    + "properties written beside it, so the generated validator rejects every object that has "
                    + (refused.count == 1 ? "it" : "any of them"),
                at: node,
                hint: "declare the properties beside 'additionalProperties', or write 'unevaluatedProperties: false' "
                    + "(JSON Schema 2019-09 and later, OpenAPI 3.1) instead"))
        }
        return diagnostics
    }

    /// Property names a member declares, through its own `allOf`, `anyOf`, `oneOf` and `$ref`.
    private static func declaredProperties(_ ref: SchemaRef, in schemas: [Schema], visited: inout Set<SchemaRef>) -> [String] {
        guard visited.insert(ref).inserted else { return [] }
        let schema = schemas[ref.index]
        var names = schema.properties.map(\.name)
        for member in schema.allOf + schema.anyOf + schema.oneOf + [schema.refTarget].compactMap({ $0 }) {
            names += declaredProperties(member, in: schemas, visited: &visited)
        }
        return names
    }

    private static func list(_ names: [String]) -> String {
        let quoted = names.prefix(3).map { "'\($0)'" }
        switch names.count {
        case 1: return quoted[0]
        case 2, 3: return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
        default: return quoted.joined(separator: ", ") + " and \(names.count - 3) more"
        }
    }

    private static func compositionKeywords(_ schema: Schema) -> String {
        var keywords: [String] = []
        if !schema.allOf.isEmpty { keywords.append("'allOf'") }
        if !schema.anyOf.isEmpty { keywords.append("'anyOf'") }
        if !schema.oneOf.isEmpty { keywords.append("'oneOf'") }
        if schema.refTarget != nil { keywords.append("'$ref'") }
        return keywords.count == 1 ? keywords[0] : keywords.dropLast().joined(separator: ", ") + " or " + keywords.last!
    }
}
