/// A scalar as JSON sees it, after YAML 1.2 core-schema resolution of plain scalars.
public enum ScalarValue: Hashable, Sendable, Codable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a fraction or exponent, or an integer too large for `Int`; `text` is its spelling in JSON's
    /// grammar (YAML's `.5`, `+1.5`, `1.`, `007.5` become `0.5`, `1.5`, `1.0`, `7.5`), except for YAML's
    /// `.inf` / `.nan` spellings, which JSON cannot write and the resolver reports where a number is expected.
    case double(Double, text: String)
    case string(String)

    /// The text a person would write for this value.
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(_, let text): return text
        case .string(let value): return value
        }
    }

    /// The value as a string if it is one.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Resolves a plain (unquoted) YAML scalar by the YAML 1.2 core schema.
    public static func resolvePlain(_ text: String) -> ScalarValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity, text: text)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity, text: text)
        case ".nan", ".NaN", ".NAN": return .double(.nan, text: text)
        default: break
        }
        guard let first = text.unicodeScalars.first,
              first == "-" || first == "+" || first == "." || ("0"..."9").contains(first) else {
            return .string(text)
        }
        if isDecimalInteger(text) {
            if let value = Int(text.hasPrefix("+") ? String(text.dropFirst()) : text) { return .int(value) }
            if let value = Double(text) { return .double(value, text: jsonNumberText(text)) }
        }
        if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return .int(value) }
        if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return .int(value) }
        if isDecimalFloat(text), let value = Double(text) { return .double(value, text: jsonNumberText(text)) }
        return .string(text)
    }

    /// A decimal literal that ``isDecimalFloat(_:)`` or ``isDecimalInteger(_:)`` accepted, in JSON's grammar:
    /// no `+`, no leading zeros, at least one digit on both sides of a `.`; the exponent is kept as written.
    static func jsonNumberText(_ text: String) -> String {
        var rest = Substring(text)
        var sign = ""
        if let first = rest.first, first == "-" || first == "+" {
            if first == "-" { sign = "-" }
            rest = rest.dropFirst()
        }
        let exponentStart = rest.firstIndex { $0 == "e" || $0 == "E" } ?? rest.endIndex
        let exponent = rest[exponentStart...]
        let mantissa = rest[..<exponentStart]
        let dot = mantissa.firstIndex(of: ".")
        var integer = dot.map { mantissa[..<$0] } ?? mantissa
        let fraction = dot.map { mantissa[mantissa.index(after: $0)...] }
        while integer.count > 1, integer.first == "0" { integer = integer.dropFirst() }
        var result = sign + (integer.isEmpty ? "0" : String(integer))
        if let fraction { result += "." + (fraction.isEmpty ? "0" : String(fraction)) }
        return result + exponent
    }

    private static func isDecimalInteger(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "-" || first == "+" { scalars = scalars.dropFirst() }
        return !scalars.isEmpty && scalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isDecimalFloat(_ text: String) -> Bool {
        // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func digits() -> Int {
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
            return index - start
        }
        if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
        let integerDigits = digits()
        var fractionDigits = 0
        if index < scalars.count, scalars[index] == "." {
            index += 1
            fractionDigits = digits()
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            index += 1
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == scalars.count
    }
}
