extension JSONSchemaFormat {
    /// `date-time` (RFC 3339 §5.6): `1963-06-19T08:30:06.283185Z`; `T` and `Z` in either case, a numeric
    /// offset with hours and minutes, and second 60 only when the time is 23:59 in UTC.
    public static func isValidDateTime(_ string: String) -> Bool {
        withBytes(string) { bytes in
            guard bytes.count >= 20, scanDate(bytes, from: 0), bytes[10] | 0x20 == UInt8(ascii: "t") else { return false }
            return scanTime(bytes, from: 11) == bytes.count
        }
    }

    /// `date` (RFC 3339 full-date): `2020-02-29`, with real month lengths and leap years.
    public static func isValidDate(_ string: String) -> Bool {
        withBytes(string) { bytes in
            bytes.count == 10 && scanDate(bytes, from: 0)
        }
    }

    /// `time` (RFC 3339 full-time): `08:30:06.283185Z` or `23:59:60+00:00`; the offset is required.
    public static func isValidTime(_ string: String) -> Bool {
        withBytes(string) { bytes in
            scanTime(bytes, from: 0) == bytes.count
        }
    }

    /// The value of the two ASCII digits at `index`, or nil.
    @inline(__always)
    private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index + 1 < bytes.count, isDigit(bytes[index]), isDigit(bytes[index + 1]) else { return nil }
        return Int(bytes[index] &- 48) * 10 + Int(bytes[index + 1] &- 48)
    }

    /// `YYYY-MM-DD` at `start` (exactly ten bytes).
    private static func scanDate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard start + 10 <= bytes.count,
              let century = twoDigits(bytes, start), let yearInCentury = twoDigits(bytes, start + 2),
              bytes[start + 4] == UInt8(ascii: "-"), let month = twoDigits(bytes, start + 5),
              bytes[start + 7] == UInt8(ascii: "-"), let day = twoDigits(bytes, start + 8)
        else { return false }
        let year = century * 100 + yearInCentury
        guard month >= 1 && month <= 12, day >= 1 else { return false }
        return day <= daysInMonth(month, year: year)
    }

    /// The number of days in `month` of `year` (Gregorian).
    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// `HH:MM:SS[.fraction](Z|±HH:MM)` at `start`; returns the index after it, or nil.
    private static func scanTime(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let hour = twoDigits(bytes, start), start + 8 <= bytes.count, bytes[start + 2] == UInt8(ascii: ":"),
              let minute = twoDigits(bytes, start + 3), bytes[start + 5] == UInt8(ascii: ":"),
              let second = twoDigits(bytes, start + 6),
              hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var index = start + 8
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            guard index > fractionStart else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offsetMinutes = 0
        if bytes[index] | 0x20 == UInt8(ascii: "z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard let offsetHour = twoDigits(bytes, index + 1), index + 6 <= bytes.count,
                  bytes[index + 3] == UInt8(ascii: ":"), let offsetMinute = twoDigits(bytes, index + 4),
                  offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
            index += 6
        } else {
            return nil
        }
        if second == 60 {
            // A leap second is inserted at 23:59:60 UTC.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            guard utc == 23 * 60 + 59 else { return nil }
        }
        return index
    }

    /// `duration` (RFC 3339 appendix A, ISO 8601): `P4DT12H30M5S`, `P2W`, `PT36H`; components in order,
    /// without gaps (`P1Y2D` and `PT1H2S` are invalid), no fractions, weeks alone.
    public static func isValidDuration(_ string: String) -> Bool {
        withBytes(string) { bytes in
            var index = 0
            // Reads digits followed by a designator; returns the designator (uppercased) or nil.
            func component() -> UInt8? {
                let start = index
                while index < bytes.count && isDigit(bytes[index]) { index += 1 }
                guard index > start, index < bytes.count else { return nil }
                let designator = bytes[index] & ~0x20
                index += 1
                return designator
            }
            guard bytes.count >= 3, bytes[0] & ~0x20 == UInt8(ascii: "P") else { return false }
            index = 1
            if bytes[index] & ~0x20 != UInt8(ascii: "T") {
                // dur-date / dur-week: Y [M [D]] | M [D] | D | W
                let order: [UInt8] = [UInt8(ascii: "Y"), UInt8(ascii: "M"), UInt8(ascii: "D")]
                var next = 0
                var first = true
                while index < bytes.count && bytes[index] & ~0x20 != UInt8(ascii: "T") {
                    guard let designator = component() else { return false }
                    if first && designator == UInt8(ascii: "W") { return index == bytes.count }
                    first = false
                    guard let position = order[next...].firstIndex(of: designator) else { return false }
                    // No gaps: after Y only M, after M only D.
                    guard next == 0 || position == next else { return false }
                    next = position + 1
                    if next == order.count { break }
                }
                if index == bytes.count { return true }
            }
            // dur-time: T (H [M [S]] | M [S] | S)
            guard index < bytes.count, bytes[index] & ~0x20 == UInt8(ascii: "T") else { return false }
            index += 1
            let order: [UInt8] = [UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S")]
            var next = 0
            var count = 0
            while index < bytes.count {
                guard let designator = component(), let position = order[next...].firstIndex(of: designator) else { return false }
                guard next == 0 || position == next else { return false }
                next = position + 1
                count += 1
                if next == order.count { break }
            }
            return count > 0 && index == bytes.count
        }
    }
}
