import Foundation

/// A parsed JSON document as JSON Schema validators see it.
///
/// Unlike ``JSONValue`` it keeps numbers exact (``JSONNumber``), object members in document order
/// (``JSONObject``), and its equality is JSON Schema's: `1 == 1.0`, objects compare regardless of member
/// order, arrays in order, and `true != 1`. Produce one with ``JSONParser``.
@_spi(Generated) public enum JSONInstance: Sendable {
    /// `null`.
    case null
    /// `true` or `false`; never equal to a number.
    case bool(Bool)
    /// A number, kept exactly.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONInstance])
    /// An object.
    case object(JSONObject)
}

extension JSONInstance {
    /// The JSON Schema type name: `null`, `boolean`, `number`, `string`, `array` or `object`
    /// (`integer` is a kind of `number`, see ``JSONTypeSet``).
    @inlinable
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.isInteger ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The string, or nil.
    @inlinable
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, or nil.
    @inlinable
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The Boolean, or nil.
    @inlinable
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, or nil.
    @inlinable
    public var arrayValue: [JSONInstance]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, or nil.
    @inlinable
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether the value is `null`.
    @inlinable
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key` when this is an object that has one.
    @inlinable
    public subscript(key: String) -> JSONInstance? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array that long.
    @inlinable
    public subscript(index: Int) -> JSONInstance? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }
}

extension JSONInstance {
    /// Converts a ``JSONValue`` (numbers become exact: `.int` as integers, `.double` by shortest spelling).
    public init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .int(let integer): self = .number(JSONNumber(integer))
        case .double(let double): self = JSONNumber(exactly: double).map(JSONInstance.number) ?? .null
        case .string(let string): self = .string(string)
        case .array(let elements): self = .array(elements.map(JSONInstance.init))
        case .object(let members):
            let sorted = members.sorted { $0.key < $1.key }
            self = .object(JSONObject(sorted.map { ($0.key, JSONInstance($0.value)) }))
        }
    }
}

extension JSONValue {
    /// Converts a ``JSONInstance``; integers beyond `Int64` and fractions become `.double`.
    @_spi(Generated) public init(_ instance: JSONInstance) {
        // Without refusals the conversion always succeeds.
        self = Self.converting(instance, refusingNonFinite: false)!
    }

    /// The conversion of ``init(_:)``; with `refusingNonFinite`, nil when a number is not finite as a `Double`
    /// (`JSONDecoder` refuses those, see ``ParsedBodySource``).
    static func converting(_ instance: JSONInstance, refusingNonFinite: Bool) -> JSONValue? {
        switch instance {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number):
            // (A local `let` rather than `int64Value.map(...) ?? ...` sidesteps a Swift 6.3 optimizer crash.)
            let integer = number.int64Value
            if let integer { return .int(integer) }
            if refusingNonFinite && !number.doubleValue.isFinite { return nil }
            return .double(number.doubleValue)
        case .string(let string): return .string(string)
        case .array(let elements):
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = converting(element, refusingNonFinite: refusingNonFinite) else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let object):
            // Parsed objects hold each name once.
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(object.count)
            for member in object {
                guard let value = converting(member.value, refusingNonFinite: refusingNonFinite) else { return nil }
                members[member.key] = value
            }
            return .object(members)
        }
    }
}

extension JSONInstance: Hashable {
    /// JSON Schema equality: numbers by value (`1 == 1.0`), strings by code points, arrays element-wise in
    /// order, objects by members regardless of order; values of different types are never equal.
    @inlinable
    public static func == (lhs: JSONInstance, rhs: JSONInstance) -> Bool {
        switch lhs {
        case .null:
            return rhs.isNull
        case .bool(let a):
            guard case .bool(let b) = rhs else { return false }
            return a == b
        case .number(let a):
            guard case .number(let b) = rhs else { return false }
            return a == b
        case .string(let a):
            guard case .string(let b) = rhs else { return false }
            return JSONInstance.sameCodePoints(a, b)
        case .array(let a):
            guard case .array(let b) = rhs else { return false }
            return a == b
        case .object(let a):
            guard case .object(let b) = rhs else { return false }
            return a == b
        }
    }

    /// Hashes consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let flag):
            hasher.combine(1 as UInt8)
            hasher.combine(flag)
        case .number(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .string(let string):
            hasher.combine(3 as UInt8)
            // Swift's String hash follows canonical equivalence; hash the scalars to match `sameCodePoints`.
            var copy = string
            copy.withUTF8 { bytes in
                hasher.combine(bytes.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            }
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements)
        case .object(let object):
            hasher.combine(5 as UInt8)
            hasher.combine(object)
        }
    }

    /// Code point equality (Swift's `==` treats canonically equivalent strings such as `"é"` and
    /// `"e\u{301}"` as equal; JSON does not).
    @inlinable
    public static func sameCodePoints(_ lhs: String, _ rhs: String) -> Bool {
        let length = lhs.utf8.count
        guard length == rhs.utf8.count else { return false }
        let equal = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                JSONInstance.bytesEqual(left, right)
            }
        }
        return (equal ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Whether two equally long byte buffers are equal.
    @usableFromInline
    static func bytesEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
        return memcmp(left, right, lhs.count) == 0
    }
}
