/// The `format` values JSON Schema 2020-12 defines, with their checkers.
///
/// Checkers are exact where the suite is (dates, times, IP addresses, URIs, pointers) and best effort for
/// internationalized names (`idn-hostname`, `idn-email`, `iri`): see each `isValid...` function. Strings
/// are checked as sequences of Unicode scalars; non-ASCII digits are never digits.
@_spi(Generated) public enum JSONSchemaFormat: String, Sendable, CaseIterable {
    /// RFC 3339 date-time.
    case dateTime = "date-time"
    /// RFC 3339 full-date.
    case date
    /// RFC 3339 full-time.
    case time
    /// RFC 3339 appendix A duration.
    case duration
    /// RFC 5321 mailbox.
    case email
    /// RFC 6531 mailbox.
    case idnEmail = "idn-email"
    /// RFC 1123 host name (with IDNA A-labels).
    case hostname
    /// RFC 5890 internationalized host name.
    case idnHostname = "idn-hostname"
    /// Dotted-quad IPv4 address.
    case ipv4
    /// RFC 4291 IPv6 address.
    case ipv6
    /// RFC 3986 URI.
    case uri
    /// RFC 3986 URI reference.
    case uriReference = "uri-reference"
    /// RFC 3987 IRI.
    case iri
    /// RFC 3987 IRI reference.
    case iriReference = "iri-reference"
    /// RFC 6570 URI template.
    case uriTemplate = "uri-template"
    /// RFC 4122 UUID.
    case uuid
    /// ECMA-262 regular expression.
    case regex
    /// RFC 6901 JSON pointer.
    case jsonPointer = "json-pointer"
    /// Relative JSON pointer.
    case relativeJSONPointer = "relative-json-pointer"
    /// RFC 1123 host name without IDNA rules: draft-03 `host-name`, and `hostname` of draft-04/06.
    case rfc1123Hostname = "host-name"
    /// draft-03 `ip-address`: dotted-quad IPv4.
    case ipAddress = "ip-address"
    /// draft-03 `time`: `hh:mm:ss` (generators map draft-03 `time` to this name).
    case clockTime = "draft-03-time"
    /// draft-03 `color`: CSS 2.1 color.
    case color

    /// The format named `name`, or nil for a format this runtime does not know (unknown formats are
    /// annotations only and must not fail validation).
    public init?(name: String) {
        self.init(rawValue: name)
    }

    /// Whether `string` is valid for this format.
    public func isValid(_ string: String) -> Bool {
        switch self {
        case .dateTime: JSONSchemaFormat.isValidDateTime(string)
        case .date: JSONSchemaFormat.isValidDate(string)
        case .time: JSONSchemaFormat.isValidTime(string)
        case .duration: JSONSchemaFormat.isValidDuration(string)
        case .email: JSONSchemaFormat.isValidEmail(string)
        case .idnEmail: JSONSchemaFormat.isValidIDNEmail(string)
        case .hostname: JSONSchemaFormat.isValidHostname(string)
        case .idnHostname: JSONSchemaFormat.isValidIDNHostname(string)
        case .ipv4: JSONSchemaFormat.isValidIPv4(string)
        case .ipv6: JSONSchemaFormat.isValidIPv6(string)
        case .uri: JSONSchemaFormat.isValidURI(string)
        case .uriReference: JSONSchemaFormat.isValidURIReference(string)
        case .iri: JSONSchemaFormat.isValidIRI(string)
        case .iriReference: JSONSchemaFormat.isValidIRIReference(string)
        case .uriTemplate: JSONSchemaFormat.isValidURITemplate(string)
        case .uuid: JSONSchemaFormat.isValidUUID(string)
        case .regex: JSONSchemaFormat.isValidRegex(string)
        case .jsonPointer: JSONSchemaFormat.isValidJSONPointer(string)
        case .relativeJSONPointer: JSONSchemaFormat.isValidRelativeJSONPointer(string)
        case .rfc1123Hostname: JSONSchemaFormat.isValidRFC1123Hostname(string)
        case .ipAddress: JSONSchemaFormat.isValidIPv4(string)
        case .clockTime: JSONSchemaFormat.isValidClockTime(string)
        case .color: JSONSchemaFormat.isValidCSSColor(string)
        }
    }

    /// Whether `value` passes this format: non-strings always do.
    public func isValid(_ value: JSONInstance) -> Bool {
        guard case .string(let string) = value else { return true }
        return isValid(string)
    }

    /// `pattern` (ECMA-262 with the `u` flag).
    public static func isValidRegex(_ string: String) -> Bool {
        ECMARegex.isValidSyntax(string)
    }

    /// Runs `body` over the UTF-8 bytes of `string` without copying a native string.
    @inline(__always)
    static func withBytes(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    @inline(__always)
    static func isAlpha(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }
}
