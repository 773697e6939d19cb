import Foundation

/// Any JSON value; generated code uses it for free-form schemas (`{}` or a schema without a type).
///
/// Integers that fit in `Int64` decode as ``int(_:)`` and other numbers as ``double(_:)``; a literal with a zero
/// fraction or an exponent that is still an exact integer (`1.0`, `1e2`) is an integer too. Values in responses
/// decoded by ``APIClient`` are read from the parsed body, where that is decided on the exact decimal value
/// (`1e-400` is `.double(0)`); an app's own `JSONDecoder` decides on the rounded `Double` (`.int(0)`).
public enum JSONValue: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fractional part that fits in `Int64`.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; JSON objects are unordered, so key order is not kept.
    case object([String: JSONValue])
}

extension JSONValue {
    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The wrapped `Bool`, or nil when the value is not a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The wrapped integer, or nil when the value is not an ``int(_:)``.
    public var intValue: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The number as a `Double` (``int(_:)`` values are converted), or nil when the value is not a number.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The wrapped string, or nil when the value is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, or nil when the value is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, or nil when the value is not an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key`, or nil when the value is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index`, or nil when the value is not an array or the index is out of bounds.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The JSON kind of the value: `null`, `bool`, `number`, `string`, `array` or `object`.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int, .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    ///
    /// Decoders the runtime creates for a response read the value from the body it already parsed (linear in the
    /// value's size); any other decoder is asked kind by kind, which costs time in proportion to depth × size.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? JSONInstanceDecoder, let value = JSONValue.converting(decoder.node, refusingNonFinite: true) {
            self = value
            return
        }
        if let source = decoder.userInfo[ParsedBodySource.userInfoKey] as? ParsedBodySource,
           let value = source.value(at: decoder.codingPath) {
            self = value
            return
        }
        let container = try decoder.singleValueContainer()
        // Bool is tried before the numbers and Int64 before Double so that `true` stays a bool and `1` an int
        // on every Foundation (JSONDecoder refuses to read `1` as Bool and `true` as a number).
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a JSON value")
        }
    }

    /// Encodes the value as the corresponding JSON value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates ``null``.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates ``bool(_:)``.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates ``int(_:)``.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates ``double(_:)``.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates ``string(_:)``.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates ``array(_:)``.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates ``object(_:)``; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
