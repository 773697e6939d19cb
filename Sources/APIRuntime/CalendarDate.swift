import Foundation

/// A calendar day without a time or time zone (OpenAPI `format: date`), coded as `"YYYY-MM-DD"`.
public struct CalendarDate: Sendable, Hashable {
    /// The year, `0...9999` for dates that can be written as `YYYY`.
    public var year: Int
    /// The month, `1...12`.
    public var month: Int
    /// The day of the month, `1...31`.
    public var day: Int

    /// Creates a date from its fields without validating them; use ``init(string:)`` for untrusted input.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; returns nil for any other shape or a day that does not exist
    /// (`2023-02-29`).
    public init?(string: String) {
        let bytes = Array(string.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
              let day = Self.number(bytes[8..<10]),
              (1...12).contains(month), (1...DateTimeCoding.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day that contains `date` in `timeZone` (UTC by default).
    public init(_ date: Date, in timeZone: TimeZone = .gmt) {
        let seconds = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let days = Int64((seconds / 86_400).rounded(.down))
        let (year, month, day) = DateTimeCoding.civil(fromDays: days)
        self.init(year: year, month: month, day: day)
    }

    /// Midnight at the start of this day in `timeZone` (UTC by default).
    public func date(in timeZone: TimeZone = .gmt) -> Date {
        let days = DateTimeCoding.daysFromCivil(year: year, month: month, day: day)
        let utcMidnight = Date(timeIntervalSince1970: Double(days) * 86_400)
        // The offset at UTC midnight is close enough to pick the right offset except across a transition
        // that happens at midnight, which the second lookup corrects.
        let guess = utcMidnight.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: utcMidnight)))
        return utcMidnight.addingTimeInterval(-Double(timeZone.secondsFromGMT(for: guess)))
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension CalendarDate: Comparable {
    /// Chronological order.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

extension CalendarDate: CustomStringConvertible {
    /// `"YYYY-MM-DD"`.
    public var description: String {
        DateTimeCoding.pad(year, 4) + "-" + DateTimeCoding.pad(month, 2) + "-" + DateTimeCoding.pad(day, 2)
    }
}

extension CalendarDate: Codable {
    /// Decodes a `"YYYY-MM-DD"` string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let date = CalendarDate(string: string) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "invalid date '\(string)', expected YYYY-MM-DD")
        }
        self = date
    }

    /// Encodes as a `"YYYY-MM-DD"` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
