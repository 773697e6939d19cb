/// The mutable state of one validation run, passed to every generated validator function.
///
/// Generated code pushes a path component before validating a child value and pops it afterwards;
/// nothing is formatted until ``fail(keyword:keywordLocation:schemaLocation:message:)`` records an error,
/// and the message is an autoclosure that is not even evaluated while probing. A typical keyword check:
///
/// ```swift
/// if !(number >= Self.minimum0) {
///     ctx.fail(keyword: "minimum", keywordLocation: "/properties/id/minimum",
///              schemaLocation: "schemas/friend.json#/properties/id",
///              message: ValidationMessage.minimum(number, Self.minimum0))
///     if ctx.shouldStop { return false }
///     valid = false
/// }
/// ```
///
/// After ``shouldStop`` turns true a validator may return at once without popping what it pushed:
/// ``probe(keepingAnnotations:_:)`` restores the path when a speculative branch ends, and a stopped run
/// is over. A context is used by one thread at a time; create one per validation.
@_spi(Generated) public final class ValidationContext {
    /// The options of this run.
    public let options: ValidationOptions
    /// Prepended to every instance location (e.g. `/data`); empty by default.
    public let instanceLocationPrefix: String

    // Dynamic exclusivity checks on these hot properties cost more than the work they guard; a context is
    // confined to one thread and no method hands out overlapping accesses, so they are turned off.
    @exclusivity(unchecked) @usableFromInline internal var path: [InstancePathComponent] = []
    @exclusivity(unchecked) @usableFromInline internal var collected: [ValidationError] = []
    @exclusivity(unchecked) @usableFromInline internal var stop = false
    @exclusivity(unchecked) @usableFromInline internal var probeDepth = 0
    @exclusivity(unchecked) @usableFromInline internal var probeFailed = false
    @exclusivity(unchecked) @usableFromInline internal var annotationScopeCount = 0
    @exclusivity(unchecked) @usableFromInline internal var annotations: [EvaluationAnnotation] = []
    /// The schema resources entered so far, outermost first (ids assigned by the generator); only validators of
    /// schemas with `$dynamicRef` / `$recursiveRef` maintain it.
    @exclusivity(unchecked) @usableFromInline internal var dynamicScope: [Int] = []
    /// What is left of ``ValidationOptions/regexStepBudget`` (see ``matches(_:_:)``).
    @exclusivity(unchecked) internal var regexStepsLeft: Int

    /// Creates a context for one run.
    public init(options: ValidationOptions = .default, instanceLocationPrefix: String = "") {
        self.options = options
        self.instanceLocationPrefix = instanceLocationPrefix
        regexStepsLeft = options.regexStepBudget
        path.reserveCapacity(16)
    }

    /// Runs `validator` on `instance` in a fresh context and returns the report.
    public static func validate(
        _ instance: JSONInstance,
        options: ValidationOptions = .default,
        instanceLocationPrefix: String = "",
        with validator: (JSONInstance, ValidationContext) -> Bool
    ) -> ValidationReport {
        let context = ValidationContext(options: options, instanceLocationPrefix: instanceLocationPrefix)
        _ = validator(instance, context)
        return context.report
    }

    /// The errors collected so far.
    public var report: ValidationReport {
        ValidationReport(errors: collected, isTruncated: stop && !collected.isEmpty && probeDepth == 0)
    }

    /// Whether the validator should return now: the run reached its error limit or stop-at-first error,
    /// or a speculative branch (``probe(keepingAnnotations:_:)``) has already failed.
    @inlinable
    public var shouldStop: Bool { stop }

    /// Whether the current code runs speculatively inside ``probe(keepingAnnotations:_:)``.
    @inlinable
    public var isProbing: Bool { probeDepth > 0 }

    /// Whether `format` keywords are asserted in this run.
    @inlinable
    public var assertsFormats: Bool { options.assertFormats }

    // MARK: - Instance path

    /// Enters the object member `key`.
    @inlinable
    public func push(_ key: String) {
        path.append(.key(key))
    }

    /// Enters the array element at `index`.
    @inlinable
    public func push(_ index: Int) {
        path.append(.index(index))
    }

