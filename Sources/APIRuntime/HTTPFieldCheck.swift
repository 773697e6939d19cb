import HTTPTypes

/// Checks methods, header field names and values taken from callers before they become swift-http-types values.
///
/// `HTTPFields` cannot carry a forbidden byte (swift-http-types turns CR, LF and NUL in a value into spaces and
/// refuses a name that is not a token), so a request never injects a header line once built. What a caller gave
/// (a header parameter, a cookie, a credential, a multipart part's header) is checked here first so that a
/// forbidden byte is an ``APIError`` (``APIError/invalidHeaderValue(name:byte:)``, …) instead of a silently changed value.
package enum HTTPFieldCheck {
    /// The method for `method`, or ``APIError/invalidMethod(_:byte:)`` when it is not an RFC 9110 token. swift-http-types
    /// validates it; the bytes are scanned again only to say which one is wrong.
    package static func method(_ method: String) throws(APIError) -> HTTPRequest.Method {
        guard let checked = HTTPRequest.Method(method) else {
            throw .invalidMethod(shown(method), byte: firstNonToken(method))
        }
        return checked
    }

    /// The field for `name` and `value`, or an ``APIError`` when either could not be written as one header
    /// line unchanged.
    package static func field(name: String, value: String) throws(APIError) -> HTTPField {
        guard let fieldName = HTTPField.Name(name) else {
            throw .invalidHeaderName(shown(name), byte: firstNonToken(name))
        }
        try check(value: value, of: name)
        return HTTPField(name: fieldName, value: value)
    }

    /// Throws ``APIError/invalidHeaderName(_:byte:)`` when `name` is not an RFC 9110 token or `value` holds a control character
    /// other than tab.
    package static func check(name: String, value: String) throws(APIError) {
        _ = try field(name: name, value: value)
    }

    private static func check(value: String, of name: String) throws(APIError) {
        if let byte = value.utf8.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
            throw .invalidHeaderValue(name: shown(name), byte: byte)
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
