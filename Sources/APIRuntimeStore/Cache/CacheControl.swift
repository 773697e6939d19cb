import APIRuntime
import HTTPTypes

/// The `Cache-Control` directives the runtime honours (RFC 9111 §5.2), parsed from all `Cache-Control` fields.
///
/// Directive names are case-insensitive; unknown directives are ignored. The field-name forms
/// `no-cache="Set-Cookie"` and `private="…"` are treated like the plain directives (the safe reading).
public struct CacheControl: Sendable, Hashable {
    /// `max-age=N` in seconds.
    public var maxAge: Int?
    /// `no-store`: the response must not be stored at all.
    public var noStore = false
    /// `no-cache`: a stored response must be revalidated before every use.
    public var noCache = false
    /// `private`: the response is for one user only.
    public var isPrivate = false
    /// `public`.
    public var isPublic = false
    /// `must-revalidate`: a stale response must not be used without revalidation.
    public var mustRevalidate = false

    /// Parses every `Cache-Control` field of `headers`; a request's `Pragma: no-cache` counts as `no-cache`
    /// when there is no `Cache-Control` field (RFC 9111 §5.4).
    public init(_ headers: HTTPFields) {
        var sawField = false
        for field in headers where field.name == .cacheControl {
            sawField = true
            parse(field.value)
        }
        if !sawField, let pragma = headers[HTTPField.Name("Pragma")!], pragma.lowercased().contains("no-cache") {
            noCache = true
        }
    }

    // Runs on every cache lookup (for the request and the stored response), so it scans UTF-8 bytes once
    // instead of splitting strings: directives are separated by commas outside quoted strings.
    private mutating func parse(_ field: String) {
        var field = field
        field.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                var end = index
                var quoted = false
                while end < bytes.count, quoted || bytes[end] != UInt8(ascii: ",") {
                    if bytes[end] == UInt8(ascii: "\"") { quoted.toggle() }
                    end += 1
                }
                apply(UnsafeBufferPointer(rebasing: bytes[index..<end]))
                index = end + 1
            }
        }
    }

    private mutating func apply(_ directive: UnsafeBufferPointer<UInt8>) {
        let name: UnsafeBufferPointer<UInt8>
        var value: UnsafeBufferPointer<UInt8>?
        if let equals = directive.firstIndex(of: UInt8(ascii: "=")) {
            name = Self.trimmed(UnsafeBufferPointer(rebasing: directive[..<equals]))
            var text = Self.trimmed(UnsafeBufferPointer(rebasing: directive[(equals + 1)...]))
            if text.count >= 2, text.first == UInt8(ascii: "\""), text.last == UInt8(ascii: "\"") {
                text = UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)])
            }
            value = text
        } else {
            name = Self.trimmed(directive)
        }
        switch Self.lowercased(name) {
        case "max-age": maxAge = value.flatMap(Self.seconds) ?? maxAge ?? 0
        case "no-store": noStore = true
        case "no-cache": noCache = true
        case "private": isPrivate = true
        case "public": isPublic = true
        case "must-revalidate": mustRevalidate = true
        default: break
        }
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0, upper = bytes.count
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }

    private static func lowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes.lazy.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }

    // A delta-seconds value (RFC 9111 §1.2.2): digits only, anything else is invalid (nil); values above 2^31
    // saturate to 2^31 as the RFC asks.
    private static func seconds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var bytes = bytes[...]
        if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty, bytes.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        var total = 0
        for byte in bytes {
            let (times, overflow1) = total.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
            if overflow1 || overflow2 || sum > 2_147_483_648 { return 2_147_483_648 }
            total = sum
        }
        return total
    }
}
