extension JSONSchemaFormat {
    /// `uri` (RFC 3986 URI): a scheme, `:`, and a hierarchical part, query and fragment made only of
    /// allowed ASCII characters and well-formed percent-encodings.
    public static func isValidURI(_ string: String) -> Bool {
        withBytes(string) { bytes in
            var scanner = URIScanner(bytes, iri: false)
            return scanner.scanReference(requireScheme: true)
        }
    }

    /// `uri-reference` (RFC 3986 URI-reference): a URI or a relative reference (`/a`, `../b`, `?q`, `#f`,
    /// `//host/p`, the empty string).
    public static func isValidURIReference(_ string: String) -> Bool {
        withBytes(string) { bytes in
            var scanner = URIScanner(bytes, iri: false)
            return scanner.scanReference(requireScheme: false)
        }
    }

    /// `iri` (RFC 3987): as ``isValidURI(_:)`` with non-ASCII `ucschar`s (and `iprivate` in the query).
    public static func isValidIRI(_ string: String) -> Bool {
        withBytes(string) { bytes in
            var scanner = URIScanner(bytes, iri: true)
            return scanner.scanReference(requireScheme: true)
        }
    }

    /// `iri-reference` (RFC 3987): as ``isValidURIReference(_:)`` with non-ASCII `ucschar`s.
    public static func isValidIRIReference(_ string: String) -> Bool {
        withBytes(string) { bytes in
            var scanner = URIScanner(bytes, iri: true)
            return scanner.scanReference(requireScheme: false)
        }
    }
}

