/// The names a validator function must not take because generated code calls validators by their bare name from
/// scopes where a member or a local of the same base name would shadow the top-level function: an operation's
/// method body (the group's methods, the method's parameters) and an event stream's `init` (its cases).
///
/// Swift's unqualified lookup stops at the innermost scope that declares the base name, whatever its type, so a
/// method `validateComment(id:)` makes `validateComment` in its group's bodies a reference to the method, and the
/// generated code would not compile. Every such name comes from a word of the description (an operationId, a
/// parameter, an event's name) or from `nameOverrides`, so the set is every word of those kinds that reads as a
/// `validate…` member name; ``ValidatorNaming`` appends a digest to a validator name found in it.
enum ValidatorShadowing {
    /// Lower-cased member names starting with `validate` that `api` and the configuration's `overrides` (method
    /// names) can declare in a scope that calls validators.
    static func names(_ api: ResolvedAPI, overrides: [String] = []) -> Set<String> {
        var names = Set<String>()
        func consider(_ raw: String) {
            // Cheap tests first: most words never read as `validate…`; an ASCII word without a `v` cannot.
            guard raw.utf8.contains(where: { $0 == UInt8(ascii: "v") || $0 == UInt8(ascii: "V") || $0 >= 0x80 }) else { return }
            guard raw.lowercased().filter(\.isLetter).hasPrefix("validate") else { return }
            let name = SwiftNaming.memberName(raw).lowercased()
            if name.hasPrefix("validate") { names.insert(name) }
        }
        overrides.forEach(consider)
        for operation in api.operations {
            consider(operation.operationId ?? (operation.method.lowercased() + " " + operation.path))
            operation.parameters.forEach { consider($0.name) }
        }
        // Event names are a schema's `const`/`enum` strings or discriminator mapping keys; property names become
        // parameters of form and multipart bodies. Each schema is read shallowly: nested ones are schemas too.
        for schema in api.schemas {
            let node = schema.node
            node["properties"]?.entries?.forEach { consider($0.key) }
            node["discriminator"]?["mapping"]?.entries?.forEach { consider($0.key) }
            if let value = node["const"]?.string { consider(value) }
            node["enum"]?.elements?.compactMap(\.string).forEach(consider)
        }
        return names
    }

    /// Whether `name` (a validator function name) could be shadowed: a name in `names`, or one of them with the
    /// number a name scope appends to a second claimant (`validateItem2` after `validateItem`).
    static func isShadowed(_ name: String, by names: Set<String>) -> Bool {
        // Called for every validator name; almost no description declares a `validate…` member at all.
        if names.isEmpty { return false }
        let lowered = name.lowercased()
        if names.contains(lowered) { return true }
        guard lowered.last?.isNumber == true else { return false }
        let stem = String(lowered.reversed().drop(while: \.isNumber).reversed())
        return names.contains(stem)
    }
}
