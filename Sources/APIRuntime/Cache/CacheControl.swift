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
    public init(_ headers: HTTPHeaders) {
        let fields = headers.values(for: "Cache-Control")
        if fields.isEmpty, let pragma = headers["Pragma"], pragma.lowercased().contains("no-cache") {
            noCache = true
        }
        for directive in fields.flatMap({ Self.split($0) }) {
            let parts = directive.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces }
            let name = parts[0].lowercased()
            let value = parts.count > 1 ? parts[1].trimmingQuotes : nil
            switch name {
            case "max-age": maxAge = value.flatMap { Int($0) }.map { max(0, $0) } ?? maxAge ?? 0
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "private": isPrivate = true
            case "public": isPublic = true
            case "must-revalidate": mustRevalidate = true
            default: break
            }
        }
    }

    // Splits on commas outside quoted strings.
    private static func split(_ field: String) -> [String] {
        var result: [String] = []
        var current = ""
        var quoted = false
        for character in field {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                result.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        result.append(current)
        return result.map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(characters[first...last])
    }

    /// The text without one pair of surrounding double quotes.
    var trimmingQuotes: String {
        let text = String(self)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
        return String(text.dropFirst().dropLast())
    }
}
