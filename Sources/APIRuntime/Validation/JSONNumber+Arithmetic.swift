extension JSONNumber: Comparable {
    /// Exact numeric order; `Int64` pairs and numbers whose doubles differ take a fast path.
    @inlinable
    public static func < (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        if case .int(let left) = lhs.exact, case .int(let right) = rhs.exact {
            return left < right
        }
        // Rounding to Double is monotonic, so distinct doubles order their exact values the same way.
        if lhs.doubleValue != rhs.doubleValue, !lhs.doubleValue.isNaN, !rhs.doubleValue.isNaN {
            return lhs.doubleValue < rhs.doubleValue
        }
        return JSONNumber.compareExactly(lhs, rhs) < 0
    }

    /// -1, 0 or 1 as `lhs` is below, equal to or above `rhs`, computed on the exact decimal values.
    @usableFromInline
    static func compareExactly(_ lhs: JSONNumber, _ rhs: JSONNumber) -> Int {
        let left = lhs.decimalDigits
        let right = rhs.decimalDigits
        let leftSign = left.digits.isEmpty ? 0 : (left.negative ? -1 : 1)
        let rightSign = right.digits.isEmpty ? 0 : (right.negative ? -1 : 1)
        if leftSign != rightSign { return leftSign < rightSign ? -1 : 1 }
        if leftSign == 0 { return 0 }
        let magnitudeOrder = compareMagnitudes(left.digits, left.exponent, right.digits, right.exponent)
        return leftSign > 0 ? magnitudeOrder : -magnitudeOrder
    }

    /// Compares `a × 10^ea` with `b × 10^eb` for digit arrays without leading or trailing zeros.
    private static func compareMagnitudes(_ a: [UInt8], _ ea: Int, _ b: [UInt8], _ eb: Int) -> Int {
        let orderA = a.count + ea
        let orderB = b.count + eb
        if orderA != orderB { return orderA < orderB ? -1 : 1 }
        for index in 0..<max(a.count, b.count) {
            let digitA = index < a.count ? a[index] : 0
            let digitB = index < b.count ? b[index] : 0
            if digitA != digitB { return digitA < digitB ? -1 : 1 }
        }
        return 0
    }

    /// The value as sign, digit values without leading or trailing zeros (empty for zero), and exponent.
    var decimalDigits: (negative: Bool, digits: [UInt8], exponent: Int) {
        switch exact {
        case .int(let value):
            if value == 0 { return (false, [], 0) }
            var magnitude = value.magnitude
            var exponent = 0
            while magnitude % 10 == 0 {
                magnitude /= 10
                exponent += 1
            }
            return (value < 0, Array(String(magnitude).utf8).map { $0 - UInt8(ascii: "0") }, exponent)
        case .decimal(let negative, let significand, let exponent):
            return (negative, Array(String(significand).utf8).map { $0 - UInt8(ascii: "0") }, Int(exponent))
        case .big(let big):
            return (big.negative, big.digits, big.exponent)
        }
    }
}

extension JSONNumber {
    /// Whether `self / divisor` is an integer, computed exactly on the decimal values, so
    /// `0.0075` is a multiple of `0.0001`, `19.99` of `0.01`, and `1e308` of `0.5`.
    ///
    /// A zero or negative `divisor` (an invalid schema) yields false. A divisor with more than 19 significant
    /// digits falls back to `Double` arithmetic.
    public func isMultiple(of divisor: JSONNumber) -> Bool {
        if case .int(let value) = exact, case .int(let step) = divisor.exact {
            guard step > 0 else { return false }
            return value % step == 0
        }
        guard !divisor.isNegative, !divisor.isZero else { return false }
        if isZero { return true }
        guard let (stepSignificand, stepExponent) = divisor.smallSignificand else {
            let quotient = doubleValue / divisor.doubleValue
            return !quotient.isFinite || quotient == quotient.rounded(.towardZero)
        }
        // self = a × 10^p with a free of trailing zeros; divisor = b × 10^q.
        // If p < q then b × 10^(q-p) divides a only if 10 divides a, which it does not.
        let (remainder, exponent) = significandRemainder(modulo: stepSignificand)
        if exponent < stepExponent { return false }
        let scale = JSONNumber.powerOfTen(exponent - stepExponent, modulo: stepSignificand)
        return JSONNumber.multiply(remainder, scale, modulo: stepSignificand) == 0
    }

    /// `(significand, exponent)` with the significand free of trailing zeros, when it fits in `UInt64`.
    private var smallSignificand: (UInt64, Int)? {
        switch exact {
        case .int(let value):
            var magnitude = value.magnitude
            var exponent = 0
            while magnitude != 0 && magnitude % 10 == 0 {
                magnitude /= 10
                exponent += 1
            }
            return (magnitude, exponent)
        case .decimal(_, let significand, let exponent):
            return (significand, Int(exponent))
        case .big(let big):
            guard big.digits.count <= 19 else { return nil }
            return (big.digits.reduce(0) { $0 * 10 + UInt64($1) }, big.exponent)
        }
    }

    /// This number's significand (free of trailing zeros) modulo `modulus`, and its exponent.
    private func significandRemainder(modulo modulus: UInt64) -> (UInt64, Int) {
        if let (significand, exponent) = smallSignificand {
            return (significand % modulus, exponent)
        }
        guard case .big(let big) = exact else { return (0, 0) }
        var remainder: UInt64 = 0
        for digit in big.digits {
            remainder = JSONNumber.multiply(remainder, 10 % modulus, modulo: modulus)
            remainder = JSONNumber.add(remainder, UInt64(digit) % modulus, modulo: modulus)
        }
        return (remainder, big.exponent)
    }

    /// `10^exponent mod modulus` by repeated squaring.
    private static func powerOfTen(_ exponent: Int, modulo modulus: UInt64) -> UInt64 {
        var result: UInt64 = 1 % modulus
        var base: UInt64 = 10 % modulus
        var remaining = exponent
        while remaining > 0 {
            if remaining & 1 == 1 { result = multiply(result, base, modulo: modulus) }
            base = multiply(base, base, modulo: modulus)
            remaining >>= 1
        }
        return result
    }

    /// `(a × b) mod modulus` without overflow.
    private static func multiply(_ a: UInt64, _ b: UInt64, modulo modulus: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return modulus.dividingFullWidth((product.high, product.low)).remainder
    }

    /// `(a + b) mod modulus` for `a, b < modulus` without overflow.
    private static func add(_ a: UInt64, _ b: UInt64, modulo modulus: UInt64) -> UInt64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        if overflow || sum >= modulus { return sum &- modulus }
        return sum
    }
}
