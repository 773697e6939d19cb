/// A schema map (`properties`, `patternProperties`, `dependentSchemas`) written as a JSON Reference,
/// `properties: {$ref: 'attributes.yml#/load_balancer_droplet_ids'}`, as DigitalOcean's description does.
///
/// JSON Schema alone would read a property named `$ref`; but a property's schema is a mapping or a boolean, never a
/// string, so that reading names a property no instance could be checked against. Bundlers (json-schema-ref-parser,
/// Redocly) and openapi-core's reader replace every `$ref` mapping by its target, and the spec's authors wrote it for
/// them: apigen reads the map it points to. Entries written beside the `$ref` are added after the referenced ones and
/// win over an entry of the same name, as an `allOf` would read them.
extension ResolverContext {
    /// The map keywords whose `$ref` entry with a string value is read as a reference to the whole map.
    static let referencedMapKeywords = ["properties", "patternProperties", "dependentSchemas"]

    /// `node` with each referenced map replaced by the map it points to. Entries keep the locations and pointers of
    /// the file they are written in, so references inside them resolve against that file. Unchanged (and not
    /// copied) when no map is referenced, which is nearly always.
    func followingMapReferences(_ node: SpecNode) -> SpecNode {
        guard var entries = node.entries,
              entries.contains(where: { Self.referencedMapKeywords.contains($0.key) && $0.value["$ref"]?.string != nil })
        else { return node }
        for index in entries.indices where Self.referencedMapKeywords.contains(entries[index].key) {
            entries[index].value = referencedMap(entries[index].value, keyword: entries[index].key)
        }
        return SpecNode(.mapping(entries), location: node.location, pointer: node.pointer)
    }

    private func referencedMap(_ map: SpecNode, keyword: String, depth: Int = 0) -> SpecNode {
        guard let referenceNode = map["$ref"], let reference = referenceNode.string, let written = map.entries else { return map }
        let siblings = written.filter { $0.key != "$ref" }
        guard depth < 16 else {
            error("'\(keyword)' refers to a map through more than 16 references", at: referenceNode,
                  hint: "a cycle of references between property maps defines no property")
            return SpecNode(.mapping(siblings), location: map.location, pointer: map.pointer)
        }
        guard let target = target(of: reference, at: referenceNode) else {
            return SpecNode(.mapping(siblings), location: map.location, pointer: map.pointer)
        }
        let resolved = referencedMap(target, keyword: keyword, depth: depth + 1)
        guard let referenced = resolved.entries else {
            error("'\(keyword)' refers with '\(SwiftNaming.commentText(reference))' to \(resolved.kindName), not to a map of schemas",
                  at: referenceNode)
            return SpecNode(.mapping(siblings), location: map.location, pointer: map.pointer)
        }
        let overridden = Set(siblings.map(\.key))
        return SpecNode(.mapping(referenced.filter { !overridden.contains($0.key) } + siblings), location: map.location, pointer: map.pointer)
    }
}
