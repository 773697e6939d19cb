/// Objects of the description with fixed fields (operations, parameters, request bodies, responses): a key that is
/// none of them and no `x-` extension is ignored, as OpenAPI says, but reported at the key, because a misspelt field
/// (`requestbody:`, `require: true`) silently changes the generated API: a method without its body, an optional
/// parameter that the server requires.
extension ResolverContext {
    /// The fields of each kind of object, OpenAPI 3.0 to 3.2.
    enum FixedFields {
        static let operation: Set<String> = [
            "tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses",
            "callbacks", "deprecated", "security", "servers",
        ]
        static let parameter: Set<String> = [
            "name", "in", "description", "required", "deprecated", "allowEmptyValue", "style", "explode", "allowReserved",
            "schema", "example", "examples", "content",
        ]
        static let requestBody: Set<String> = ["description", "content", "required"]
        static let response: Set<String> = ["summary", "description", "headers", "content", "links"]
    }

    /// Warns once per object about each key of `node` outside `fields`, naming the nearest field when one is close.
    func reportUnknownFields(of node: SpecNode, _ fields: Set<String>, in object: String) {
        guard let entries = node.entries, fieldCheckedObjects.insert(node.location.file + "#" + node.pointer).inserted else { return }
        for entry in entries where !entry.key.hasPrefix("x-") && !fields.contains(entry.key) {
            let lowered = entry.key.lowercased()
            let close = fields.first { $0.lowercased() == lowered }
                ?? fields.sorted().min { Self.editDistance($0, entry.key) < Self.editDistance($1, entry.key) }
                    .flatMap { Self.editDistance($0, entry.key) <= max(1, entry.key.count / 4) ? $0 : nil }
            diagnostics.append(Diagnostic(
                .warning, "'\(SwiftNaming.commentText(entry.key))' is not a field of \(object); it is ignored",
                at: entry.keyLocation, pointer: entry.value.pointer,
                hint: close.map { "did you mean '\($0)'?" }
                    ?? "\(object) holds \(fields.sorted().joined(separator: ", ")) and x- extensions"))
        }
    }
}
