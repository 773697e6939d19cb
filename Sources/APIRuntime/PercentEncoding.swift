/// Percent-encoding with explicit character sets, because Foundation's `addingPercentEncoding` sets leave
/// characters such as `+`, `&` and `=` alone in places where servers read them as syntax.
package enum PercentEncoding {
    /// Encodes every byte except the RFC 3986 unreserved characters `A-Z a-z 0-9 - . _ ~`.
    package static func encodeUnreserved(_ string: String) -> String {
        encode(string, keeping: isUnreserved)
    }

    /// Encodes what may not appear literally in a URL path, keeping `/`, existing `%XX` escapes and RFC 3986
    /// `pchar`s; used on the path template's literal text, whose parameter values are already encoded.
    static func encodePath(_ string: String) -> String {
        encodeKeepingEscapes(string, query: false)
    }

    /// Encodes what may not appear literally in a URL query, keeping existing `%XX` escapes, RFC 3986 `pchar`s and
    /// `/` `?`: a query string the caller serialised, whose `&` and `=` are its own delimiters.
    static func encodeQuery(_ string: String) -> String {
        encodeKeepingEscapes(string, query: true)
    }

    private static func encodeKeepingEscapes(_ string: String, query: Bool) -> String {
        let bytes = Array(string.utf8)
        var result = [UInt8]()
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) {
                result.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
                || byte == UInt8(ascii: "/") || (query && byte == UInt8(ascii: "?")) {
                result.append(byte)
            } else {
                appendEscape(byte, to: &result)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Encodes every byte except RFC 6265 `cookie-octet`s (and `%`, so the value can be decoded unambiguously).
    /// Percent-encodes everything but unreserved characters and the reserved ones RFC 3986 allows in a query
    /// without delimiting it (`:/?@!$'()*,;`): OpenAPI's `allowReserved`. `&`, `=`, `+` and `#` stay encoded, or the
    /// query would change; `[` and `]` are not allowed in a query at all.
    static func encodeQueryKeepingReserved(_ string: String) -> String {
        encode(string, keeping: { byte in
            isUnreserved(byte) || Array(":/?@!$'()*,;".utf8).contains(byte)
        })
    }

    static func encodeCookieValue(_ string: String) -> String {
        encode(string, keeping: { byte in
            byte == 0x21 || (0x23...0x2B).contains(byte) || (0x2D...0x3A).contains(byte)
                || (0x3C...0x5B).contains(byte) || (0x5D...0x7E).contains(byte)
        }, except: UInt8(ascii: "%"))
    }

    private static func encode(_ string: String, keeping keep: (UInt8) -> Bool, except: UInt8? = nil) -> String {
        var result = [UInt8]()
        result.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if keep(byte), byte != except {
                result.append(byte)
            } else {
                appendEscape(byte, to: &result)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func appendEscape(_ byte: UInt8, to result: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        result.append(UInt8(ascii: "%"))
        result.append(hex[Int(byte >> 4)])
        result.append(hex[Int(byte & 0x0F)])
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        Array("!$&'()*+,;=".utf8).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
             UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default:
            false
        }
    }
}
