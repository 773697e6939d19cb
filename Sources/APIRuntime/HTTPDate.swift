import Foundation

/// HTTP dates (RFC 9110 §5.6.7): `Date`, `Expires`, `Last-Modified`, `Retry-After`.
public enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Parses the preferred IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`) and the obsolete RFC 850
    /// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`) forms; nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        let day: Int?, month: Int?, year: Int?, time: String
        if tokens.count == 6, tokens[5] == "GMT" {
            // IMF-fixdate or RFC 850: weekday day month year time GMT
            day = Int(tokens[1])
            month = months.firstIndex(of: tokens[2]).map { $0 + 1 }
            year = Int(tokens[3]).map { tokens[3].count == 2 ? ($0 < 70 ? 2000 + $0 : 1900 + $0) : $0 }
            time = tokens[4]
        } else if tokens.count == 5 {
            // asctime: weekday month day time year
            month = months.firstIndex(of: tokens[1]).map { $0 + 1 }
            day = Int(tokens[2])
            time = tokens[3]
            year = Int(tokens[4])
        } else {
            return nil
        }
        let clock = time.split(separator: ":").map { Int($0) }
        guard let day, let month, let year, clock.count == 3,
              let hour = clock[0], let minute = clock[1], let second = clock[2],
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...DateTimeCoding.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        let days = DateTimeCoding.daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Formats `date` as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` (fractions are dropped).
    public static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = DateTimeCoding.civil(fromDays: days)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return "\(weekday), \(DateTimeCoding.pad(day, 2)) \(months[month - 1]) \(DateTimeCoding.pad(year, 4)) "
            + "\(DateTimeCoding.pad(secondOfDay / 3_600, 2)):\(DateTimeCoding.pad(secondOfDay / 60 % 60, 2)):"
            + "\(DateTimeCoding.pad(secondOfDay % 60, 2)) GMT"
    }
}
