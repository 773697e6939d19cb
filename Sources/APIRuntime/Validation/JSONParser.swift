import Foundation

/// A strict RFC 8259 JSON parser producing ``JSONInstance`` values for schema validation.
///
/// It does not use `JSONSerialization` (which on Linux reads `0` and `1` as Booleans and loses number
/// spelling). One pass over the UTF-8 bytes: strings without escapes are created straight from the input,
/// numbers keep their exact value, and each array or object is allocated once at its final size.
///
/// Strictness: no comments, trailing commas, single quotes, `NaN`/`Infinity`, leading zeros or unescaped
/// control characters; strings must be valid UTF-8 and `\u` escapes must pair surrogates. A leading UTF-8
/// byte order mark is skipped (RFC 8259 §8.1 allows ignoring it). A repeated object member name keeps its
/// first value (as `JSONDecoder` does). Nesting deeper than ``maxDepth`` arrays and objects is an error rather than a stack overflow.
@_spi(Generated) public struct JSONParser: Sendable {
    /// The default ``maxDepth``.
    public static let defaultMaxDepth = 512

    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int

    /// Creates a parser.
    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }

    /// Parses one JSON text.
    public func parse(_ data: Data) throws(JSONParseError) -> JSONInstance {
        let result = data.withUnsafeBytes { raw in parseResult(raw) }
        return try result.get()
    }

    /// Parses one JSON text.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONInstance {
        let result = bytes.withUnsafeBytes { raw in parseResult(raw) }
        return try result.get()
    }

    /// Parses one JSON text.
    public func parse(_ text: String) throws(JSONParseError) -> JSONInstance {
        var text = text
        let result = text.withUTF8 { buffer in parseResult(UnsafeRawBufferPointer(buffer)) }
        return try result.get()
    }

    /// Parses one JSON text.
    public func parse(_ buffer: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONInstance {
        try parseResult(buffer).get()
    }

    /// Parses one JSON text with the default options.
    public static func parse(_ data: Data) throws(JSONParseError) -> JSONInstance {
        try JSONParser().parse(data)
    }

    /// Parses one JSON text with the default options.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONInstance {
        try JSONParser().parse(text)
    }

    private func parseResult(_ raw: UnsafeRawBufferPointer) -> Result<JSONInstance, JSONParseError> {
        let bytes = raw.bindMemory(to: UInt8.self)
        var reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
        do throws(JSONParseError) {
            return .success(try reader.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}

/// The parsing state over one input buffer.
struct JSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let count: Int
    private let maxDepth: Int
    private var index = 0
    private var depth = 0
    private let elements = JSONParserScratch<JSONInstance>()
    private let members = JSONParserScratch<JSONObject.Member>()
    private var unescaped: [UInt8] = []
    private let keyCache = JSONKeyCache()

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.count = bytes.count
        self.maxDepth = maxDepth
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONInstance {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < count { throw error("unexpected \(describeByte(at: index)) after the JSON value") }
        return value
    }

    // MARK: - Values

    /// An open array or object. The parser keeps these on an explicit stack instead of recursing, so deep
    /// nesting is bounded by `maxDepth` only, whatever the thread's stack size.
    private enum Container {
        /// An array whose elements start at `start` in `elements`.
        case array(start: Int)
        /// An object whose members start at `start` in `members`; the last member waits for its value.
        case object(start: Int)
    }

    /// Parses one value (with everything nested in it) starting at `index`.
    private mutating func parseValue() throws(JSONParseError) -> JSONInstance {
        var containers: [Container] = []
        while true {
            // Parse a value, or open a container and loop to parse its first element or member value.
            guard index < count else { throw error("unexpected end of input, expected a value") }
            var value: JSONInstance
            switch bytes[index] {
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "["):
                try enter()
                index += 1
                skipWhitespace()
                if index < count && bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    depth -= 1
                    value = .array([])
                } else {
                    containers.append(.array(start: elements.count))
                    continue
                }
            case UInt8(ascii: "{"):
                try enter()
                index += 1
                skipWhitespace()
                if index < count && bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    depth -= 1
                    value = .object(JSONObject())
                } else {
                    containers.append(.object(start: members.count))
                    try parseMemberName()
                    continue
                }
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                throw error("unexpected \(describeByte(at: index)), expected a value")
            }
            // Hand the value to the innermost open container; close containers that end here.
            while let container = containers.last {
                skipWhitespace()
                switch container {
                case .array(let start):
                    elements.push(value)
                    guard index < count else { throw error("unexpected end of input, expected ',' or ']' in an array") }
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: ",") {
                        skipWhitespace()
                        break
                    }
                    guard byte == UInt8(ascii: "]") else {
                        throw error("unexpected \(describeByte(at: index - 1)), expected ',' or ']' after an array element", at: index - 1)
                    }
                    containers.removeLast()
                    depth -= 1
                    value = .array(elements.popArray(from: start))
                    continue
                case .object(let start):
                    members.modifyLast { $0.value = value }
                    guard index < count else { throw error("unexpected end of input, expected ',' or '}' in an object") }
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: ",") {
                        skipWhitespace()
                        try parseMemberName()
                        break
                    }
                    guard byte == UInt8(ascii: "}") else {
                        throw error("unexpected \(describeByte(at: index - 1)), expected ',' or '}' after an object member", at: index - 1)
                    }
                    containers.removeLast()
                    depth -= 1
                    value = .object(makeObject(from: start))
                    continue
                }
                // A ',' was read: parse the next element or member value.
                break
            }
            if containers.isEmpty { return value }
        }
    }

    /// Parses `"name" :`, pushes the member with a placeholder value, and leaves `index` at the value.
    private mutating func parseMemberName() throws(JSONParseError) {
        guard index < count else { throw error("unexpected end of input, expected a member name") }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeByte(at: index)), expected a member name string")
        }
        let (key, keyHash) = try parseKey()
        skipWhitespace()
        guard index < count, bytes[index] == UInt8(ascii: ":") else {
            throw error(index < count ? "unexpected \(describeByte(at: index)), expected ':' after a member name" : "unexpected end of input, expected ':'")
        }
        index += 1
        skipWhitespace()
        members.push(JSONObject.Member(key: key, value: .null, keyHash: keyHash))
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let length = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: length)
        for offset in 0..<length {
            guard index + offset < count, bytes[index + offset] == expected[offset] else {
                throw error("invalid literal, expected '\(literal)'", at: index + offset)
            }
        }
        index += length
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        switch JSONNumberScanner.scanLiteral(bytes, from: start) {
        case .success(let literal):
            index = literal.end
            return JSONNumberScanner.make(bytes, literal: literal, start: start)
        case .failure(let failure):
            throw error(failure.message + " in a number", at: failure.offset)
        }
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > maxDepth { throw error("nesting deeper than \(maxDepth) arrays and objects") }
    }

    /// Pops the members from `start` into an object; a repeated name keeps its first value, as Foundation's
    /// `JSONDecoder` does, so the validator checks the value the generated model decodes (with "last wins", a body
    /// like `{"name": "<invalid>", "name": "ok"}` had the validator pass `ok` and the model keep `<invalid>`).
    /// Later repeats are dropped in one pass, so a body of repeated names costs linear time.
    private func makeObject(from start: Int) -> JSONObject {
        let length = members.count - start
        if length <= JSONObject.linearSearchLimit {
            var kept = start
            for position in start..<members.count {
                let member = members[position]
                var repeated = false
                for earlier in start..<kept where members[earlier].keyHash == member.keyHash && members[earlier].key == member.key {
                    repeated = true
                    break
                }
                if !repeated {
                    members[kept] = member
                    kept += 1
                }
            }
            members.removeLast(members.count - kept)
            return JSONObject(uniqueMembers: members.popArray(from: start))
        }
        var lookup: [String: Int] = [:]
        lookup.reserveCapacity(length)
        var kept = start
        for position in start..<members.count {
            let member = members[position]
            guard lookup[member.key] == nil else { continue }
            lookup[member.key] = kept - start
            members[kept] = member
            kept += 1
        }
        members.removeLast(members.count - kept)
        return JSONObject(members: members.popArray(from: start), lookup: lookup)
    }

    // MARK: - Strings

    /// Parses a member name and hashes its UTF-8 bytes for ``JSONPropertyTable``.
    ///
    /// Objects of one response repeat the same few names (a list of 100 items spells each name 100 times), so a name
    /// of up to 16 bytes without escapes is looked up in ``JSONKeyCache`` by its hash and bytes before a `String` is
    /// made: copying a cached small string costs nothing, making one validates its UTF-8 again.
    private mutating func parseKey() throws(JSONParseError) -> (String, UInt32) {
        let quote = index
        index += 1
        let start = index
        guard try scanToStringEnd(quote: quote) else {
            let key = try parseEscapedString(start: start, quote: quote)
            return (key, unescaped.withUnsafeBufferPointer { JSONPropertyTable.hash($0) })
        }
        let end = index
        index += 1
        let keyBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
        let hash = JSONPropertyTable.hash(keyBytes)
        let length = end - start
        // Two unaligned words are read from `start`: only where 16 bytes exist, which all but a document's last
        // name satisfy (a name is followed by at least `:` and a value).
        guard length <= JSONKeyCache.maxLength, start + JSONKeyCache.maxLength <= count else {
            return (String(decoding: keyBytes, as: UTF8.self), hash)
        }
        let (low, high) = JSONKeyCache.words(UnsafeRawPointer(bytes.baseAddress! + start), length: length)
        if let cached = keyCache.lookup(hash: hash, length: length, low: low, high: high) { return (cached, hash) }
        let key = String(decoding: keyBytes, as: UTF8.self)
        keyCache.store(key, hash: hash, length: length, low: low, high: high)
        return (key, hash)
    }

    /// Parses the string starting at the opening quote at `index`.
    private mutating func parseString() throws(JSONParseError) -> String {
        let quote = index
        index += 1
        let start = index
        if try scanToStringEnd(quote: quote) {
            let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return string
        }
        return try parseEscapedString(start: start, quote: quote)
    }

    /// Advances `index` over string content: true when it stops at the closing quote, false at the first backslash.
    /// Validates UTF-8 and rejects control characters on the way.
    @inline(__always)
    private mutating func scanToStringEnd(quote: Int) throws(JSONParseError) -> Bool {
        while true {
            // Eight bytes at a time while they are plain ASCII without quote, backslash or control characters.
            while index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                let attention = JSONReader.attentionMask(word)
                if attention != 0 {
                    // The lowest flagged byte is the first that needs attention (little-endian): go straight to it.
                    index += attention.trailingZeroBitCount &>> 3
                    break
                }
                index += 8
            }
            guard index < count else { throw error("unterminated string", at: quote) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return true }
            if byte == UInt8(ascii: "\\") { return false }
            if byte < 0x20 { throw error("unescaped control character U+00\(hex(byte)) in a string") }
            if byte < 0x80 {
                index += 1
            } else {
                index += try utf8SequenceLength(at: index)
            }
        }
    }

    /// Continues a string at its first backslash, unescaping into a scratch buffer.
    private mutating func parseEscapedString(start: Int, quote: Int) throws(JSONParseError) -> String {
        unescaped.removeAll(keepingCapacity: true)
        unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < count else { throw error("unterminated string", at: quote) }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: unescaped, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
            } else if byte < 0x20 {
                throw error("unescaped control character U+00\(hex(byte)) in a string")
            } else if byte < 0x80 {
                unescaped.append(byte)
                index += 1
            } else {
                let length = try utf8SequenceLength(at: index)
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < count else { throw error("unterminated string", at: escapeStart) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(byte)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4(escapeStart: escapeStart)
            if scalar >= 0xD800 && scalar <= 0xDBFF {
                guard index + 1 < count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired high surrogate \\u\(hex16(scalar)) in a string", at: escapeStart)
                }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error("unpaired high surrogate \\u\(hex16(scalar)) in a string", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                throw error("unpaired low surrogate \\u\(hex16(scalar)) in a string", at: escapeStart)
            }
            appendUTF8(scalar)
        default:
            throw error("invalid escape '\\\(describeByteRaw(byte))' in a string", at: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else { throw error("unterminated \\u escape", at: escapeStart) }
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape: expected four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    // Written with typed helpers: `UInt8(0x80 | scalar >> 6 & 0x3F)` took 0.7 s to type-check (the literals'
    // types are inferred through every overload of the operators), on every clean build of the core.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            unescaped.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            unescaped.append(Self.leadByte(0xC0, scalar, shift: 6))
            unescaped.append(Self.continuationByte(scalar, shift: 0))
        case 0x800..<0x10000:
            unescaped.append(Self.leadByte(0xE0, scalar, shift: 12))
            unescaped.append(Self.continuationByte(scalar, shift: 6))
            unescaped.append(Self.continuationByte(scalar, shift: 0))
        default:
            unescaped.append(Self.leadByte(0xF0, scalar, shift: 18))
            unescaped.append(Self.continuationByte(scalar, shift: 12))
            unescaped.append(Self.continuationByte(scalar, shift: 6))
            unescaped.append(Self.continuationByte(scalar, shift: 0))
        }
    }

    /// The first byte of a multi-byte sequence: `marker` (`0xC0`, `0xE0`, `0xF0`) with the scalar's high bits.
    private static func leadByte(_ marker: UInt8, _ scalar: UInt32, shift: UInt32) -> UInt8 {
        marker | UInt8(truncatingIfNeeded: scalar &>> shift)
    }

    /// A continuation byte: `10` followed by six bits of the scalar.
    private static func continuationByte(_ scalar: UInt32, shift: UInt32) -> UInt8 {
        0x80 | (UInt8(truncatingIfNeeded: scalar &>> shift) & 0x3F)
    }

    /// The length of the well-formed UTF-8 sequence (RFC 3629) starting with a non-ASCII byte at `position`.
    private func utf8SequenceLength(at position: Int) throws(JSONParseError) -> Int {
        let lead = bytes[position]
        @inline(__always) func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            position + offset < count && bytes[position + offset] >= low && bytes[position + offset] <= high
        }
        let valid: Bool
        let length: Int
        switch lead {
        case 0xC2...0xDF:
            length = 2
            valid = continuation(1)
        case 0xE0:
            length = 3
            valid = continuation(1, 0xA0) && continuation(2)
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
            valid = continuation(1) && continuation(2)
        case 0xED:
            length = 3
            valid = continuation(1, 0x80, 0x9F) && continuation(2)
        case 0xF0:
            length = 4
            valid = continuation(1, 0x90) && continuation(2) && continuation(3)
        case 0xF1...0xF3:
            length = 4
            valid = continuation(1) && continuation(2) && continuation(3)
        case 0xF4:
            length = 4
            valid = continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3)
        default:
            length = 1
            valid = false
        }
        guard valid else { throw error("invalid UTF-8 in a string", at: position) }
        return length
    }

    /// The high bit of each of the eight bytes (in memory order, little-endian) that is a quote, a backslash, a
    /// control character or non-ASCII; zero when none is. Bytes above a flagged one may be flagged falsely
    /// (borrows), the lowest flagged byte never is.
    @inline(__always)
    static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return ((hasQuote | hasBackslash | hasControl) & highs) | (word & highs)
    }

    // MARK: - Helpers

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private func error(_ message: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(at: offset ?? index, in: bytes, message: message)
    }

    private func describeByte(at position: Int) -> String {
        "'\(describeByteRaw(bytes[position]))'"
    }

    private func describeByteRaw(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\x" + hex(byte)
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }

    private func hex16(_ value: UInt32) -> String {
        hex(UInt8(value >> 8)) + hex(UInt8(value & 0xFF))
    }
}
