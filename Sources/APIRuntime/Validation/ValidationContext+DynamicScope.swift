/// The dynamic scope `$dynamicRef` (2020-12) and `$recursiveRef` (2019-09) are resolved in.
///
/// Generated validators enter a schema resource when they start evaluating one (a document root, a schema
/// with `$id`, or a subschema of another resource reached through `$ref`) and leave it when they return, so
/// the stack always lists the resources of the current evaluation path, outermost first.
extension ValidationContext {
    /// Enters the schema resource `resource`; pair with ``leaveResource()`` (generated code uses `defer`).
    @inlinable
    public func enterResource(_ resource: Int) {
        dynamicScope.append(resource)
    }

    /// Leaves the innermost schema resource.
    @inlinable
    public func leaveResource() {
        dynamicScope.removeLast()
    }

    /// Runs `body` inside the schema resource `resource`: a `$ref` into the middle of another resource.
    @inlinable
    public func within(resource: Int, _ body: (ValidationContext) -> Bool) -> Bool {
        dynamicScope.append(resource)
        let valid = body(self)
        dynamicScope.removeLast()
        return valid
    }

    /// `$dynamicRef`: the outermost resource in the dynamic scope that is one of `candidates` (the resources
    /// defining the referenced `$dynamicAnchor`), or nil when none is in scope.
    public func outermostResource(among candidates: [Int]) -> Int? {
        dynamicScope.first { candidates.contains($0) }
    }

    /// `$recursiveRef`: starting from the innermost resource, the last one of the unbroken run of resources in
    /// `anchored` (those whose root has `$recursiveAnchor: true`), or nil when the innermost is not anchored.
    public func recursiveResource(anchored: [Int]) -> Int? {
        var result: Int?
        for resource in dynamicScope.reversed() {
            guard anchored.contains(resource) else { break }
            result = resource
        }
        return result
    }
}