    /// Leaves the innermost member or element.
    @inlinable
    public func pop() {
        path.removeLast()
    }

    /// How deep the current instance is (0 for the root).
    @inlinable
    public var depth: Int { path.count }

    /// The JSON pointer to the current instance, including ``instanceLocationPrefix``; built on demand.
    public var instanceLocation: String {
        InstancePathComponent.pointer(prefix: instanceLocationPrefix, path)
    }

    // MARK: - Failures

    /// Records that `keyword` failed for the current instance. Inside a probe only the failure is noted
    /// (and ``shouldStop`` turns true so the branch ends early); `message` is evaluated only when recorded.
    @inlinable
    public func fail(keyword: String, keywordLocation: String, schemaLocation: String, message: @autoclosure () -> String) {
        if probeDepth > 0 {
            probeFailed = true
            stop = true
            return
        }
        record(ValidationError(
            instanceLocation: instanceLocation,
            keywordLocation: keywordLocation,
            schemaLocation: schemaLocation,
            keyword: keyword,
            message: message()
        ))
    }

    /// Records that the schema at `schemaLocation` applies itself to the current value again, through `keyword`,
    /// without descending into it: checking on would never end, so the check fails here. Returns false, so that
    /// generated code can use it where the looping call would have been.
    public func failEndlessLoop(keyword: String, keywordLocation: String, schemaLocation: String) -> Bool {
        fail(keyword: keyword, keywordLocation: keywordLocation, schemaLocation: schemaLocation,
             message: ValidationMessage.endlessLoop(schemaLocation))
        return false
    }

    /// Records an error built elsewhere (e.g. one kept from a probe), honouring the error limit.
    @usableFromInline
    internal func record(_ error: ValidationError) {
        if collected.count < options.maxErrors { collected.append(error) }
        if options.stopAtFirstError || collected.count >= options.maxErrors { stop = true }
    }

    // MARK: - Speculative evaluation

    /// Evaluates `body` speculatively, for `anyOf`, `oneOf`, `not`, `if` and `contains`: errors are not
    /// recorded, the branch stops at its first failure, and the instance path is restored afterwards.
    /// Returns whether `body` succeeded. Annotations for `unevaluatedProperties`/`unevaluatedItems` noted
    /// by a successful branch are kept when `keepingAnnotations` (pass false for `not`); a failed branch's
    /// are always discarded.
    @inlinable
    public func probe(keepingAnnotations: Bool = true, _ body: (ValidationContext) -> Bool) -> Bool {
        let saved = beginProbe()
        let valid = body(self) && !probeFailed
        endProbe(saved, keepAnnotations: keepingAnnotations && valid)
        return valid
    }

    /// What ``probe(keepingAnnotations:_:)`` restores.
    @usableFromInline
    internal struct ProbeState {
        @usableFromInline let pathCount: Int
        @usableFromInline let stop: Bool
        @usableFromInline let probeFailed: Bool
        @usableFromInline let annotationCount: Int
        @usableFromInline let annotationScopeCount: Int

        @usableFromInline
        init(pathCount: Int, stop: Bool, probeFailed: Bool, annotationCount: Int, annotationScopeCount: Int) {
            self.pathCount = pathCount
            self.stop = stop
            self.probeFailed = probeFailed
            self.annotationCount = annotationCount
            self.annotationScopeCount = annotationScopeCount
        }
    }

    @usableFromInline
    internal func beginProbe() -> ProbeState {
        let state = ProbeState(
            pathCount: path.count,
            stop: stop,
            probeFailed: probeFailed,
            annotationCount: annotations.count,
            annotationScopeCount: annotationScopeCount
        )
        probeDepth += 1
        probeFailed = false
        stop = false
        return state
    }

    @usableFromInline
    internal func endProbe(_ state: ProbeState, keepAnnotations: Bool) {
        probeDepth -= 1
        if path.count > state.pathCount { path.removeSubrange(state.pathCount...) }
        stop = state.stop
        probeFailed = state.probeFailed
        annotationScopeCount = state.annotationScopeCount
        if !keepAnnotations && annotations.count > state.annotationCount {
            annotations.removeSubrange(state.annotationCount...)
        }
    }
}
