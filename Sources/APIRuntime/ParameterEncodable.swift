import Foundation

/// A value that can be written as a path, query, header, cookie or multipart text parameter.
///
/// Generated string enums conform by declaring `ParameterEncodable`; the raw value is used.
public protocol ParameterEncodable {
    /// The parameter's text before percent-encoding.
    var parameterValue: String { get }
}

extension ParameterEncodable where Self: RawRepresentable, RawValue: ParameterEncodable {
    /// The raw value's text.
    public var parameterValue: String { rawValue.parameterValue }
}

extension String: ParameterEncodable {
    /// The string itself.
    public var parameterValue: String { self }
}

extension Int: ParameterEncodable {
    /// Decimal digits.
    public var parameterValue: String { String(self) }
}

extension Int32: ParameterEncodable {
    /// Decimal digits.
    public var parameterValue: String { String(self) }
}

extension Int64: ParameterEncodable {
    /// Decimal digits.
    public var parameterValue: String { String(self) }
}

extension Double: ParameterEncodable {
    /// Swift's shortest round-tripping spelling, e.g. `1.5`, `1.0`.
    public var parameterValue: String { String(self) }
}

extension Float: ParameterEncodable {
    /// Swift's shortest round-tripping spelling, e.g. `1.5`, `1.0`.
    public var parameterValue: String { String(self) }
}

extension Bool: ParameterEncodable {
    /// `true` or `false`.
    public var parameterValue: String { self ? "true" : "false" }
}

extension UUID: ParameterEncodable {
    /// Lowercase hyphenated form.
    public var parameterValue: String { uuidString.lowercased() }
}

extension Date: ParameterEncodable {
    /// RFC 3339 in UTC (`YYYY-MM-DDTHH:MM:SSZ`, with `.SSS` or `.SSSSSS` only when the date has a fractional second).
    public var parameterValue: String { DateTimeCoding.format(self) }
}

extension CalendarDate: ParameterEncodable {
    /// `YYYY-MM-DD`.
    public var parameterValue: String { description }
}
