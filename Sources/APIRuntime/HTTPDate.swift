import Foundation

/// HTTP dates (RFC 9110 §5.6.7): `Date`, `Expires`, `Last-Modified`, `Retry-After`. SPI, not API: the store product
/// and the fuzz harness (another package) read it; apps have no use for it.
@_spi(RuntimeInternals) public enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the range a four-digit year can spell.
    private static let earliest: TimeInterval = -62_167_219_200
    private static let latest: TimeInterval = 253_402_300_799

    /// Parses the preferred IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms; nil for anything else.
    ///
    /// Numbers must have the grammar's exact digit counts (no sign, no 12-digit year): a hostile header must not
    /// reach calendar arithmetic with a value that overflows it.
    public static func parse(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        let day: Int?, month: Int?, year: Int?, time: String
        if tokens.count == 6, tokens[5] == "GMT" {
            // IMF-fixdate (4-digit year) or RFC 850 (2-digit year): weekday day month year time GMT
            day = digits(tokens[1], count: 1...2)  // the grammar says two; some servers send one
            month = months.firstIndex(of: tokens[2]).map { $0 + 1 }
            year = digits(tokens[3], count: 2...2).map { $0 < 70 ? 2000 + $0 : 1900 + $0 }
                ?? digits(tokens[3], count: 4...4)
            time = tokens[4]
        } else if tokens.count == 5 {
            // asctime: weekday month day time year (the day is space-padded, so one digit or two)
            month = months.firstIndex(of: tokens[1]).map { $0 + 1 }
            day = digits(tokens[2], count: 1...2)
            time = tokens[3]
            year = digits(tokens[4], count: 4...4)
        } else {
            return nil
        }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false).map { digits($0, count: 2...2) }
        guard let day, let month, let year, clock.count == 3,
              let hour = clock[0], let minute = clock[1], let second = clock[2],
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...DateTimeCoding.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        let days = DateTimeCoding.daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// The value of `text` when it is only ASCII digits and their number is in `count`.
    private static func digits(_ text: some StringProtocol, count: ClosedRange<Int>) -> Int? {
        let utf8 = text.utf8
        guard count.contains(utf8.count) else { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Formats `date` as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (fractions are dropped). Dates
    /// outside the years 0000–9999 the format can spell are clamped to the nearest end of that range.
    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds = interval.isNaN ? 0 : Int64(min(max(interval, earliest), latest).rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = DateTimeCoding.civil(fromDays: days)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return "\(weekday), \(DateTimeCoding.pad(day, 2)) \(months[month - 1]) \(DateTimeCoding.pad(year, 4)) "
            + "\(DateTimeCoding.pad(secondOfDay / 3_600, 2)):\(DateTimeCoding.pad(secondOfDay / 60 % 60, 2)):"
            + "\(DateTimeCoding.pad(secondOfDay % 60, 2)) GMT"
    }
}
