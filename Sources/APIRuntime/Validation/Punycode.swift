/// Punycode (RFC 3492) for IDNA A-labels.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN: UInt32 = 0x80

    /// Decodes the part of an A-label after `xn--` into code points; nil when malformed.
    static func decode(_ input: [UInt8]) -> [UInt32]? {
        var output: [UInt32] = []
        var inputIndex = 0
        if let delimiter = input.lastIndex(of: UInt8(ascii: "-")) {
            for byte in input[..<delimiter] {
                guard byte < 0x80 else { return nil }
                output.append(UInt32(byte))
            }
            inputIndex = delimiter + 1
        }
        var n = initialN
        var bias = initialBias
        var i = 0
        while inputIndex < input.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard inputIndex < input.count, let digit = digitValue(input[inputIndex]) else { return nil }
                inputIndex += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: w)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (nextW, wOverflow) = w.multipliedReportingOverflow(by: base - t)
                guard !wOverflow, nextW <= Int(Int32.max) else { return nil }
                w = nextW
                k += base
            }
            let length = output.count + 1
            bias = adapt(delta: i - oldI, length: length, first: oldI == 0)
            let increment = i / length
            guard UInt64(n) + UInt64(increment) <= 0x10FFFF else { return nil }
            n += UInt32(increment)
            i %= length
            guard n >= 0x80, !(0xD800...0xDFFF).contains(n) else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        return output
    }

    /// Encodes code points as Punycode (without the `xn--` prefix); nil on overflow.
    static func encode(_ input: [UInt32]) -> [UInt8]? {
        var output: [UInt8] = input.filter { $0 < 0x80 }.map { UInt8($0) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { return nil }
            let (scaled, overflow) = Int(m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += scaled
            n = m
            for scalar in input {
                if scalar < n { delta += 1 }
                if scalar == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digitCharacter(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digitCharacter(q))
                    bias = adapt(delta: delta, length: handled + 1, first: handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func adapt(delta: Int, length: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / length
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    private static func digitCharacter(_ digit: Int) -> UInt8 {
        digit < 26 ? UInt8(ascii: "a") + UInt8(digit) : UInt8(ascii: "0") + UInt8(digit - 26)
    }
}
