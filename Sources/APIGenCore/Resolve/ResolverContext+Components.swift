/// Components no operation uses: they generate nothing, but a description that breaks one is wrong today and breaks
/// the client the day an operation refers to it. Each is read like a used one, after the API is resolved (what reading
/// creates is not part of it), and what it breaks is reported as a warning: nothing generated depends on it yet.
extension ResolverContext {
    /// Reads every parameter, header, request body, response, example and path item under `components` for its
    /// diagnostics.
    /// A finding that reading the operations already reported is not repeated; an error becomes a warning.
    func checkComponents(of root: SpecNode, operationIDs: Set<String>) {
        defer { checkLinkTargets(operationIDs: operationIDs) }
        guard root["openapi"] != nil, let components = root["components"].flatMap(dereference) else { return }
        let reported = Set(diagnostics)
        let start = diagnostics.count
        for entry in entries(of: components, "parameters") { _ = parameter(entry.value) }
        for entry in entries(of: components, "headers") { checkHeader(entry.value) }
        for entry in entries(of: components, "requestBodies") { _ = requestBody(entry.value) }
        for entry in entries(of: components, "examples") { checkExampleObject(entry.value) }
        readLinks(components["links"])
        for entry in entries(of: components, "responses") { _ = response(entry.value, status: nil) }
        for entry in entries(of: components, "pathItems") {
            guard let item = dereference(entry.value) else { continue }
            _ = pathItemOperations(item, path: "", templated: false)
        }
        let found = diagnostics[start...].filter { !reported.contains($0) }
        diagnostics.removeSubrange(start...)
        var seen = reported
        for diagnostic in found where seen.insert(diagnostic).inserted {
            diagnostics.append(diagnostic.downgradedToWarning(
                because: "no operation uses this component yet, so nothing generated depends on it"))
        }
    }

    /// A header object (a `$ref` followed): its fields, and a `style` headers do not have.
    func checkHeader(_ written: SpecNode) {
        guard let node = dereference(written) else { return }
        reportUnknownFields(of: node, FixedFields.header, in: "a header")
        checkExamples(of: node)
        if node["content"] == nil { _ = parameterStyle(node["style"], location: .header) }
        if node["schema"] == nil, node["content"] == nil {
            warning("a header needs 'schema' or 'content', which OpenAPI requires; its value is untyped", at: node,
                    hint: "add `schema: { type: string }` or the type the header carries")
        }
    }

    private func entries(of components: SpecNode, _ key: String) -> [SpecNode.Entry] {
        guard let map = components[key].flatMap(dereference) else { return [] }
        return (map.entries ?? []).filter { !$0.key.hasPrefix("x-") }
    }
}