/// A recursive-descent matcher for the RFC 3986 / RFC 3987 grammars over UTF-8 bytes.
struct URIScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let iri: Bool
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, iri: Bool) {
        self.bytes = bytes
        self.iri = iri
    }

    /// The byte at the current position (non-ASCII bytes start or continue a code point).
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// URI or (unless `requireScheme`) relative-ref, consuming everything.
    mutating func scanReference(requireScheme: Bool) -> Bool {
        if let colon = schemeEnd() {
            index = colon + 1
            return scanHierarchy(relative: false) && scanQueryAndFragment()
        }
        guard !requireScheme else { return false }
        return scanHierarchy(relative: true) && scanQueryAndFragment()
    }

    /// The index of the `:` ending a scheme at the start, or nil.
    private func schemeEnd() -> Int? {
        guard let first = bytes.first, JSONSchemaFormat.isAlpha(first) else { return nil }
        var position = 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ":") { return position }
            guard JSONSchemaFormat.isAlpha(byte) || JSONSchemaFormat.isDigit(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else { return nil }
            position += 1
        }
        return nil
    }

    /// `"//" authority path-abempty` or a path; in a relative reference the first segment of a
    /// rootless path must not contain `:`.
    private mutating func scanHierarchy(relative: Bool) -> Bool {
        if current == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            guard scanAuthority() else { return false }
        } else if relative {
            // path-noscheme: the first segment may not contain ':'.
            var position = index
            while position < bytes.count, bytes[position] != UInt8(ascii: "/"), bytes[position] != UInt8(ascii: "?"), bytes[position] != UInt8(ascii: "#") {
                if bytes[position] == UInt8(ascii: ":") { return false }
                position += 1
            }
        }
        while let byte = current, byte != UInt8(ascii: "?"), byte != UInt8(ascii: "#") {
            if byte == UInt8(ascii: "/") {
                index += 1
            } else {
                guard scanPathCharacter() else { return false }
            }
        }
        return true
    }

    /// `[ "?" query ] [ "#" fragment ]` up to the end.
    private mutating func scanQueryAndFragment() -> Bool {
        if current == UInt8(ascii: "?") {
            index += 1
            while let byte = current, byte != UInt8(ascii: "#") {
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") {
                    index += 1
                } else if byte >= 0x80 && iri && isPrivate(ECMARegexMachine.decode(bytes, at: index).0) {
                    index += ECMARegexMachine.sequenceLength(byte)
                } else {
                    guard scanPathCharacter() else { return false }
                }
            }
        }
        if current == UInt8(ascii: "#") {
            index += 1
            while let byte = current {
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") {
                    index += 1
                } else {
                    guard scanPathCharacter() else { return false }
                }
            }
        }
        return index == bytes.count
    }

    /// `[ userinfo "@" ] host [ ":" port ]`, ending before `/`, `?`, `#` or the end.
    private mutating func scanAuthority() -> Bool {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") { end += 1 }
        if let at = bytes[index..<end].firstIndex(of: UInt8(ascii: "@")) {
            while index < at {
                if bytes[index] == UInt8(ascii: ":") {
                    index += 1
                } else {
                    guard scanUnreservedOrSubDelimiter() else { return false }
                }
            }
            index = at + 1
        }
        if current == UInt8(ascii: "[") {
            guard let close = bytes[index..<end].firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<close])
            guard JSONSchemaFormat.scanIPv6(literal, from: 0, to: literal.count) || URIScanner.isIPvFuture(literal) else { return false }
            index = close + 1
        } else {
            while index < end, bytes[index] != UInt8(ascii: ":") {
                guard scanUnreservedOrSubDelimiter() else { return false }
            }
        }
        if index < end {
            guard bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            while index < end {
                guard JSONSchemaFormat.isDigit(bytes[index]) else { return false }
                index += 1
            }
        }
        return index == end
    }

    /// `"v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
    private static func isIPvFuture(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 4, bytes[0] | 0x20 == UInt8(ascii: "v") else { return false }
        var position = 1
        while position < bytes.count && JSONSchemaFormat.isHexDigit(bytes[position]) { position += 1 }
        guard position > 1, position < bytes.count, bytes[position] == UInt8(ascii: ".") else { return false }
        position += 1
        guard position < bytes.count else { return false }
        return bytes[position...].allSatisfy { isUnreservedByte($0) || isSubDelimiter($0) || $0 == UInt8(ascii: ":") }
    }

    /// One `pchar` (or `ipchar`): unreserved, pct-encoded, sub-delims, `:` or `@`.
    private mutating func scanPathCharacter() -> Bool {
        guard let byte = current else { return false }
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@") {
            index += 1
            return true
        }
        return scanUnreservedOrSubDelimiter()
    }

    /// One unreserved (or `iunreserved`) character, sub-delimiter, or percent-encoding.
    private mutating func scanUnreservedOrSubDelimiter() -> Bool {
        guard let byte = current else { return false }
        if byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, JSONSchemaFormat.isHexDigit(bytes[index + 1]), JSONSchemaFormat.isHexDigit(bytes[index + 2]) else { return false }
            index += 3
            return true
        }
        if byte < 0x80 {
            guard URIScanner.isUnreservedByte(byte) || URIScanner.isSubDelimiter(byte) else { return false }
            index += 1
            return true
        }
        let (scalar, length) = ECMARegexMachine.decode(bytes, at: index)
        guard iri && isUCSCharacter(scalar) else { return false }
        index += length
        return true
    }

    private static func isUnreservedByte(_ byte: UInt8) -> Bool {
        JSONSchemaFormat.isAlpha(byte) || JSONSchemaFormat.isDigit(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// RFC 3987 `ucschar`.
    private func isUCSCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
        case 0x10000...0xEFFFD: return scalar & 0xFFFF <= 0xFFFD && (scalar < 0xE0000 || scalar >= 0xE1000)
        default: return false
        }
    }

    /// RFC 3987 `iprivate`.
    private func isPrivate(_ scalar: UInt32) -> Bool {
        (0xE000...0xF8FF).contains(scalar) || (0xF0000...0xFFFFD).contains(scalar) || (0x100000...0x10FFFD).contains(scalar)
    }
}
