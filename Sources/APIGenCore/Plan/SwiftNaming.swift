import Foundation

/// Turns wire names (snake_case, kebab-case, dotted, spaced, digits first, keywords, non-ASCII) into valid,
/// idiomatic Swift identifiers. Pure functions: uniqueness is the job of ``NameScope``.
public enum SwiftNaming {
    /// Swift keywords that need backticks when used as a member name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "false", "is", "nil", "super", "throws", "true", "try", "await", "async", "any", "some",
        "consume", "copy", "discard", "each", "borrowing", "consuming", "package", "macro", "_",
    ]

    /// Names that cannot be used as members even with backticks, or that would shadow something every value has.
    static let unusableMembers: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "super", "_"]

    /// Type names that would shadow the standard library, Foundation or APIRuntime inside generated code.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Data", "Date", "URL", "UUID", "Error", "Decoder",
        "Encoder", "CodingKey", "CodingKeys", "Codable", "Decodable", "Encodable", "Hashable", "Sendable", "Equatable",
        "Array", "Dictionary", "Set", "Optional", "Result", "Type", "Protocol", "Self", "Any", "AnyObject", "Never",
        "Void", "Character", "Substring", "Foundation", "Swift", "JSONValue", "Nullable", "Indirect", "CalendarDate",
        "MultipartFile", "MultipartForm", "APIClient", "APIError", "RequestBuilder", "APIResponse", "APIRequest",
        "HTTPFields", "OperationInfo", "ServerURL", "ParameterEncodable", "APIRuntime", "Task", "Element", "Key",
        "Value", "Iterator", "Sequence", "Collection", "Identifiable", "CustomStringConvertible", "Comparable",
        "Servers", "JSONEncoder", "JSONDecoder", "FlexibleIdentifier", "Identifier", "WireKey",
        // APIRuntime types generated code names unqualified (validators, security, envelopes, the client's setup):
        // a model of the same name would shadow them in the generated module.
        "APIKeyCredential", "BasicCredential", "BearerCredential", "ClientMiddleware", "CredentialSet",
        "DateTimeCoding", "ECMARegex", "ECMARegexError", "EnvelopeFormat", "EventBus", "HTTPAuthorizationCredential",
        "HTTPTransport", "JSONInstance", "JSONNumber", "JSONObject", "JSONPropertyTable", "JSONSchemaFormat", "JSONTypeSet",
        "ParameterStyle",
        "SchemaCheck", "SchemeCredential", "SecurityRequirement", "SecurityScheme", "URLSessionTransport",
        "ValidationContext", "ValidationFailureReporter", "ValidationMessage",
    ]

    /// Splits a wire name into words at separators, case changes and letter/digit boundaries.
    /// `user_name`, `user-name`, `userName`, `UserName`, `user.name`, `user name` all give `["user", "name"]`.
    public static func words(_ raw: String) -> [String] {
        // A sign before a digit carries meaning (`+1` / `-1` reactions): spell it so the two stay distinct.
        var raw = raw
        // The byte test first: `count` walks every Character of the word.
        if let lead = raw.utf8.first, lead == UInt8(ascii: "-") || lead == UInt8(ascii: "+"),
           raw.count > 1, let first = raw.first, first == "-" || first == "+",
           raw.dropFirst().first?.isNumber == true {
            raw = (first == "-" ? "minus " : "plus ") + raw.dropFirst()
        }
        if raw.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(Array(raw.utf8)) }
        var words: [String] = []
        var current = ""
        var previous: Character?
        let characters = Array(raw)
        for (index, character) in characters.enumerated() {
            let isWordCharacter = character.isLetter || character.isNumber
            if !isWordCharacter {
                if !current.isEmpty { words.append(current); current = "" }
                previous = nil
                continue
            }
            if let previous, !current.isEmpty {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let lowerToUpper = (previous.isLowercase || previous.isNumber) && character.isUppercase
                let acronymEnd = previous.isUppercase && character.isUppercase && (next?.isLowercase ?? false)
                let letterToDigit = previous.isLetter && character.isNumber
                if lowerToUpper || acronymEnd || letterToDigit {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` for ASCII names (nearly all of them), on bytes: the same rules without Unicode property lookups.
    private static func asciiWords(_ bytes: [UInt8]) -> [String] {
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var words: [String] = []
        var start = 0, count = 0
        func flush() {
            if count > 0 { words.append(String(decoding: bytes[start..<start + count], as: UTF8.self)) }
            count = 0
        }
        var previous: UInt8?
        for (index, byte) in bytes.enumerated() {
            guard isLower(byte) || isUpper(byte) || isDigit(byte) else {
                flush()
                previous = nil
                continue
            }
            if let previous, count > 0 {
                let next = index + 1 < bytes.count ? bytes[index + 1] : nil
                let lowerToUpper = (isLower(previous) || isDigit(previous)) && isUpper(byte)
                let acronymEnd = isUpper(previous) && isUpper(byte) && next.map(isLower) == true
                let letterToDigit = (isLower(previous) || isUpper(previous)) && isDigit(byte)
                if lowerToUpper || acronymEnd || letterToDigit { flush() }
            }
            if count == 0 { start = index }
            count += 1
            previous = byte
        }
        flush()
        return words
    }

    /// Words that stay upper-case in identifiers (`userID`, `baseURL`).
    static let acronyms: Set<String> = ["id", "url", "uri", "uuid", "http", "https", "api", "json", "html", "ip", "ok"]

    private static func capitalised(_ word: String) -> String {
        // ASCII words (nearly all) by bytes: Unicode case mapping is the slow part of naming a type.
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes = Array(word.utf8)
            for index in bytes.indices where bytes[index] >= UInt8(ascii: "A") && bytes[index] <= UInt8(ascii: "Z") { bytes[index] += 32 }
            let lower = String(decoding: bytes, as: UTF8.self)
            if acronyms.contains(lower) { return lower.uppercased() }
            if let first = bytes.first, first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") { bytes[0] -= 32 }
            return String(decoding: bytes, as: UTF8.self)
        }
        let lower = word.lowercased()
        if acronyms.contains(lower) { return lower.uppercased() }
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    /// A type name: `user_profile` -> `UserProfile`, `2fa` -> `_2fa`, `` -> `Unnamed`.
    public static func typeName(_ raw: String) -> String {
        let parts = words(raw)
        var name = parts.map { word -> String in
            // Keep an all-caps word all-caps only when it is an acronym we know; `ASC` becomes `Asc`.
            capitalised(word)
        }.joined()
        if !name.isEmpty { name = identifierScalars(name) }
        if name.isEmpty { name = "Unnamed" }
        if let first = name.first, first.isNumber { name = "_" + name }
        if reservedTypeNames.contains(name) || keywords.contains(name) || unusableMembers.contains(name) { name += "Model" }
        return name
    }

    /// A name part appended to another type name (`Profile` + `data` -> `ProfileData`): no reserved-name suffix.
    public static func typeNamePart(_ raw: String) -> String {
        let name = words(raw).map(capitalised).joined()
        return name.isEmpty ? "Value" : identifierScalars(name)
    }

    /// A property, method or case name: `user_name` -> `userName`, `ID` -> `id`, `default` -> `default` escaped
    /// with backticks, `self` -> `self_`, `2fa_enabled` -> `_2faEnabled`.
    public static func memberName(_ raw: String) -> String {
        let parts = words(raw)
        var name = ""
        for (index, word) in parts.enumerated() {
            name += index == 0 ? word.lowercased() : capitalised(word)
        }
        if !name.isEmpty { name = identifierScalars(name) }
        if name.isEmpty { name = "value" }
        if let first = name.first, first.isNumber { name = "_" + name }
        return name
    }

    /// The identifier as it must be written in a declaration (keywords in backticks, unusable names suffixed).
    public static func escapedMember(_ name: String) -> String {
        if unusableMembers.contains(name) { return name + "_" }
        if keywords.contains(name) { return "`\(name)`" }
        return name
    }

    /// A Swift string literal (with quotes) whose value is `text`; safe for any input.
    public static func stringLiteral(_ text: String) -> String {
        // Most literals are printable ASCII without quotes or backslashes: no per-scalar Unicode lookups.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "\"") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                // C1 controls too: NEL (U+0085) is a line break to editors and diff tools, if not to Swift.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value)
                    || scalar.properties.generalCategory == .format {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Documentation text split into lines safe inside `///` comments: control characters removed,
    /// trailing spaces trimmed, leading and trailing blank lines dropped.
    public static func docLines(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        var lines: [String] = []
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            lines = asciiLines(text)
        } else {
            lines = scalarLines(text)
        }
        lines = lines.map { line in
            var trimmed = line
            while trimmed.last == " " { trimmed.removeLast() }
            return trimmed
        }
        // \r\n produced an extra empty line per break above; collapse runs of blank lines to one.
        var collapsed: [String] = []
        for line in lines where !(line.isEmpty && (collapsed.last?.isEmpty ?? true)) { collapsed.append(line) }
        while collapsed.last?.isEmpty == true { collapsed.removeLast() }
        return collapsed
    }

    /// The lines of ASCII text, tabs expanded and control characters dropped, working on bytes.
    private static func asciiLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "\n"):
                if previous == UInt8(ascii: "\r") { continue }  // \r\n is one break
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\r"):
                lines.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            case UInt8(ascii: "\t"):
                current.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
            case 0..<0x20, 0x7F:
                continue
            default:
                current.append(byte)
            }
        }
        lines.append(String(decoding: current, as: UTF8.self))
        return lines
    }

    private static func scalarLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        let normalised = text.utf8.contains(UInt8(ascii: "\r")) ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
        for scalar in normalised.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
                lines.append(current)
                current = ""
                if scalar == "\r" { continue }
                continue
            }
            if scalar == "\t" { current += "    "; continue }
            if scalar.value >= 0x20 && scalar.value < 0x7F { current.unicodeScalars.append(scalar); continue }
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format { continue }
            current.unicodeScalars.append(scalar)
        }
        lines.append(current)
        return lines
    }
}
