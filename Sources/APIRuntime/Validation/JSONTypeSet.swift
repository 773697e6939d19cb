/// A set of JSON Schema `type` names, for `type: [string, "null"]`-style checks in one call.
@_spi(Generated) public struct JSONTypeSet: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt8

    /// Creates a set from bits.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    // Computed and inlinable rather than stored: generated validators name these sets instead of declaring constants
    // of their own (a stored constant per file is work for every rebuild's -emit-module job), and a release build
    // folds them to their bits.

    /// `null`.
    @inlinable public static var null: JSONTypeSet { JSONTypeSet(rawValue: 1 << 0) }
    /// `boolean`.
    @inlinable public static var boolean: JSONTypeSet { JSONTypeSet(rawValue: 1 << 1) }
    /// `object`.
    @inlinable public static var object: JSONTypeSet { JSONTypeSet(rawValue: 1 << 2) }
    /// `array`.
    @inlinable public static var array: JSONTypeSet { JSONTypeSet(rawValue: 1 << 3) }
    /// `number` (every number, integers included).
    @inlinable public static var number: JSONTypeSet { JSONTypeSet(rawValue: 1 << 4) }
    /// `string`.
    @inlinable public static var string: JSONTypeSet { JSONTypeSet(rawValue: 1 << 5) }
    /// `integer`: a number with a zero fractional part (`1`, `1.0`; draft-04 mode: `1` only).
    @inlinable public static var integer: JSONTypeSet { JSONTypeSet(rawValue: 1 << 6) }

    /// `[boolean, null]` (OpenAPI 3.0's `nullable: true`, 3.1's `type: [boolean, "null"]`).
    @inlinable public static var booleanOrNull: JSONTypeSet { JSONTypeSet(rawValue: 1 << 1 | 1 << 0) }
    /// `[object, null]`.
    @inlinable public static var objectOrNull: JSONTypeSet { JSONTypeSet(rawValue: 1 << 2 | 1 << 0) }
    /// `[array, null]`.
    @inlinable public static var arrayOrNull: JSONTypeSet { JSONTypeSet(rawValue: 1 << 3 | 1 << 0) }
    /// `[number, null]`.
    @inlinable public static var numberOrNull: JSONTypeSet { JSONTypeSet(rawValue: 1 << 4 | 1 << 0) }
    /// `[string, null]`.
    @inlinable public static var stringOrNull: JSONTypeSet { JSONTypeSet(rawValue: 1 << 5 | 1 << 0) }
    /// `[integer, null]`.
    @inlinable public static var integerOrNull: JSONTypeSet { JSONTypeSet(rawValue: 1 << 6 | 1 << 0) }

    /// The set for a schema type name (`"integer"`), or nil for an unknown name.
    public init?(name: String) {
        switch name {
        case "null": self = .null
        case "boolean": self = .boolean
        case "object": self = .object
        case "array": self = .array
        case "number": self = .number
        case "string": self = .string
        case "integer": self = .integer
        default: return nil
        }
    }

    /// The type names in schema order: null, boolean, object, array, number, string, integer.
    public var names: [String] {
        var names: [String] = []
        if contains(.null) { names.append("null") }
        if contains(.boolean) { names.append("boolean") }
        if contains(.object) { names.append("object") }
        if contains(.array) { names.append("array") }
        if contains(.number) { names.append("number") }
        if contains(.string) { names.append("string") }
        if contains(.integer) { names.append("integer") }
        return names
    }

    /// Whether `value` has one of the types. `draft4Integers` uses draft-04's rule that `1.0` is not an
    /// integer; later drafts count any number with a zero fractional part (including `1e308` and integers
    /// beyond `Int64`). Booleans are never numbers.
    @inlinable
    public func matches(_ value: JSONInstance, draft4Integers: Bool = false) -> Bool {
        switch value {
        case .null: return contains(.null)
        case .bool: return contains(.boolean)
        case .object: return contains(.object)
        case .array: return contains(.array)
        case .string: return contains(.string)
        case .number(let number):
            if contains(.number) { return true }
            guard contains(.integer) else { return false }
            return draft4Integers ? number.isDraft4Integer : number.isInteger
        }
    }
}
