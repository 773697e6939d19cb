/// Finds two common mistakes in API descriptions around `additionalProperties: false`, which JSON Schema applies to
/// the properties written beside it only:
///
/// - beside an `allOf` (or `anyOf`, `oneOf`, a sibling `$ref`) that declares the properties, it refuses every object
///   that has them: often every object the server sends (Akamai's EdgeKV `initialize-200.yaml` requires four
///   properties it refuses);
/// - beside a `required` that names a member no `properties` declares (openai's `CreateThreadAndRunRequest` requires
///   `thread_id`), no object is valid at all.
///
/// apigen validates what the description says, so the generated client would reject those responses; the warning
/// says why before the first request fails.
enum RefusedProperties {
    /// At most one warning per schema: required members nothing declares, else properties only its composition
    /// declares.
    static func warnings(in schemas: [Schema]) -> [Diagnostic] {
        var warned = Set<SourceLocation>()
        var diagnostics: [Diagnostic] = []
        for schema in schemas where schema.additionalProperties == .forbidden && schema.node["patternProperties"] == nil {
            let members = schema.allOf + schema.anyOf + schema.oneOf + [schema.refTarget].compactMap { $0 }
            let own = Set(schema.properties.map(\.name))
            var visited = Set<SchemaRef>()
            let refused = distinct(members.flatMap { declaredProperties($0, in: schemas, visited: &visited) }
                .filter { !own.contains($0) })
            let undeclared = distinct(schema.required.filter { !own.contains($0) && !refused.contains($0) })
            let node = schema.node["additionalProperties"] ?? schema.node
            if !undeclared.isEmpty, warned.insert(node.location).inserted {
                diagnostics.append(.warning(
                    "'required' names \(list(undeclared)), which no 'properties' declares and 'additionalProperties: false' "
                        + "refuses: no object is valid against this schema, so the generated validator rejects every one",
                    at: node,
                    hint: "declare \(undeclared.count == 1 ? "it" : "them") under 'properties', or take "
                        + "\(undeclared.count == 1 ? "it" : "them") out of 'required'"))
                continue
            }
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

    /// `names` in their first order, each once.
    private static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
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
