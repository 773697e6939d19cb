extension ResolvedAPI {
    /// Whether values of `ref` are `readOnly`: the schema says so itself or through an `allOf` member. Descriptions
    /// attach annotations to a reference that way because OpenAPI 3.0 ignores a `$ref`'s siblings (DigitalOcean's
    /// `connection: {allOf: [{$ref: database_connection.yml}, {readOnly: true}]}`); JSON Schema collects the
    /// annotations of every `allOf` member, and openapi-core refuses such a member in a request.
    public func isReadOnly(_ ref: SchemaRef) -> Bool {
        isAnnotated(ref, \.readOnly, visited: [])
    }

    /// Whether values of `ref` are `writeOnly`, itself or through an `allOf` member (as ``isReadOnly(_:)``).
    public func isWriteOnly(_ ref: SchemaRef) -> Bool {
        isAnnotated(ref, \.writeOnly, visited: [])
    }

    private func isAnnotated(_ ref: SchemaRef, _ flag: KeyPath<Schema, Bool>, visited: Set<SchemaRef>) -> Bool {
        let schema = self[ref]
        if schema[keyPath: flag] { return true }
        let seen = visited.union([ref])
        return schema.allOf.contains { !seen.contains($0) && isAnnotated($0, flag, visited: seen) }
    }
}
