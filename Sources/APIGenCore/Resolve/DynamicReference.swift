/// A `$dynamicRef` (2020-12) or `$recursiveRef` (2019-09) written in a schema.
///
/// Both resolve like `$ref` first. When that initial target opts in — a `$dynamicAnchor` named like the
/// reference's fragment, or `$recursiveAnchor: true` — the schema actually used is chosen at run time from the
/// dynamic scope (the schema resources the evaluation passed through), so validators cannot bind it statically.
public struct DynamicReference: Sendable {
    /// How the dynamic scope is searched.
    public enum Kind: Sendable, Equatable {
        /// `$dynamicRef` whose target carries `$dynamicAnchor: name`: the outermost resource in scope with that
        /// dynamic anchor wins.
        case dynamicAnchor(String)
        /// `$recursiveRef` whose target has `$recursiveAnchor: true`: the outermost resource of the innermost
        /// unbroken run of resources whose roots have `$recursiveAnchor: true` wins.
        case recursiveAnchor
        /// The target does not opt in: the reference behaves exactly like `$ref`.
        case staticTarget
    }

    /// The statically resolved target, used when the dynamic scope offers nothing else.
    public var target: SchemaRef
    /// How the reference is bound.
    public var kind: Kind
}
