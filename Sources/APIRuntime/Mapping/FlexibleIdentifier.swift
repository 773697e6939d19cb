import Foundation

/// An identifier that one endpoint sends as a number (`42`) and another as a string (`"42"`).
///
/// Equality and hashing do not depend on the wire form: `42` and `"42"` are the same identifier, so sets and
/// dictionary keys treat them as one. The rule: a string that is the canonical decimal form of an integer
/// (optional `-`, no leading zeros, no `+`, no spaces, fits in 64 bits) is that integer; any other string
/// (`"042"`, `"x42"`, `"4.2"`, `" 42"`) stays a string and compares as a string, so `"042" != 42`.
public struct FlexibleIdentifier: Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByStringLiteral, ParameterEncodable {
    private enum Storage: Hashable, Sendable {
        case integer(Int64)
        case string(String)
    }

    private let storage: Storage

    /// An identifier from an integer.
    public init(_ value: Int64) { storage = .integer(value) }

    /// An identifier from an integer.
    public init(_ value: Int) { storage = .integer(Int64(value)) }

    /// An identifier from a string; canonical integers become integer identifiers.
    public init(_ value: String) {
        storage = Self.canonicalInteger(value).map(Storage.integer) ?? .string(value)
    }

    public init(integerLiteral value: Int64) { self.init(value) }
    public init(stringLiteral value: String) { self.init(value) }

    /// The integer value when the identifier is numeric.
    public var integerValue: Int64? {
        if case .integer(let value) = storage { return value }
        return nil
    }

    /// The identifier as text (`42`, `x42`).
    public var stringValue: String {
        switch storage {
        case .integer(let value): return String(value)
        case .string(let value): return value
        }
    }

    public var description: String { stringValue }
    public var parameterValue: String { stringValue }

    /// Numeric identifiers order numerically and before string identifiers, which order lexically.
    public static func < (lhs: FlexibleIdentifier, rhs: FlexibleIdentifier) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case let (.integer(a), .integer(b)): return a < b
        case (.integer, .string): return true
        case (.string, .integer): return false
        case let (.string(a), .string(b)): return a < b
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int64.self) {
            self.init(integer)
        } else if let string = try? container.decode(String.self) {
            self.init(string)
        } else if let double = try? container.decode(Double.self), double.rounded() == double, double.isFinite {
            self.init(String(format: "%.0f", double))
        } else {
            throw DecodingError.typeMismatch(FlexibleIdentifier.self, DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "expected an identifier (a string or an integer)"))
        }
    }

    /// Encodes numeric identifiers as numbers and others as strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch storage {
        case .integer(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        }
    }

    /// Encodes in the form one endpoint expects: `asInteger` writes a number and fails for non-numeric identifiers.
    public func encode(to encoder: any Encoder, asInteger: Bool) throws {
        var container = encoder.singleValueContainer()
        if !asInteger {
            try container.encode(stringValue)
        } else if let value = integerValue {
            try container.encode(value)
        } else {
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath, debugDescription: "identifier '\(stringValue)' is not numeric but the endpoint sends a number"))
        }
    }

    static func canonicalInteger(_ text: String) -> Int64? {
        let utf8 = Array(text.utf8)
        var index = 0
        if utf8.first == UInt8(ascii: "-") { index = 1 }
        guard index < utf8.count else { return nil }
        let digits = utf8[index...]
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        if digits.count > 1 && digits.first == UInt8(ascii: "0") { return nil }
        if index == 1 && digits == [UInt8(ascii: "0")] { return nil }  // "-0" is not canonical
        return Int64(text)
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Writes an identifier as a number (`asInteger`) or a string, as the endpoint's own schema declares it.
    public mutating func encodeIdentifier(_ value: FlexibleIdentifier, asInteger: Bool, forKey key: Key) throws {
        if !asInteger {
            try encode(value.stringValue, forKey: key)
        } else if let integer = value.integerValue {
            try encode(integer, forKey: key)
        } else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath + [key], debugDescription: "identifier '\(value)' is not numeric but the endpoint sends a number"))
        }
    }

    /// ``encodeIdentifier(_:asInteger:forKey:)`` for an optional value; nil writes nothing.
    public mutating func encodeIdentifierIfPresent(_ value: FlexibleIdentifier?, asInteger: Bool, forKey key: Key) throws {
        guard let value else { return }
        try encodeIdentifier(value, asInteger: asInteger, forKey: key)
    }
}

@_spi(Generated) extension KeyedDecodingContainer {
    // @inlinable: generated `init(from:)` bodies call these once per property, so they must specialise in the
    // generated module rather than go through unspecialised generic code (metadata lookups on every call).

