import HTTPTypes

/// Why a request was not sent: its method or a header field holds a byte that would end the line it is written
/// on (CR, LF), end the string in C code below (NUL), or otherwise break HTTP/1.1 framing, so a value taken from
/// user input or a server could inject headers or a second request.
public struct InvalidHeaderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The part of the request that is malformed.
    public enum Part: Sendable, Hashable {
        /// The request method (must be an RFC 9110 token).
        case method
        /// A header field name (must be an RFC 9110 token).
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

/// Checks methods, header field names and values taken from callers before they become swift-http-types values.
///
/// `HTTPFields` cannot carry a forbidden byte (swift-http-types turns CR, LF and NUL in a value into spaces and
/// refuses a name that is not a token), so a request never injects a header line once built. What a caller gave
/// (a header parameter, a cookie, a credential, a multipart part's header) is checked here first so that a
/// forbidden byte is an ``InvalidHeaderError`` instead of a silently changed value.
package enum HTTPFieldCheck {
    /// The method for `method`, or ``InvalidHeaderError`` when it is not an RFC 9110 token. swift-http-types
    /// validates it; the bytes are scanned again only to say which one is wrong.
    package static func method(_ method: String) throws(InvalidHeaderError) -> HTTPRequest.Method {
        guard let checked = HTTPRequest.Method(method) else {
            throw InvalidHeaderError(part: .method, field: shown(method), byte: firstNonToken(method))
        }
        return checked
    }

    /// The field for `name` and `value`, or ``InvalidHeaderError`` when either could not be written as one header
    /// line unchanged.
    package static func field(name: String, value: String) throws(InvalidHeaderError) -> HTTPField {
        guard let fieldName = HTTPField.Name(name) else {
            throw InvalidHeaderError(part: .name, field: shown(name), byte: firstNonToken(name))
        }
        try check(value: value, of: name)
        return HTTPField(name: fieldName, value: value)
    }

    /// Throws ``InvalidHeaderError`` when `name` is not an RFC 9110 token or `value` holds a control character
    /// other than tab.
    package static func check(name: String, value: String) throws(InvalidHeaderError) {
        _ = try field(name: name, value: value)
    }

    private static func check(value: String, of name: String) throws(InvalidHeaderError) {
        if let byte = value.utf8.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            throw InvalidHeaderError(part: .value, field: shown(name), byte: byte)
        }
    }

    /// The first byte of `text` that is not a token character; 0 for an empty text.
    private static func firstNonToken(_ text: String) -> UInt8 {
        text.utf8.first { !isTokenByte($0) } ?? 0
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
