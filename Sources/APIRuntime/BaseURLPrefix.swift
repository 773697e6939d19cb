import Foundation

/// What the request builder's fast path needs of a base URL: its text without trailing `/`, and the head's scheme,
/// authority and path prefix. Worked out once per base URL, because reading a `URL`'s parts parses it again on
/// Linux (microseconds per request) and a client sends every request against the same base.
struct BaseURLPrefix: Sendable {
    /// The absolute URL without trailing `/`.
    let text: String
    let scheme: String
    let authority: String
    let path: String

    /// The prefix of `baseURL`, or nil when the fast path does not apply: no scheme, a query or fragment, user info
    /// (which a head leaves out), or no host.
    static func of(_ baseURL: URL) -> BaseURLPrefix? {
        if let known = recent.withLock({ $0[baseURL] }) { return known }
        let prefix = make(baseURL)
        recent.withLock { recent in
            if recent.count >= capacity { recent.removeAll(keepingCapacity: true) }
            recent[baseURL] = prefix
        }
        return prefix
    }

    /// Base URLs seen recently (an app has a few); emptied when full.
    private static let recent = Locked<[URL: BaseURLPrefix?]>([:])
    private static let capacity = 16

    private static func make(_ baseURL: URL) -> BaseURLPrefix? {
        guard baseURL.scheme != nil, baseURL.query == nil, baseURL.fragment == nil, baseURL.host != nil else {
            return nil
        }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return split(base)
    }

    /// `base` (an absolute URL without query, fragment or trailing `/`) as the head's scheme, authority and path
    /// prefix, by a byte scan: parsing it again with `URLComponents`, as swift-http-types' `HTTPRequest(url:)` does on
    /// Linux, costs microseconds. Nil for a base with user info or without an authority.
    static func split(_ base: String) -> BaseURLPrefix? {
        let bytes = base.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")),
              bytes[colon...].starts(with: "://".utf8)
        else { return nil }
        let authorityStart = bytes.index(colon, offsetBy: 3)
        let pathStart = bytes[authorityStart...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
        let authority = bytes[authorityStart..<pathStart]
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
        return BaseURLPrefix(
            text: base, scheme: String(base[..<colon]), authority: String(base[authorityStart..<pathStart]),
            path: String(base[pathStart...]))
    }
}
