import Foundation

/// RFC 3339 `date-time` parsing and formatting (OpenAPI `format: date-time`).
///
/// Hand-written instead of `ISO8601DateFormatter` because that formatter is slow, needs a separate
/// instance for fractional seconds and rejects more than three fraction digits on some platforms.
@_spi(Generated) public enum DateTimeCoding {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|+hh:mm|-hh:mm)`.
    ///
    /// Any number of fraction digits is accepted (precision beyond a `Date`'s is dropped); `t`/`z` may be
    /// lowercase, the separator may be a space (RFC 3339 §5.6 note), and the offset may omit its colon.
    /// Seconds may be `60` (a leap second, which rolls into the next minute). Returns nil for anything else,
    /// including out-of-range fields and days that do not exist.
    public static func parse(_ string: String) -> Date? {
        var string = string
        return string.withUTF8 { parse(bytes: $0) }
    }

    /// Formats `date` in UTC as `YYYY-MM-DDTHH:MM:SSZ`, adding `.SSS` (milliseconds) or `.SSSSSS` (microseconds)
    /// only when the date has a fractional second, so decoded values re-encode without losing precision.
    public static func format(_ date: Date) -> String {
        // Microseconds: what a Double holds for present-day dates; a decoded value re-encodes unchanged.
        let total = (date.timeIntervalSince1970 * 1_000_000).rounded()
        // Int64(_:) traps on NaN, infinity and huge values; no real date-time gets near the bound.
        let microsTotal = total.isFinite && abs(total) < 9e18 ? Int64(total) : 0
        let (secondsTotal, micros) = floorDivide(microsTotal, 1_000_000)
        let (days, secondOfDay) = floorDivide(secondsTotal, 86_400)
        let (year, month, day) = civil(fromDays: days)
        var result = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
        result += "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if micros != 0 {
            result += micros % 1000 == 0 ? "." + pad(micros / 1000, 3) : "." + pad(micros, 6)
        }
        return result + "Z"
    }

    // MARK: - Parsing

    private static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var cursor = Cursor(bytes: bytes)
        guard let year = cursor.digits(4), cursor.expect(UInt8(ascii: "-")),
              let month = cursor.digits(2), cursor.expect(UInt8(ascii: "-")),
              let day = cursor.digits(2),
              let separator = cursor.next(),
              separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " "),
              let hour = cursor.digits(2), cursor.expect(UInt8(ascii: ":")),
              let minute = cursor.digits(2), cursor.expect(UInt8(ascii: ":")),
              let second = cursor.digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }

        var fraction = 0.0
        if cursor.peek() == UInt8(ascii: ".") {
            _ = cursor.next()
            var numerator: Int64 = 0
            var denominator: Int64 = 1
            var count = 0
            while let byte = cursor.peek(), isDigit(byte) {
                _ = cursor.next()
                count += 1
                // Digits past the 18th cannot change a Double-backed Date and would overflow Int64.
                if count <= 18 {
                    numerator = numerator * 10 + Int64(byte - UInt8(ascii: "0"))
                    denominator *= 10
                }
            }
            guard count > 0 else { return nil }
            fraction = Double(numerator) / Double(denominator)
        }

        var offsetSeconds = 0
        guard let designator = cursor.next() else { return nil }
        switch designator {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            break
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let offsetHour = cursor.digits(2) else { return nil }
            if cursor.peek() == UInt8(ascii: ":") { _ = cursor.next() }
            guard let offsetMinute = cursor.digits(2), offsetHour <= 23, offsetMinute <= 59 else { return nil }
            offsetSeconds = (offsetHour * 3600 + offsetMinute * 60) * (designator == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        guard cursor.isAtEnd else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        // Going through the reference date keeps the magnitude small, so fewer fraction bits are lost.
        let sinceReference = Double(seconds - 978_307_200) + fraction
        return Date(timeIntervalSinceReferenceDate: sinceReference)
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var isAtEnd: Bool { index == bytes.count }

        func peek() -> UInt8? {
            index < bytes.count ? bytes[index] : nil
        }

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            guard peek() == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard bytes.count - index >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, days since 1970-01-01)

    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil: exact for every proleptic Gregorian date, no Calendar needed.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = Int(days) + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    static func pad(_ value: some BinaryInteger, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
