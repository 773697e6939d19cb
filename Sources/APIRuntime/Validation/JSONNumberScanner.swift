/// Scans JSON number literals in UTF-8 bytes and builds exact ``JSONNumber`` values without creating a
/// `String` for the common cases (up to 15 significant digits with a small exponent).
enum JSONNumberScanner {
    /// Where the parts of a scanned literal are.
    struct Literal {
        var negative = false
        var integerStart = 0
        var integerEnd = 0
        var fractionStart = 0
        var fractionEnd = 0
        /// The written exponent, clamped to ±10^15 so that later arithmetic cannot overflow.
        var exponent = 0
        var hasFractionOrExponent = false
        /// One past the last byte of the literal.
        var end = 0
    }

    /// A grammar violation: where and what.
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    static let exponentClamp = 1_000_000_000_000_000

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Scans `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` starting at `start`.
    static func scanLiteral(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Literal, Failure> {
        var literal = Literal()
        var index = start
        let count = bytes.count
        if index < count && bytes[index] == UInt8(ascii: "-") {
            literal.negative = true
            index += 1
        }
        literal.integerStart = index
        guard index < count, isDigit(bytes[index]) else {
            return .failure(Failure(offset: index, message: "expected a digit"))
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < count && isDigit(bytes[index]) {
                return .failure(Failure(offset: index, message: "a number must not have a leading zero"))
            }
        } else {
            while index < count && isDigit(bytes[index]) { index += 1 }
        }
        literal.integerEnd = index
        literal.fractionStart = index
        literal.fractionEnd = index
        if index < count && bytes[index] == UInt8(ascii: ".") {
            literal.hasFractionOrExponent = true
            index += 1
            literal.fractionStart = index
            guard index < count, isDigit(bytes[index]) else {
                return .failure(Failure(offset: index, message: "expected a digit after the decimal point"))
            }
            while index < count && isDigit(bytes[index]) { index += 1 }
            literal.fractionEnd = index
        }
        if index < count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            literal.hasFractionOrExponent = true
            index += 1
            var negativeExponent = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < count, isDigit(bytes[index]) else {
                return .failure(Failure(offset: index, message: "expected a digit in the exponent"))
            }
            var exponent = 0
            while index < count && isDigit(bytes[index]) {
                if exponent < exponentClamp { exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")) }
                index += 1
            }
            literal.exponent = negativeExponent ? -exponent : exponent
        }
        literal.end = index
        return .success(literal)
    }

    /// Scans a literal that must span the whole of `bytes`; nil when it does not.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        switch scanLiteral(bytes, from: start) {
        case .success(let literal): literal.end
        case .failure: nil
        }
    }

    /// Builds the number for the literal in `bytes[start..<end]`, which must already be valid.
    static func make(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> JSONNumber? {
        guard case .success(let literal) = scanLiteral(bytes, from: start), literal.end == end else { return nil }
        return make(bytes, literal: literal, start: start)
    }

    /// Builds the number for a scanned literal that begins at `start`.
    static func make(_ bytes: UnsafeBufferPointer<UInt8>, literal: Literal, start: Int) -> JSONNumber {
        let integerCount = literal.integerEnd - literal.integerStart
        let fractionCount = literal.fractionEnd - literal.fractionStart
        let total = integerCount + fractionCount
        // The digits as one virtual sequence: integer part, then fraction part.
        @inline(__always) func digit(_ position: Int) -> UInt8 {
            position < integerCount
                ? bytes[literal.integerStart + position] &- UInt8(ascii: "0")
                : bytes[literal.fractionStart + position - integerCount] &- UInt8(ascii: "0")
        }
        var first = 0
        while first < total && digit(first) == 0 { first += 1 }
        if first == total {
            let zero: Double = literal.negative ? -0.0 : 0.0
            return JSONNumber(exact: .int(0), doubleValue: zero, hasFractionOrExponent: literal.hasFractionOrExponent)
        }
        var last = total - 1
        while digit(last) == 0 { last -= 1 }
        let significantCount = last - first + 1
        // value = digits[first...last] × 10^exponent. The magnitude (the exponent of the leading digit, the one a
        // number's text writes) is clamped too, not only the written exponent: otherwise `9.9e+(clamp+1)` read back
        // from a clamped value's text would be a different number (found by Fuzz/, the JSON parser harness).
        let magnitude = literal.exponent - fractionCount + (total - 1 - first)
        let clampedMagnitude = min(max(magnitude, -exponentClamp), exponentClamp)
        let exponent = clampedMagnitude - (last - first)

        if significantCount <= 19 {
            var significand: UInt64 = 0
            for position in first...last {
                significand = significand &* 10 &+ UInt64(digit(position))
            }
            if exponent >= 0, let integer = integerValue(significand, exponent: exponent, negative: literal.negative) {
                return JSONNumber(exact: .int(integer), doubleValue: Double(integer), hasFractionOrExponent: literal.hasFractionOrExponent)
            }
            let double = fastDouble(significand, exponent: exponent, negative: literal.negative)
                ?? slowDouble(bytes, from: start, to: literal.end)
            if let exponent32 = Int32(exactly: exponent) {
                return JSONNumber(
                    exact: .decimal(negative: literal.negative, significand: significand, exponent: exponent32),
                    doubleValue: double,
                    hasFractionOrExponent: literal.hasFractionOrExponent
                )
            }
            let digits = Array(String(significand).utf8).map { $0 - UInt8(ascii: "0") }
            let big = JSONBigDecimal(negative: literal.negative, digits: digits, exponent: exponent)
            return JSONNumber(exact: .big(big), doubleValue: double, hasFractionOrExponent: literal.hasFractionOrExponent)
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(significantCount)
        for position in first...last { digits.append(digit(position)) }
        let big = JSONBigDecimal(negative: literal.negative, digits: digits, exponent: exponent)
        let double = slowDouble(bytes, from: start, to: literal.end)
        return JSONNumber(exact: .big(big), doubleValue: double, hasFractionOrExponent: literal.hasFractionOrExponent)
    }

    /// `±significand × 10^exponent` as `Int64` when it fits.
    private static func integerValue(_ significand: UInt64, exponent: Int, negative: Bool) -> Int64? {
        guard exponent <= 19 else { return nil }
        var magnitude = significand
        for _ in 0..<exponent {
            let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            magnitude = product
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return -Int64(magnitude) }
            if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
            return nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Clinger's fast path: exact when the significand and the power of ten are both exact doubles.
    private static func fastDouble(_ significand: UInt64, exponent: Int, negative: Bool) -> Double? {
        guard significand <= (1 << 53), exponent >= -22, exponent <= 22 else { return nil }
        let value = Double(significand)
        let scaled = exponent >= 0 ? value * powersOfTen[exponent] : value / powersOfTen[-exponent]
        return negative ? -scaled : scaled
    }

    /// Correctly rounded conversion through the standard library (strtod).
    private static func slowDouble(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Double {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return Double(text) ?? .nan
    }
}
