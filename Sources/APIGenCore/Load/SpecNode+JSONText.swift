/// Serialising a node back to JSON text, keeping numbers as written (`1.0` stays `1.0`).
extension SpecNode {
    /// Compact JSON text for this node.
    public var jsonText: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch content {
        case .scalar(.null): output += "null"
        case .scalar(.bool(let value)): output += value ? "true" : "false"
        case .scalar(.int(let value)): output += String(value)
        case .scalar(.double(let value, let text)): output += value.isFinite ? text : "null"
        case .scalar(.string(let value)): Self.writeString(value, to: &output)
        case .sequence(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .mapping(let entries):
            output += "{"
            for (index, entry) in entries.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(entry.key, to: &output)
                output += ":"
                entry.value.write(to: &output)
            }
            output += "}"
        }
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
