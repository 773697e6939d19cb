/// Why a request was not sent: its method or a header field holds a byte that would end the line it is written
/// on (CR, LF), end the string in C code below (NUL), or otherwise break HTTP/1.1 framing, so a value taken from
/// user input or a server could inject headers or a second request.
public struct InvalidHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The part of the request that is malformed.
    public enum Part: Sendable, Hashable {
        /// The request method (must be an RFC 9110 token).
        case method
        /// A header field name (visible ASCII other than `:`).
        case name
        /// A header field value (no CR, LF, NUL or other control character except tab).
        case value
    }

    /// The malformed part.
    public let part: Part
    /// The field name (for `.value`) or the malformed name or method, with control characters shown as `\u{..}`.
    public let field: String
    /// The first offending byte.
    public let byte: UInt8

    public var description: String {
        let what: String
        switch part {
        case .method: what = "the method \"\(field)\""
        case .name: what = "the header name \"\(field)\""
        case .value: what = "the value of header \"\(field)\""
        }
        return "Request not sent: \(what) contains the byte 0x\(String(byte, radix: 16, uppercase: true)), "
            + "which HTTP does not allow there (it could inject header fields)."
    }
}

/// Checks a request's method and header fields before it is handed to a transport.
enum HTTPFieldCheck {
    /// Throws ``InvalidHeaderError`` for the first malformed method, field name or field value of `request`.
    static func check(_ request: HTTPRequest) throws(InvalidHeaderError) {
        if let byte = request.method.utf8.first(where: { !isTokenByte($0) }) ?? (request.method.isEmpty ? 0 : nil) {
            throw InvalidHeaderError(part: .method, field: shown(request.method), byte: byte)
        }
        for field in request.headers {
            try check(name: field.name, value: field.value)
        }
    }

    /// Throws ``InvalidHeaderError`` when `name` or `value` could not be written as one header line.
    static func check(name: String, value: String) throws(InvalidHeaderError) {
        if let byte = name.utf8.first(where: { !isNameByte($0) }) ?? (name.isEmpty ? 0 : nil) {
            throw InvalidHeaderError(part: .name, field: shown(name), byte: byte)
        }
        if let byte = value.utf8.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            throw InvalidHeaderError(part: .value, field: shown(name), byte: byte)
        }
    }

    /// A byte a header name may hold here: visible ASCII but `:`. Looser than RFC 9110's `token` (which also
    /// excludes `"(),/;<=>?@[\]{}`) on purpose: what matters is that no byte can end the name or the line, and
    /// servers in the wild accept such names.
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: ":")
    }

    /// RFC 9110 `tchar`: `!#$%&'*+-.^_`|~`, digits and letters.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func shown(_ text: String) -> String {
        text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }
}
