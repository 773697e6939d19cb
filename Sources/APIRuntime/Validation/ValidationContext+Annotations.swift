/// One "this was evaluated" note for `unevaluatedProperties`/`unevaluatedItems`, tagged with the depth of
/// the instance it is about.
@usableFromInline
internal struct EvaluationAnnotation {
    @usableFromInline enum Kind {
        case property(String)
        case allProperties
        case itemsBelow(Int)
        case item(Int)
        case allItems
    }

    @usableFromInline let depth: Int
    @usableFromInline let kind: Kind

    @usableFromInline
    init(depth: Int, kind: Kind) {
        self.depth = depth
        self.kind = kind
    }
}

/// An open annotation scope; see ``ValidationContext/beginAnnotationScope()``.
@_spi(Generated) public struct AnnotationScope: Sendable {
    @usableFromInline let start: Int
    @usableFromInline let depth: Int

    @usableFromInline
    init(start: Int, depth: Int) {
        self.start = start
        self.depth = depth
    }
}

/// What the keywords of a schema (and its successful subschemas) evaluated in one object or array.
@_spi(Generated) public struct EvaluatedLocations: Sendable, Equatable {
    /// Whether every member was evaluated (`additionalProperties`, `unevaluatedProperties` applied to all).
    public var allProperties = false
    /// The member names evaluated one by one.
    public var properties: Set<String> = []
    /// Whether every element was evaluated (`items`, `unevaluatedItems` applied to the rest).
    public var allItems = false
    /// Elements below this index were evaluated (`prefixItems`).
    public var itemsBelow = 0
    /// Elements evaluated one by one (`contains`).
    public var items: Set<Int> = []

    /// Creates an empty set.
    public init() {}

    /// Whether the member `key` was evaluated.
    @inlinable
    public func contains(property key: String) -> Bool {
        allProperties || properties.contains(key)
    }

    /// Whether the element at `index` was evaluated.
    @inlinable
    public func contains(item index: Int) -> Bool {
        allItems || index < itemsBelow || items.contains(index)
    }
}

extension ValidationContext {
    /// Whether some enclosing schema has `unevaluatedProperties`/`unevaluatedItems`, so the note methods
    /// record anything; generated code may skip computing annotations when false.
    @inlinable
    public var isCollectingAnnotations: Bool { annotationScopeCount > 0 }

    /// Starts collecting what the keywords applied to the current instance evaluate. Call before the
    /// keywords of a schema with `unevaluatedProperties`/`unevaluatedItems`, then
    /// ``endAnnotationScope(_:)`` before applying those two keywords.
    @inlinable
    public func beginAnnotationScope() -> AnnotationScope {
        annotationScopeCount += 1
        return AnnotationScope(start: annotations.count, depth: path.count)
    }

    /// Ends `scope` and returns what was evaluated in the current instance since it began, including by
    /// nested schemas applied to the same instance (`allOf`, `$ref`, successful `anyOf`/`oneOf`/`if`
    /// branches). Notes about the same instance stay visible to enclosing scopes.
    public func endAnnotationScope(_ scope: AnnotationScope) -> EvaluatedLocations {
        var evaluated = EvaluatedLocations()
        var kept = scope.start
        if scope.start < annotations.count {
            for position in scope.start..<annotations.count {
                let annotation = annotations[position]
                guard annotation.depth <= scope.depth else { continue }
                annotations[kept] = annotation
                kept += 1
                guard annotation.depth == scope.depth else { continue }
                switch annotation.kind {
                case .property(let key): evaluated.properties.insert(key)
                case .allProperties: evaluated.allProperties = true
                case .itemsBelow(let count): evaluated.itemsBelow = max(evaluated.itemsBelow, count)
                case .item(let index): evaluated.items.insert(index)
                case .allItems: evaluated.allItems = true
                }
            }
        }
        annotationScopeCount = max(0, annotationScopeCount - 1)
        if annotationScopeCount == 0 {
            annotations.removeAll(keepingCapacity: true)
        } else if kept < annotations.count {
            annotations.removeSubrange(kept...)
        }
        return evaluated
    }

    /// Notes that the member `key` of the current object was evaluated (by `properties`,
    /// `patternProperties`, `additionalProperties`, `dependentSchemas` or `unevaluatedProperties`).
    /// Call at the object's depth, i.e. outside the `push(key)`/`pop()` pair.
    @inlinable
    public func noteEvaluated(property key: String) {
        if annotationScopeCount > 0 {
            annotations.append(EvaluationAnnotation(depth: path.count, kind: .property(key)))
        }
    }

    /// Notes that every member of the current object was evaluated.
    @inlinable
    public func noteEvaluatedAllProperties() {
        if annotationScopeCount > 0 {
            annotations.append(EvaluationAnnotation(depth: path.count, kind: .allProperties))
        }
    }

    /// Notes that the elements of the current array below `count` were evaluated (`prefixItems`).
    @inlinable
    public func noteEvaluated(itemsBelow count: Int) {
        if annotationScopeCount > 0 {
            annotations.append(EvaluationAnnotation(depth: path.count, kind: .itemsBelow(count)))
        }
    }

    /// Notes that the element at `index` of the current array was evaluated (`contains`).
    @inlinable
    public func noteEvaluated(item index: Int) {
        if annotationScopeCount > 0 {
            annotations.append(EvaluationAnnotation(depth: path.count, kind: .item(index)))
        }
    }

    /// Notes that every element of the current array was evaluated (`items`, `unevaluatedItems`).
    @inlinable
    public func noteEvaluatedAllItems() {
        if annotationScopeCount > 0 {
            annotations.append(EvaluationAnnotation(depth: path.count, kind: .allItems))
        }
    }
}
