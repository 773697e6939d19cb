import Foundation

/// Helpers generated `init(from:)` implementations call so that absent vs null and date formats do not depend
/// on the decoder's configuration (a default `JSONDecoder()` works).
@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes a property that may be absent and may be null: nil when `key` is absent, ``Nullable/null``
    /// when it is present and null, ``Nullable/value(_:)`` otherwise.
    public func decodeNullable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Nullable<T>? {
        // A value takes one lookup; `contains` is asked only to tell null from absent.
        if let value = try decodeIfPresent(T.self, forKey: key) { return .value(value) }
        return contains(key) ? .null : nil
    }

    /// Decodes an RFC 3339 `date-time` string; throws `DecodingError.dataCorrupted` for any other string.
    public func decodeDateTime(forKey key: Key) throws -> Date {
        try parseDateTime(try decode(String.self, forKey: key), codingPath: codingPath + [key])
    }

    /// Decodes an RFC 3339 `date-time` string, or nil when `key` is absent or null.
    public func decodeDateTimeIfPresent(forKey key: Key) throws -> Date? {
        guard let string = try decodeIfPresent(String.self, forKey: key) else { return nil }
        return try parseDateTime(string, codingPath: codingPath + [key])
    }

    /// Decodes an array of RFC 3339 `date-time` strings.
    public func decodeDateTimeArray(forKey key: Key) throws -> [Date] {
        try parseDateTimes(try decode([String].self, forKey: key), key: key)
    }

    /// Decodes an array of RFC 3339 `date-time` strings, or nil when `key` is absent or null.
    public func decodeDateTimeArrayIfPresent(forKey key: Key) throws -> [Date]? {
        guard let strings = try decodeIfPresent([String].self, forKey: key) else { return nil }
        return try parseDateTimes(strings, key: key)
    }

    /// Decodes a `date-time` property that may be absent and may be null (see ``decodeNullable(_:forKey:)``).
    public func decodeNullableDateTime(forKey key: Key) throws -> Nullable<Date>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decodeDateTime(forKey: key))
    }

    private func parseDateTimes(_ strings: [String], key: Key) throws -> [Date] {
        try strings.enumerated().map { index, string in
            try parseDateTime(string, codingPath: codingPath + [key, IndexCodingKey(index)])
        }
    }

    private func parseDateTime(_ string: String, codingPath: [any CodingKey]) throws -> Date {
        guard let date = DateTimeCoding.parse(string) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath,
                debugDescription: "invalid RFC 3339 date-time '\(string)', expected e.g. 2024-01-31T12:00:00Z"))
        }
        return date
    }
}

@_spi(Generated) extension KeyedDecodingContainer where Key == WireKey {
    /// Decodes every member whose name is not in `declared` as `T`: the `additionalProperties` an object schema
    /// allows next to its `properties`.
    public func decodeAdditionalProperties<T: Decodable>(_ type: T.Type, excluding declared: Set<String>) throws
        -> [String: T]
    {
        var result: [String: T] = [:]
        for key in allKeys where !declared.contains(key.stringValue) {
            result[key.stringValue] = try decode(T.self, forKey: key)
        }
        return result
    }
}
