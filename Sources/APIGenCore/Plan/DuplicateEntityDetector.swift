/// Finds named schemas that are probably one entity spelled two ways (`id`/`ident`, `username`/`user_name`)
/// and were not reconciled with `models:`; suggests the entry that would.
///
/// Conservative on purpose: both schemas need at least three properties, the same number of them, every field
/// must pair up after normalising case and separators and a synonym table, paired fields must have compatible
/// types, and the wire spellings must actually differ (identical schemas are not "spelled differently").
struct DuplicateEntityDetector {
    let api: ResolvedAPI
    let excluded: Set<SchemaRef>
    let envelope: EnvelopeConfig?

    /// Normalised spellings that mean the same field.
    static let synonyms: [String: String] = [
        "ident": "id", "identifier": "id", "uid": "id", "key": "id",
        "username": "username", "login": "username", "handle": "username",
        "emailaddress": "email", "mail": "email",
        "displayname": "displayname", "fullname": "displayname", "nickname": "displayname",
        "avatar": "avatarurl", "avatarurl": "avatarurl", "avatarlink": "avatarurl", "picture": "avatarurl", "photourl": "avatarurl",
        "created": "createdat", "createdat": "createdat", "creationdate": "createdat",
        "updated": "updatedat", "updatedat": "updatedat", "modifiedat": "updatedat",
    ]

    static func normalise(_ wire: String) -> String {
        let flat = String(wire.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        return synonyms[flat] ?? flat
    }

    private func typeClass(_ ref: SchemaRef, field: String) -> String {
        let schema = api[ref]
        let type = schema.singleType
        if field == "id" && (type == .string || type == .integer) { return "identifier" }
        if let type { return type.rawValue + (schema.format.map { ":" + $0 } ?? "") }
        return schema.nameHint ?? "any"
    }

    func diagnostics() -> [Diagnostic] {
        struct Candidate {
            var name: String
            var ref: SchemaRef
            var signature: [String: String]
            var wireByField: [String: String]
        }
        var candidates: [Candidate] = []
        for (name, ref) in api.namedSchemas where !excluded.contains(ref) {
            let schema = api[ref]
            guard schema.properties.count >= 3, schema.allOf.isEmpty else { continue }
            if let envelope, schema.properties.contains(where: { $0.name == envelope.status }) { continue }
            var signature: [String: String] = [:]
            var wireByField: [String: String] = [:]
            var collision = false
            for property in schema.properties {
                let field = Self.normalise(property.name)
                if signature[field] != nil { collision = true }
                signature[field] = typeClass(property.schema, field: field)
                wireByField[field] = property.name
            }
            if !collision { candidates.append(Candidate(name: name, ref: ref, signature: signature, wireByField: wireByField)) }
        }
        var diagnostics: [Diagnostic] = []
        var reported = Set<SchemaRef>()
        for (index, first) in candidates.enumerated() where !reported.contains(first.ref) {
            let matches = candidates[(index + 1)...].filter { other in
                other.signature == first.signature && Set(other.wireByField.values) != Set(first.wireByField.values)
            }
            guard !matches.isEmpty else { continue }
            let group = [first] + matches
            for member in group { reported.insert(member.ref) }
            var snippet = ["models:", "  \(SwiftNaming.typeName(first.name)):", "    from:"]
            snippet += group.map { "      - \"\(reference(to: $0.ref))\"" }
            snippet.append("    fields:")
            for field in first.signature.keys.sorted() {
                var spellings: [String] = []
                for member in group { if let wire = member.wireByField[field], !spellings.contains(wire) { spellings.append(wire) } }
                if spellings.count > 1 {
                    snippet.append("      \(SwiftNaming.memberName(spellings[0])): [\(spellings.joined(separator: ", "))]")
                }
            }
            let names = group.map(\.name).joined(separator: ", ")
            diagnostics.append(.warning(
                "schemas \(names) look like one entity with differently spelled fields; they are generated as unrelated types",
                at: api[first.ref].node,
                hint: "to generate one model, add to apigen.yml:\n" + snippet.map { "        " + $0 }.joined(separator: "\n")))
        }
        return diagnostics
    }

    /// A reference to the schema relative to the root document, as `models.from` expects it.
    func reference(to ref: SchemaRef) -> String {
        let node = api[ref].node
        let file = node.location.file
        let pointer = node.pointer
        if file == api.rootPath { return "#" + pointer }
        let relative = DocumentPath.relative(file, to: DocumentPath.directory(of: api.rootPath))
        return pointer.isEmpty ? relative : relative + "#" + pointer
    }
}
