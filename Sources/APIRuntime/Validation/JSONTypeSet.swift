/// A set of JSON Schema `type` names, for `type: [string, "null"]`-style checks in one call.
@_spi(Generated) public struct JSONTypeSet: OptionSet, Sendable, Hashable {
    /// The bits.
    public let rawValue: UInt8

    /// Creates a set from bits.
    @inlinable
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `null`.
    public static let null = JSONTypeSet(rawValue: 1 << 0)
    /// `boolean`.
    public static let boolean = JSONTypeSet(rawValue: 1 << 1)
    /// `object`.
    public static let object = JSONTypeSet(rawValue: 1 << 2)
    /// `array`.
    public static let array = JSONTypeSet(rawValue: 1 << 3)
    /// `number` (every number, integers included).
    public static let number = JSONTypeSet(rawValue: 1 << 4)
    /// `string`.
    public static let string = JSONTypeSet(rawValue: 1 << 5)
    /// `integer`: a number with a zero fractional part (`1`, `1.0`; draft-04 mode: `1` only).
    public static let integer = JSONTypeSet(rawValue: 1 << 6)

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
