extension JSONInstance {
    /// Compact JSON text (members in document order, numbers in canonical spelling, non-ASCII kept).
    public var jsonText: String {
        var output = ""
        JSONInstance.write(self, to: &output, limit: .max)
        return output
    }

    /// Compact JSON text cut to about `maxLength` characters with `…`, for error messages.
    public func abbreviatedJSON(maxLength: Int = 60) -> String {
        var output = ""
        let complete = JSONInstance.write(self, to: &output, limit: maxLength)
        return complete && output.unicodeScalars.count <= maxLength ? output : String(output.unicodeScalars.prefix(maxLength)) + "…"
    }

    /// `string` as a JSON string literal, e.g. `"a\"b"`.
    public static func quoted(_ string: String) -> String {
        var output = ""
        writeString(string, to: &output)
        return output
    }

    /// Appends `value`; returns false once `output` grew past `limit` characters (and stops early).
    @discardableResult
    private static func write(_ value: JSONInstance, to output: inout String, limit: Int) -> Bool {
        if output.utf8.count > limit { return false }
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += number.description
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if !write(element, to: &output, limit: limit) { return false }
            }
            output += "]"
        case .object(let object):
            output += "{"
            for (index, member) in object.enumerated() {
                if index > 0 { output += "," }
                writeString(member.key, to: &output)
                output += ":"
                if !write(member.value, to: &output, limit: limit) { return false }
            }
            output += "}"
        }
        return output.utf8.count <= limit
    }

    private static func writeString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

extension JSONInstance: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { jsonText }
}

extension JSONInstance: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
    /// A Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer.
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
    /// A number with the literal's shortest decimal spelling.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(floatLiteral: value)) }
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array.
    public init(arrayLiteral elements: JSONInstance...) { self = .array(elements) }
    /// An object in literal order; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONInstance)...) { self = .object(JSONObject(elements)) }
}
