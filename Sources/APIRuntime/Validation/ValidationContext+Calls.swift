/// Compact forms of the most repeated generated statements: one call instead of a block per property, so large
/// APIs generate (and compile) far less code. Each does exactly what the expanded statements did.
extension ValidationContext {
    /// Validates the member `key` of the current object with `validator`, with `key` on the instance path.
    @inlinable
    public func validate(_ value: JSONInstance, at key: String, _ validator: (JSONInstance, ValidationContext) -> Bool) -> Bool {
        path.append(.key(key))
        let valid = validator(value, self)
        // After a stop the validator may have returned without popping its own components; the run is over then.
        if !stop { path.removeLast() }
        return valid
    }

    /// Validates the element at `index` of the current array with `validator`, with `index` on the instance path.
    @inlinable
    public func validate(_ value: JSONInstance, at index: Int, _ validator: (JSONInstance, ValidationContext) -> Bool) -> Bool {
        path.append(.index(index))
        let valid = validator(value, self)
        if !stop { path.removeLast() }
        return valid
    }

    /// `required` for names declared in `properties`: fails once per missing name (positions in `table`).
    /// Returns whether all are present.
    public func checkRequired(
        _ object: JSONObject, _ table: JSONPropertyTable, _ positions: [Int], keywordLocation: String, schemaLocation: String
    ) -> Bool {
        var valid = true
        for position in positions where !table.contains(position, in: object) {
            fail(keyword: "required", keywordLocation: keywordLocation, schemaLocation: schemaLocation,
                 message: ValidationMessage.required(table.names[position]))
            if stop { return false }
            valid = false
        }
        return valid
    }

    /// `type`: fails (with the usual message) when `instance` has none of `types`. Generated validators check
    /// `type` through this call: written out, the check and its failure report were a block with a closure of its
    /// own (the message) in every validator, about a thousand of them in the GitHub client (Docs/performance.md).
    /// Inlinable, so an optimised client still tests the type in place and calls out only to report.
    @inlinable
    public func checkType(
        _ instance: JSONInstance, _ types: JSONTypeSet, draft4Integers: Bool = false, keywordLocation: String, schemaLocation: String
    ) -> Bool {
        if types.matches(instance, draft4Integers: draft4Integers) { return true }
        failType(instance, types, keywordLocation: keywordLocation, schemaLocation: schemaLocation)
        return false
    }

    @usableFromInline
    func failType(_ instance: JSONInstance, _ types: JSONTypeSet, keywordLocation: String, schemaLocation: String) {
        fail(keyword: "type", keywordLocation: keywordLocation, schemaLocation: schemaLocation,
             message: ValidationMessage.type(instance, expected: types))
    }
}
