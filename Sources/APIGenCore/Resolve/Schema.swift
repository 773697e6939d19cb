/// A handle to a schema in ``ResolvedAPI/schemas``. Recursion is explicit: a schema may refer to itself by handle.
public struct SchemaRef: Hashable, Sendable, Comparable, Codable {
    /// Index into ``ResolvedAPI/schemas``.
    public var index: Int
    /// Creates a handle.
    public init(_ index: Int) { self.index = index }
    public static func < (lhs: SchemaRef, rhs: SchemaRef) -> Bool { lhs.index < rhs.index }
}

/// JSON Schema instance types.
public enum JSONType: String, Hashable, Sendable, Codable, CaseIterable {
    case null, boolean, object, array, number, integer, string
}

/// A schema after `$ref` resolution and dialect normalisation (draft-03 … 2020-12, OpenAPI 3.0 `nullable`).
public struct Schema: Sendable {
    /// Where `additionalProperties` leaves an object open.
    public enum Additional: Sendable, Equatable {
        case unspecified
        case forbidden
        case allowed
        case schema(SchemaRef)
    }

    /// The discriminator of a `oneOf`/`anyOf`.
    public struct Discriminator: Sendable {
        public var propertyName: String
        /// Explicit mapping value -> schema, in document order.
        public var mapping: [(value: String, schema: SchemaRef)]
    }

    /// Canonical identity: `file#pointer`.
    public var id: String
    /// The node the schema was read from (after following `$ref`).
    public var node: SpecNode
    /// A name suggested by where the schema lives (component key, file name), when it has one.
    public var nameHint: String?
    /// Instance types; empty means any.
    public var types: [JSONType] = []
    /// Whether null is allowed besides `types` (`nullable: true`, `type: [x, "null"]`, `oneOf` with a null branch).
    public var nullable = false
    public var format: String?
    public var title: String?
    public var description: String?
    public var properties: [(name: String, schema: SchemaRef, node: SpecNode)] = []
    public var required: [String] = []
    public var additionalProperties: Additional = .unspecified
    public var items: SchemaRef?
    /// A tuple whose positions differ (`prefixItems`, or draft-04 `items: [...]`); nil otherwise (`items` then
    /// types every element, or the array is of `JSONValue`).
    public var tuple: Tuple?
    public var enumValues: [ScalarValue]?
    public var constValue: ScalarValue?
    public var allOf: [SchemaRef] = []
    public var oneOf: [SchemaRef] = []
    public var anyOf: [SchemaRef] = []
    public var discriminator: Discriminator?
    public var defaultValue: SpecNode?
    public var readOnly = false
    public var writeOnly = false
    public var deprecated = false
    public var minimum: Double?
    public var maximum: Double?
    public var exclusiveMinimum: Double?
    public var exclusiveMaximum: Double?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?
    public var minItems: Int?
    public var maxItems: Int?
    public var uniqueItems = false
    /// `x-apigen-model`: the canonical model this schema is a shape of.
    public var canonicalModel: String?
    /// `x-apigen-field`s by property name.
    public var fieldAliases: [String: String] = [:]
    /// `x-apigen-name` (or `title`-independent override): the Swift name to use.
    public var nameOverride: String?
    /// The schema of `not`, kept for validators.
    public var not: SchemaRef?
    /// True for `false` (boolean schema that accepts nothing).
    public var acceptsNothing = false
    /// The target of a `$ref` written next to other keywords (2019-09+ and OpenAPI 3.0 siblings).
    public var refTarget: SchemaRef?
    /// A `$dynamicRef` / `$recursiveRef` in this schema.
    public var dynamicReference: DynamicReference?

    /// Creates an empty (accept-anything) schema for `node`.
    public init(id: String, node: SpecNode) {
        self.id = id
        self.node = node
    }

    /// The single non-null type, when there is exactly one.
    public var singleType: JSONType? {
        let nonNull = types.filter { $0 != .null }
        return nonNull.count == 1 ? nonNull[0] : nil
    }

    /// Whether this looks like an object (declared or by keywords).
    public var isObjectLike: Bool {
        singleType == .object || (types.isEmpty && (!properties.isEmpty || additionalProperties != .unspecified))
    }
}

/// The positions of a tuple array and what may follow them.
public struct Tuple: Sendable {
    /// One schema per position, in order.
    public var positions: [SchemaRef]
    /// The schema of the elements after the positions (`items` after `prefixItems`, `additionalItems`); nil when
    /// none is given (any element may follow).
    public var rest: SchemaRef?
    /// True when nothing may follow the positions (`items: false`, `additionalItems: false`, or `maxItems` equal
    /// to the number of positions).
    public var restForbidden: Bool
}
