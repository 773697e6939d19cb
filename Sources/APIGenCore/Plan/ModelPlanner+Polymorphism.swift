/// Inheritance through `allOf` with a discriminator on the parent (OpenAPI's "polymorphism", Swagger 2.0's only kind):
///
/// ```yaml
/// Pet: { type: object, required: [petType], properties: { petType: { type: string } }, discriminator: { propertyName: petType } }
/// Cat: { allOf: [ { $ref: '#/components/schemas/Pet' }, { properties: { huntingSkill: { type: string } } } ] }
/// ```
///
/// Wherever the description refers to `Pet`, a `Cat` may arrive: typed as the `Pet` struct, its own members were
/// dropped on decoding. Such a reference is typed `AnyPet`, a union of `Pet` and every named schema that extends it
/// (through `allOf`, at any depth; when the discriminator has a `mapping`, those of them it names), selected by the
/// discriminator like any discriminated union; a kind the description does not list is kept whole in
/// `.undocumented`. `Pet` itself stays the struct of its own members, and the schemas extending it keep merging them.
struct PolymorphicParent {
    /// The union's type name, e.g. `AnyPet`.
    let unionName: String
    /// The named schemas extending the parent, in the description's order.
    let descendants: [SchemaRef]
}

extension ModelPlanner {
    /// Finds the parents among the named schemas and claims their unions' names; called once named schemas have names.
    func planPolymorphicParents() {
        var children: [SchemaRef: [SchemaRef]] = [:]
        for (_, ref) in api.namedSchemas {
            for member in api[ref].allOf {
                let parent = api[member].refTarget ?? member
                guard parent != ref, isNamed(parent) || canonicalGroups[parent] != nil,
                      !(children[parent]?.contains(ref) ?? false) else { continue }
                children[parent, default: []].append(ref)
            }
        }
        for (_, parent) in api.namedSchemas where isPolymorphicParent(parent) && children[parent] != nil && polymorphicParents[parent] == nil {
            if let group = canonicalGroups[parent] {
                warn("this schema has a discriminator and schemas extending it, but it is a shape of the canonical model "
                     + "\(group.name): references to it are \(group.name), so an extending schema's own members are not decoded there", api[parent])
                continue
            }
            guard let name = namedRefs[parent] else { continue }
            // A `mapping` lists the kinds: a schema extending the parent that it does not name merely reuses the
            // parent's members (Azure's `DecryptRequest: allOf: [{ciphertext}, EncryptDecryptRequestParameters]`).
            let mapped = Set((api[parent].discriminator?.mapping ?? []).map { api[$0.schema].refTarget ?? $0.schema })
            var descendants: [SchemaRef] = []
            var seen: Set<SchemaRef> = [parent]
            var queue = children[parent] ?? []
            while !queue.isEmpty {
                let next = queue.removeFirst()
                guard seen.insert(next).inserted else { continue }
                if let group = canonicalGroups[next], mapped.isEmpty || mapped.contains(next) {
                    warn("this schema extends \(name), which has a discriminator, but it is a shape of the canonical model "
                         + "\(group.name): it is not one of \(name)'s kinds, and where \(name) is expected it decodes as \(name)", api[next])
                }
                guard namedRefs[next] != nil, canonicalGroups[next] == nil else { continue }
                if mapped.isEmpty || mapped.contains(next) { descendants.append(next) }
                queue += children[next] ?? []
            }
            guard !descendants.isEmpty else { continue }
            let sorted = api.namedSchemas.map(\.schema).filter(descendants.contains)
            let unionName = overriddenName("Any" + name) ?? "Any" + name
            polymorphicParents[parent] = PolymorphicParent(unionName: typeScope.claim(unionName), descendants: sorted)
        }
    }

    /// A named object schema (or a canonical model's shape) with a discriminator and no `oneOf`/`anyOf` of its own.
    private func isPolymorphicParent(_ ref: SchemaRef) -> Bool {
        let schema = api[ref]
        return schema.discriminator != nil && schema.oneOf.isEmpty && schema.anyOf.isEmpty
            && (isNamed(ref) || canonicalGroups[ref] != nil)
            && (schema.types.isEmpty || schema.types.contains(.object)) && schema.enumValues == nil
    }

    /// The union standing for `parent` wherever the description refers to it, declared on first use.
    func polymorphicUsage(_ parent: SchemaRef, _ polymorphic: PolymorphicParent) -> TypeUsage {
        if let known = polymorphicUsages[parent] { return known }
        // Remembered before its variants are declared: a member of one of them may refer to the parent again.
        polymorphicUsages[parent] = TypeUsage(swift: polymorphic.unionName)
        let property = SwiftNaming.commentText(api[parent].discriminator?.propertyName ?? "")
        let parentName = namedRefs[parent] ?? polymorphic.unionName
        let union = declareUnion(parent, members: [parent] + polymorphic.descendants, name: polymorphic.unionName, named: true,
                                 file: polymorphic.unionName, remembering: false, parentOfPolymorphism: parent,
                                 docLines: ["A `\(parentName)` of any kind: `\(parentName)` itself or a schema extending it through `allOf`,",
                                            "selected by `\(property)`."])
        polymorphicUsages[parent] = union
        return union
    }
}
