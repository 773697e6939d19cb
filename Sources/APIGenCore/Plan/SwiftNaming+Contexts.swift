/// The output contexts other than string literals and doc blocks (``SwiftNaming/stringLiteral(_:)``,
/// ``SwiftNaming/docLines(_:)``): identifiers, single-line comments and file names. Every spec- or
/// config-derived string reaches generated code through one of these; Docs/generated-code.md lists them.
extension SwiftNaming {
    /// Whether `name` can be written as a Swift identifier without backticks: the grammar of The Swift
    /// Programming Language (Lexical Structure), minus format characters (bidirectional overrides, zero-width
    /// joiners) that would make code read differently from what it does, and not a keyword.
    public static func isValidIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isIdentifierHead(first) else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy(isIdentifierCharacter) && !keywords.contains(name)
    }

    /// An argument label as written in a call, from the escaped parameter name of the declaration: a call's argument
    /// list takes every keyword bare except `inout`, and escaping any other is a compiler warning.
    public static func callLabel(_ escapedName: String) -> String {
        guard escapedName.hasPrefix("`"), escapedName.hasSuffix("`"), escapedName.count > 2 else { return escapedName }
        let name = String(escapedName.dropFirst().dropLast())
        return name == "inout" ? escapedName : name
    }

    /// `name` with every scalar an identifier cannot hold at its position removed (`_` when nothing is left):
    /// the last guard of ``typeName(_:)`` and ``memberName(_:)`` for letters outside Swift's identifier ranges.
    static func identifierScalars(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return name }  // ASCII words are letters, digits and `_` already
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars where result.isEmpty ? isIdentifierHead(scalar) : isIdentifierCharacter(scalar) {
            result.append(scalar)
        }
        return result.isEmpty ? "_" : String(result)
    }

    /// Text for a one-line `//` or `///` comment or a Markdown code span in one: no line break, control or format
    /// character can end the comment or hide text, and no backtick can end the code span (it becomes `'`).
    public static func commentText(_ text: String) -> String {
        let safe = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "`") }
        if safe { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "`" {
                result.append("'")
            } else if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                        || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.properties.generalCategory == .format {
                result.append(" ")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// A file name (without folder) for `stem`: no separator, no `..`, no control character, not hidden, at most
    /// 240 bytes (file systems allow 255 per name, and `.swift` follows). Type names are valid identifiers, so for
    /// them this is the identity unless they are that long; it guards the path anyway. A longer name keeps its
    /// first 200 bytes and gets a hash of the whole, so two long names that share a beginning stay two files.
    public static func fileName(_ stem: String) -> String {
        // Printable ASCII without a character a file system reserves, not hidden and not too long: as it is.
        let reserved: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: ":"), UInt8(ascii: "*"), UInt8(ascii: "?"),
                                    UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|")]
        if let first = stem.utf8.first, first != UInt8(ascii: "."), stem.utf8.count <= 240,
           stem.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && !reserved.contains($0) }) {
            return stem
        }
        var result = String.UnicodeScalarView()
        for scalar in stem.unicodeScalars {
            let unsafe = scalar == "/" || scalar == "\\" || scalar == ":" || scalar.value < 0x20 || scalar.value == 0x7F
                || scalar.properties.generalCategory == .format || scalar == "*" || scalar == "?" || scalar == "\""
                || scalar == "<" || scalar == ">" || scalar == "|"
            result.append(unsafe ? "_" : scalar)
        }
        var name = String(result)
        while name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name.isEmpty { name = "_" }
        if name.utf8.count > 240 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a: stable across runs and platforms, unlike Hasher
            for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            var prefix = String.UnicodeScalarView()
            var bytes = 0
            for scalar in name.unicodeScalars {
                bytes += String(scalar).utf8.count
                if bytes > 200 { break }
                prefix.append(scalar)
            }
            let hex = String(hash, radix: 16)
            name = String(prefix) + "_" + String(repeating: "0", count: 16 - hex.count) + hex
        }
        return name
    }

    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
        }
        if scalar.properties.generalCategory == .format { return false }
        return identifierHeadRanges.contains { $0.contains(value) }
    }

    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if isIdentifierHead(scalar) { return true }
        let value = scalar.value
        return (0x30...0x39).contains(value) || (0x0300...0x036F).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    /// identifier-head beyond ASCII, as The Swift Programming Language lists it.
    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F, 0x2070...0x20CF,
        0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007,
        0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
        0xFE30...0xFE44, 0xFE47...0xFFFD, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD,
        0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD,
        0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD, 0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]
}
