import Foundation

/// Helpers generated `encode(to:)` implementations call so that null vs absent and date formats do not depend
/// on the encoder's configuration (a default `JSONEncoder()` works).
@_spi(Generated) extension KeyedEncodingContainer {
    /// Writes nothing for nil (absent), `null` for ``Nullable/null`` and the value for ``Nullable/value(_:)``.
    public mutating func encodeNullable<T: Encodable>(_ value: Nullable<T>?, forKey key: Key) throws {
        switch value {
        case nil: break
        case .null?: try encodeNil(forKey: key)
        case .value(let wrapped)?: try encode(wrapped, forKey: key)
        }
    }

    /// Writes `date` as an RFC 3339 string in UTC (see ``DateTimeCoding/format(_:)``).
    public mutating func encodeDateTime(_ date: Date, forKey key: Key) throws {
        try encode(DateTimeCoding.format(date), forKey: key)
    }

    /// Writes `date` as an RFC 3339 string, or nothing when it is nil.
    public mutating func encodeDateTimeIfPresent(_ date: Date?, forKey key: Key) throws {
        guard let date else { return }
        try encodeDateTime(date, forKey: key)
    }

    /// Writes `dates` as an array of RFC 3339 strings.
    public mutating func encodeDateTimeArray(_ dates: [Date], forKey key: Key) throws {
        try encode(dates.map(DateTimeCoding.format), forKey: key)
    }

    /// Writes `dates` as an array of RFC 3339 strings, or nothing when it is nil.
    public mutating func encodeDateTimeArrayIfPresent(_ dates: [Date]?, forKey key: Key) throws {
        guard let dates else { return }
        try encodeDateTimeArray(dates, forKey: key)
    }

    /// Writes `date` as an RFC 3339 string, or `null` when it is nil (a required, nullable property).
    public mutating func encodeDateTimeOrNull(_ date: Date?, forKey key: Key) throws {
        guard let date else { return try encodeNil(forKey: key) }
        try encodeDateTime(date, forKey: key)
    }

    /// Writes `dates` as an array of RFC 3339 strings, or `null` when it is nil (a required, nullable property).
    public mutating func encodeDateTimeArrayOrNull(_ dates: [Date]?, forKey key: Key) throws {
        guard let dates else { return try encodeNil(forKey: key) }
        try encodeDateTimeArray(dates, forKey: key)
    }

    /// Writes nothing for nil, `null` for ``Nullable/null`` and an RFC 3339 string for a date.
    public mutating func encodeNullableDateTime(_ value: Nullable<Date>?, forKey key: Key) throws {
        try encodeNullable(value?.map(DateTimeCoding.format), forKey: key)
    }
}

@_spi(Generated) extension KeyedEncodingContainer where Key == WireKey {
    /// Encodes each member of `values` under its name, in name order, except names in `declared` (the model's own
    /// properties are written from the properties themselves, never twice).
    public mutating func encodeAdditionalProperties<T: Encodable>(_ values: [String: T], excluding declared: Set<String>)
        throws
    {
        for (name, value) in values.sorted(by: { $0.key < $1.key }) where !declared.contains(name) {
            try encode(value, forKey: WireKey(stringValue: name))
        }
    }
}
