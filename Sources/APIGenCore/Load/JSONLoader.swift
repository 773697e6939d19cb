/// A strict JSON (RFC 8259) parser that records line and column for every value.
/// It is used for `.json` documents because it is exact about numbers and several times faster than YAML.
struct JSONLoader {
    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// Parses the whole input as one JSON value.
    static func load(_ bytes: [UInt8], file: String) throws(Diagnostic) -> SpecNode {
        var loader = JSONLoader(bytes: bytes, file: file)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { loader.index = 3; loader.lineStart = 3 }
        loader.skipWhitespace()
        let node = try loader.parseValue(pointer: "")
        loader.skipWhitespace()
        if loader.index < bytes.count {
            throw loader.error("unexpected content after the JSON document")
        }
        return node
    }

    private var location: SourceLocation {
        // Columns count Unicode scalars: count bytes that are not UTF-8 continuation bytes.
        var column = 1
        var position = lineStart
        while position < index && position < bytes.count {
            if bytes[position] & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    private func error(_ message: String) -> Diagnostic {
        Diagnostic(.error, "invalid JSON: \(message)", at: location)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(pointer: String) throws(Diagnostic) -> SpecNode {
        guard index < bytes.count else { throw error("unexpected end of input") }
        let start = location
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(pointer: pointer, start: start)
        case UInt8(ascii: "["): return try parseArray(pointer: pointer, start: start)
        case UInt8(ascii: "\""):
            return SpecNode(.scalar(.string(try parseString())), location: start, pointer: pointer)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return SpecNode(.scalar(.bool(true)), location: start, pointer: pointer)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return SpecNode(.scalar(.bool(false)), location: start, pointer: pointer)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return SpecNode(.scalar(.null), location: start, pointer: pointer)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return SpecNode(.scalar(try parseNumber()), location: start, pointer: pointer)
        default:
            throw error("unexpected character '\(Character(Unicode.Scalar(bytes[index])))'")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(Diagnostic) {
        let utf8 = Array(literal.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("expected '\(literal)'")
        }
        index += utf8.count
    }

    private mutating func enter() throws(Diagnostic) {
        depth += 1
        if depth > 512 { throw error("nesting deeper than 512 levels") }
    }

    private mutating func parseObject(pointer: String, start: SourceLocation) throws(Diagnostic) -> SpecNode {
        try enter()
        defer { depth -= 1 }
        index += 1
        var entries: [SpecNode.Entry] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return SpecNode(.mapping(entries), location: start, pointer: pointer)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let keyLocation = location
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            index += 1
            skipWhitespace()
            let value = try parseValue(pointer: JSONPointer.appending(pointer, key))
            entries.append(SpecNode.Entry(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw error("expected ',' or '}' in object")
        }
        return SpecNode(.mapping(entries), location: start, pointer: pointer)
    }

    private mutating func parseArray(pointer: String, start: SourceLocation) throws(Diagnostic) -> SpecNode {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [SpecNode] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return SpecNode(.sequence(elements), location: start, pointer: pointer)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(pointer: pointer + "/" + String(elements.count)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw error("expected ',' or ']' in array")
        }
        return SpecNode(.sequence(elements), location: start, pointer: pointer)
    }

    private mutating func parseString() throws(Diagnostic) -> String {
        index += 1
        var buffer: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): buffer.append(0x22)
                case UInt8(ascii: "\\"): buffer.append(0x5C)
                case UInt8(ascii: "/"): buffer.append(0x2F)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar), index + 1 < bytes.count,
                       bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try parseHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            scalar = 0xFFFD
                        }
                    }
                    let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                    buffer.append(contentsOf: Array(String(character).utf8))
                default:
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0x00..<0x20:
                throw error("control character in string")
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw error("unterminated string")
    }

    private mutating func parseHex4() throws(Diagnostic) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(Diagnostic) -> ScalarValue {
        let start = index
        var isIntegral = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isIntegral = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: digits expected after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isIntegral = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number: digits expected in exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isIntegral, let value = Int(text) { return .int(value) }
        return .double(Double(text) ?? .nan, text: text)
    }
}
