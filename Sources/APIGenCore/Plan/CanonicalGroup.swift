/// Several wire shapes that are one entity, from `models:` in apigen.yml or `x-apigen-model` in the spec.
struct CanonicalGroup {
    var name: String
    /// The shapes in declaration order.
    var shapes: [SchemaRef]
    /// Wire name -> canonical field name.
    var fieldForWireName: [String: String]
    /// Canonical field -> wire names in preference order.
    var wireNamesForField: [String: [String]]

    /// Collects groups from the configuration (which wins) and from `x-apigen-model` / `x-apigen-field`.
    static func collect(api: ResolvedAPI, config: GeneratorConfig, diagnostics: inout [Diagnostic]) -> [CanonicalGroup] {
        var groups: [CanonicalGroup] = []
        var claimed = Set<SchemaRef>()
        for mapping in config.models {
            var group = CanonicalGroup(name: mapping.name, shapes: [], fieldForWireName: [:], wireNamesForField: [:])
            for reference in mapping.from {
                guard let ref = api.schema(forReference: reference) else {
                    diagnostics.append(Diagnostic(.error, "models.\(mapping.name): '\(reference)' names no schema of the API description",
                                                  at: mapping.location,
                                                  hint: "write it relative to the root document, e.g. '#/components/schemas/Profile' or 'schemas/friend.json'"))
                    continue
                }
                guard claimed.insert(ref).inserted else {
                    diagnostics.append(Diagnostic(.error, "models.\(mapping.name): '\(reference)' is already part of another model",
                                                  at: mapping.location))
                    continue
                }
                group.shapes.append(ref)
            }
            for field in mapping.fields {
                group.wireNamesForField[field.canonical] = field.wireNames
                for wire in field.wireNames where group.fieldForWireName[wire] == nil { group.fieldForWireName[wire] = field.canonical }
            }
            groups.append(group)
        }
        // In-spec declarations, for schemas the configuration does not mention.
        var inSpec: [String: Int] = [:]
        for (_, ref) in api.namedSchemas where !claimed.contains(ref) {
            guard let name = api[ref].canonicalModel else { continue }
            if let index = groups.firstIndex(where: { $0.name == name }) {
                groups[index].shapes.append(ref)
            } else {
                inSpec[name] = groups.count
                groups.append(CanonicalGroup(name: name, shapes: [ref], fieldForWireName: [:], wireNamesForField: [:]))
            }
            claimed.insert(ref)
        }
        for index in groups.indices {
            for shape in groups[index].shapes {
                for (wire, canonical) in api[shape].fieldAliases.sorted(by: { $0.key < $1.key })
                where groups[index].fieldForWireName[wire] == nil {
                    groups[index].fieldForWireName[wire] = canonical
                    groups[index].wireNamesForField[canonical, default: []].append(wire)
                }
            }
        }
        return groups.filter { !$0.shapes.isEmpty }
    }
}
