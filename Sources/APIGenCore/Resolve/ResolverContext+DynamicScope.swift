/// `$dynamicRef` / `$recursiveRef`: the static part of their resolution, and the table validators use to finish
/// it at run time.
extension ResolverContext {
    /// Reads a `$dynamicRef` (2020-12, OpenAPI 3.1) or `$recursiveRef` (2019-09) of `node` into `schema`.
    func readDynamicReference(into schema: inout Schema, from node: SpecNode, dialect: Dialect) {
        let keyword: String
        switch dialect {
        case .draft2019 where node["$recursiveRef"] != nil: keyword = "$recursiveRef"
        case .draft2020 where node["$dynamicRef"] != nil, .openAPI31 where node["$dynamicRef"] != nil: keyword = "$dynamicRef"
        default: return
        }
        guard let referenceNode = node[keyword] else { return }
        guard let reference = referenceNode.string else {
            error("'\(keyword)' must be a URI reference, found \(referenceNode.kindName)", at: referenceNode)
            return
        }
        guard let target = target(of: reference, at: referenceNode) else { return }
        let handle = self.schema(target)
        var kind = DynamicReference.Kind.staticTarget
        if keyword == "$recursiveRef" {
            if target["$recursiveAnchor"]?.bool == true { kind = .recursiveAnchor }
        } else if let hash = reference.firstIndex(of: "#") {
            // 2020-12 "bookending": only a plain-name fragment whose initial target is a `$dynamicAnchor` of the
            // same name is dynamic; anything else is a plain `$ref`.
            let fragment = String(reference[reference.index(after: hash)...])
            if !fragment.isEmpty, !fragment.hasPrefix("/"), target["$dynamicAnchor"]?.string == fragment {
                kind = .dynamicAnchor(fragment)
            }
        }
        if kind != .staticTarget { bindsDynamically = true }
        schema.dynamicReference = DynamicReference(target: handle, kind: kind)
    }

    /// The table validators track the dynamic scope with, or nil when no reference binds dynamically.
    func dynamicScopeTable() -> DynamicScopeTable? {
        guard bindsDynamically else { return nil }
        // Anchors the evaluation may land on must have validators even when nothing refers to them statically.
        for key in dynamicAnchors.keys.sorted() { if let node = dynamicAnchors[key] { _ = schema(node) } }
        for key in identifiedNodes.keys.sorted() {
            if let node = identifiedNodes[key], node["$recursiveAnchor"]?.bool == true { _ = schema(node) }
        }
        var table = DynamicScopeTable()
        var ids: [String: Int] = [:]
        func id(_ uri: String) -> Int {
            if let existing = ids[uri] { return existing }
            ids[uri] = table.resources.count
            table.resources.append(uri)
            return table.resources.count - 1
        }
        for path in documentOrder {
            table.documentResources[path] = id(documentURI(path))
            for start in identifierBases[path] ?? [] {
                table.resourceStarts[path, default: []].append((start.pointer, id(start.uri)))
            }
        }
        for (index, schema) in schemas.enumerated() where schema.node.isMapping {
            let node = schema.node
            guard let resource = table.resource(of: node) else { continue }
            if let name = node["$dynamicAnchor"]?.string,
               !(table.dynamicAnchors[name] ?? []).contains(where: { $0.resource == resource }) {
                table.dynamicAnchors[name, default: []].append((resource, SchemaRef(index)))
            }
            if node["$recursiveAnchor"]?.bool == true, table.startsResource(node),
               !table.recursiveAnchors.contains(where: { $0.resource == resource }) {
                table.recursiveAnchors.append((resource, SchemaRef(index)))
            }
        }
        return table
    }
}
