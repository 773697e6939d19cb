/// A JSON number kept exactly as written, alongside its nearest `Double`.
///
/// JSON Schema needs exact arithmetic where `Double` is not enough: `multipleOf: 0.01`, integers beyond
/// `Int64` (`type: integer` must accept `12345678910111213141516`), and `1e308` being a multiple of `0.5`.
/// The exact value is stored in a canonical form, so two numbers that are numerically equal (`1`, `1.0`,
/// `10e-1`) compare and hash equal; ``hasFractionOrExponent`` remembers how the literal was spelled for
/// draft-04's stricter notion of an integer.
@_spi(Generated) public struct JSONNumber: Sendable {
    /// The nearest `Double` (infinite when the literal is beyond `Double`'s range, e.g. `1e400`).
    public let doubleValue: Double
    /// The canonical exact value.
    @usableFromInline internal let exact: Exact
    /// Whether the literal had a fraction or an exponent part (`1.0`, `1e2`); draft-04 does not count
    /// such a literal as an integer.
    public let hasFractionOrExponent: Bool

    /// The canonical exact representation of a number.
    @usableFromInline
    internal enum Exact: Sendable, Hashable {
        /// An integer that fits in `Int64` (zero included, stored as `.int(0)`).
        case int(Int64)
        /// `±significand × 10^exponent` where `significand > 0` has no trailing zero digit and the value is
        /// not an `Int64` integer.
        case decimal(negative: Bool, significand: UInt64, exponent: Int32)
        /// More than 19 significant digits or an exponent beyond `Int32`.
        case big(JSONBigDecimal)
    }

    @inlinable
    internal init(exact: Exact, doubleValue: Double, hasFractionOrExponent: Bool) {
        self.exact = exact
        self.doubleValue = doubleValue
        self.hasFractionOrExponent = hasFractionOrExponent
    }

    /// Creates the integer `value`.
    @inlinable
    public init(_ value: Int64) {
        self.init(exact: .int(value), doubleValue: Double(value), hasFractionOrExponent: false)
    }

    /// Creates the integer `value`.
    @inlinable
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// Creates the number whose shortest round-tripping decimal spelling is that of `value`
    /// (so `0.01` is exactly one hundredth), or nil when `value` is infinite or NaN.
    public init?(exactly value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), let integer = Int64(exactly: value) {
            self.init(exact: .int(integer), doubleValue: value, hasFractionOrExponent: false)
            return
        }
        guard let parsed = JSONNumber(value.description) else { return nil }
        self.init(exact: parsed.exact, doubleValue: value, hasFractionOrExponent: true)
    }

    /// Parses a JSON number literal (RFC 8259 grammar, e.g. `-12.5e3`); nil when `text` is not one.
    public init?(_ text: some StringProtocol) {
        var string = String(text)
        let result: JSONNumber? = string.withUTF8 { buffer in
            guard let end = JSONNumberScanner.scan(buffer, from: 0), end == buffer.count else { return nil }
            return JSONNumberScanner.make(buffer, from: 0, to: end)
        }
        guard let result else { return nil }
        self = result
    }
}

extension JSONNumber {
    /// Whether the number has no fractional part (`1`, `1.0`, `1e2`, `1e308`, huge integers): the
    /// meaning of `type: integer` since draft-06.
    @inlinable
    public var isInteger: Bool {
        switch exact {
        case .int: true
        case .decimal(_, _, let exponent): exponent >= 0
        case .big(let big): big.exponent >= 0
        }
    }

    /// Whether the number is an integer written without fraction or exponent (`1` but not `1.0`): the
    /// meaning of `type: integer` in draft-04.
    @inlinable
    public var isDraft4Integer: Bool {
        !hasFractionOrExponent && isInteger
    }

    /// The value as `Int64` when it is an integer in range, else nil.
    @inlinable
    public var int64Value: Int64? {
        if case .int(let value) = exact { return value }
        return nil
    }

    /// Whether the number is below zero.
    @inlinable
    public var isNegative: Bool {
        switch exact {
        case .int(let value): value < 0
        case .decimal(let negative, _, _): negative
        case .big(let big): big.negative
        }
    }

    /// Whether the number is zero (`0`, `-0`, `0.0e5`).
    @inlinable
    public var isZero: Bool {
        if case .int(0) = exact { return true }
        return false
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral {
    /// Creates an integer.
    @inlinable
    public init(integerLiteral value: Int64) {
        self.init(value)
    }
}

extension JSONNumber: ExpressibleByFloatLiteral {
    /// Creates the number with the literal's shortest decimal spelling (`0.01` is exactly one hundredth).
    public init(floatLiteral value: Double) {
        // A float literal is always finite.
        self = JSONNumber(exactly: value) ?? JSONNumber(exact: .int(0), doubleValue: value, hasFractionOrExponent: true)
    }
}

extension JSONNumber: Hashable {
    /// Numeric equality: `1 == 1.0`, `0.1 == 1e-1`, `-0 == 0`.
    @inlinable
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        lhs.exact == rhs.exact
    }

    /// Hashes the canonical value, consistent with numeric equality.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(exact)
    }
}

extension JSONNumber: CustomStringConvertible {
    /// The canonical JSON spelling: `1`, `0.01`, `-2.5`, `1e+308`, `12345678901234567890123`.
    public var description: String {
        switch exact {
        case .int(let value):
            return String(value)
        case .decimal(let negative, let significand, let exponent):
            return JSONNumber.format(negative: negative, digits: Array(String(significand).utf8), exponent: Int(exponent))
        case .big(let big):
            return JSONNumber.format(negative: big.negative, digits: big.digits.map { $0 + UInt8(ascii: "0") }, exponent: big.exponent)
        }
    }

    /// Formats `±digits × 10^exponent` where `digits` are ASCII.
    static func format(negative: Bool, digits: [UInt8], exponent: Int) -> String {
        var out: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        let count = digits.count
        let pointPosition = count + exponent  // digits before the decimal point
        if exponent >= 0 && (pointPosition <= 21 || exponent == 0) {
            out += digits
            out += repeatElement(UInt8(ascii: "0"), count: exponent)
        } else if exponent < 0 && pointPosition > 0 {
            out += digits[..<pointPosition]
            out.append(UInt8(ascii: "."))
            out += digits[pointPosition...]
        } else if exponent < 0 && pointPosition > -6 {
            out += Array("0.".utf8)
            out += repeatElement(UInt8(ascii: "0"), count: -pointPosition)
            out += digits
        } else {
            out.append(digits[0])
            if count > 1 {
                out.append(UInt8(ascii: "."))
                out += digits[1...]
            }
            let scientific = pointPosition - 1
            out += Array((scientific < 0 ? "e-" : "e+").utf8)
            out += Array(String(scientific.magnitude).utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The exact value of a JSON number with more than 19 significant digits or a huge exponent.
@usableFromInline
internal final class JSONBigDecimal: Sendable, Hashable {
    /// Whether the value is negative.
    @usableFromInline let negative: Bool
    /// Decimal digit values 0...9; the first and the last are not zero.
    let digits: [UInt8]
    /// The value is `digits × 10^exponent`.
    @usableFromInline let exponent: Int

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    @usableFromInline
    static func == (lhs: JSONBigDecimal, rhs: JSONBigDecimal) -> Bool {
        lhs.negative == rhs.negative && lhs.exponent == rhs.exponent && lhs.digits == rhs.digits
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(negative)
        hasher.combine(exponent)
        hasher.combine(digits)
    }
}