    /// Decodes the first of `keys` that holds a value: one canonical field arriving under several wire names. When
    /// none does, the first present key's `null` is reported, else the absence of all of them.
    @inlinable
    public func decodeFirst<T: Decodable>(_ type: T.Type, forKeys keys: [Key]) throws -> T {
        if keys.count == 1 { return try decode(type, forKey: keys[0]) }
        // One lookup per key tried (`contains` then `decode` would take two for the key that is there).
        for key in keys {
            if let value = try decodeIfPresent(type, forKey: key) { return value }
        }
        // None holds a value: the first present one is null, which `decode` reports as such.
        for key in keys where contains(key) { return try decode(type, forKey: key) }
        throw DecodingError.keyNotFound(keys[0], DecodingError.Context(
            codingPath: codingPath, debugDescription: "none of \(keys.map(\.stringValue)) is present"))
    }

    /// Decodes the first of `keys` that is present and not null; nil when none is.
    @inlinable
    public func decodeFirstIfPresent<T: Decodable>(_ type: T.Type, forKeys keys: [Key]) throws -> T? {
        for key in keys {
            if let value = try decodeIfPresent(type, forKey: key) { return value }
        }
        return nil
    }

    /// Decodes an identifier from the first of `keys` that is present, trying first the form the description
    /// declares for that key: a string for the keys in `textKeys`, a number for the others. Either form is still
    /// accepted under any key; guessing right only spares the decoder a failed attempt (an error it builds and
    /// throws away), which is most of what decoding an identifier costs.
    public func decodeFirstIdentifier(forKeys keys: [Key], textKeys: Set<String>) throws -> FlexibleIdentifier {
        for key in keys where keys.count == 1 || contains(key) {
            return try decodeIdentifier(forKey: key, expectingText: textKeys.contains(key.stringValue))
        }
        throw DecodingError.keyNotFound(keys[0], DecodingError.Context(
            codingPath: codingPath, debugDescription: "none of \(keys.map(\.stringValue)) is present"))
    }

    /// ``decodeFirstIdentifier(forKeys:textKeys:)`` for an optional member: nil when no key is present or the
    /// first present one is `null`.
    public func decodeFirstIdentifierIfPresent(forKeys keys: [Key], textKeys: Set<String>) throws -> FlexibleIdentifier? {
        for key in keys where contains(key) {
            if try decodeNil(forKey: key) { continue }
            return try decodeIdentifier(forKey: key, expectingText: textKeys.contains(key.stringValue))
        }
        return nil
    }

    private func decodeIdentifier(forKey key: Key, expectingText: Bool) throws -> FlexibleIdentifier {
        if expectingText {
            if let text = try? decode(String.self, forKey: key) { return FlexibleIdentifier(text) }
        } else if let integer = try? decode(Int64.self, forKey: key) {
            return FlexibleIdentifier(integer)
        }
        return try decode(FlexibleIdentifier.self, forKey: key)
    }
}

@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes the first of `keys` that is present, keeping `null` apart from absent: nil when none is present,
    /// ``Nullable/null`` when the first present one is `null`.
    public func decodeFirstNullable<T: Decodable>(_ type: T.Type, forKeys keys: [Key]) throws -> Nullable<T>? {
        for key in keys {
            if let value = try decodeIfPresent(type, forKey: key) { return .value(value) }
            if contains(key) { return .null }
        }
        return nil
    }

    /// Decodes an RFC 3339 date-time from the first of `keys` that is present, keeping `null` apart from absent.
    public func decodeFirstNullableDateTime(forKeys keys: [Key]) throws -> Nullable<Date>? {
        for key in keys where contains(key) { return try decodeNullableDateTime(forKey: key) }
        return nil
    }

    /// Decodes an RFC 3339 date-time from the first of `keys` that is present.
    public func decodeFirstDateTime(forKeys keys: [Key]) throws -> Date {
        for key in keys where contains(key) { return try decodeDateTime(forKey: key) }
        throw DecodingError.keyNotFound(keys[0], DecodingError.Context(
            codingPath: codingPath, debugDescription: "none of \(keys.map(\.stringValue)) is present"))
    }

    /// Decodes an RFC 3339 date-time from the first of `keys` that is present and not null.
    public func decodeFirstDateTimeIfPresent(forKeys keys: [Key]) throws -> Date? {
        for key in keys where contains(key) {
            if let value = try decodeDateTimeIfPresent(forKey: key) { return value }
        }
        return nil
    }
}
