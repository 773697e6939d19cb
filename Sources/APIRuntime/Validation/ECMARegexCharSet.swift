/// A set of code points: a character class such as `[^a-z\d\p{L}]` or a class escape such as `\s`.
///
/// Membership of ASCII code points is a precomputed 128-bit map; other code points are looked up by binary
/// search in sorted ranges, then in Unicode property predicates.
final class ECMARegexCharSet: Sendable {
    /// Membership of code points 0...63 (after negation).
    let asciiLow: UInt64
    /// Membership of code points 64...127 (after negation).
    let asciiHigh: UInt64
    /// Sorted, non-overlapping, non-adjacent inclusive ranges, flattened as `[low0, high0, low1, high1, ...]`.
    private let ranges: [UInt32]
    private let properties: [ECMARegexPropertyItem]
    private let negated: Bool

    init(ranges unsorted: [(UInt32, UInt32)], properties: [ECMARegexPropertyItem], negated: Bool) {
        let merged = ECMARegexCharSet.merge(unsorted)
        ranges = merged.flatMap { [$0.0, $0.1] }
        self.properties = properties
        self.negated = negated
        var low: UInt64 = 0
        var high: UInt64 = 0
        for scalar in UInt32(0)..<128 {
            let member = ECMARegexCharSet.lookup(scalar, ranges: ranges, properties: properties) != negated
            guard member else { continue }
            if scalar < 64 { low |= 1 << UInt64(scalar) } else { high |= 1 << UInt64(scalar - 64) }
        }
        asciiLow = low
        asciiHigh = high
    }

    /// Whether `scalar` is in the set.
    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return asciiLow & (1 << UInt64(scalar)) != 0 }
        if scalar < 128 { return asciiHigh & (1 << UInt64(scalar - 64)) != 0 }
        return ECMARegexCharSet.lookup(scalar, ranges: ranges, properties: properties) != negated
    }

    /// The inclusive ranges (before negation), for tests and translation.
    var rangePairs: [(UInt32, UInt32)] {
        stride(from: 0, to: ranges.count, by: 2).map { (ranges[$0], ranges[$0 + 1]) }
    }

    /// Whether the set is a single code point with no properties or negation (compiled as a plain scalar).
    var singleScalar: UInt32? {
        guard !negated, properties.isEmpty, ranges.count == 2, ranges[0] == ranges[1] else { return nil }
        return ranges[0]
    }

    private static func lookup(_ scalar: UInt32, ranges: [UInt32], properties: [ECMARegexPropertyItem]) -> Bool {
        var low = 0
        var high = ranges.count / 2
        while low < high {
            let middle = (low + high) / 2
            if scalar < ranges[middle * 2] {
                high = middle
            } else if scalar > ranges[middle * 2 + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        for property in properties where property.matches(scalar) { return true }
        return false
    }

    private static func merge(_ ranges: [(UInt32, UInt32)]) -> [(UInt32, UInt32)] {
        let sorted = ranges.sorted { $0.0 < $1.0 }
        var merged: [(UInt32, UInt32)] = []
        for range in sorted {
            if let last = merged.last, range.0 <= last.1 &+ 1 {
                merged[merged.count - 1].1 = max(last.1, range.1)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    // MARK: - Predefined classes

    /// The largest code point.
    static let maxScalar: UInt32 = 0x10FFFF

    /// `\d`: ASCII digits only.
    static let digitRanges: [(UInt32, UInt32)] = [(0x30, 0x39)]
    /// `\w`: `[A-Za-z0-9_]` only.
    static let wordRanges: [(UInt32, UInt32)] = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)]
    /// `\s`: ECMA-262 WhiteSpace and LineTerminator (including U+FEFF and every Zs).
    static let spaceRanges: [(UInt32, UInt32)] = [
        (0x09, 0x0D), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A),
        (0x2028, 0x2029), (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000), (0xFEFF, 0xFEFF),
    ]

    /// The code points not in sorted, merged `ranges`.
    static func complement(_ ranges: [(UInt32, UInt32)]) -> [(UInt32, UInt32)] {
        var result: [(UInt32, UInt32)] = []
        var next: UInt32 = 0
        for (low, high) in merge(ranges) {
            if low > next { result.append((next, low - 1)) }
            next = high &+ 1
        }
        if next <= maxScalar && next != 0 || ranges.isEmpty { result.append((next, maxScalar)) }
        return result
    }

    /// Whether `scalar` is an ECMA-262 line terminator (LF, CR, U+2028, U+2029).
    @inline(__always)
    static func isLineTerminator(_ scalar: UInt32) -> Bool {
        scalar == 0x0A || scalar == 0x0D || scalar == 0x2028 || scalar == 0x2029
    }

    /// Whether the byte is an ASCII word character (`\w`, `\b`).
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
