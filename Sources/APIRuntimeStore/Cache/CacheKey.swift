@_spi(Generated) import APIRuntime
import Foundation
import HTTPTypes

/// The key under which the HTTP cache and the response store keep a response: a SHA-256 of the method, the
/// URL, the canonical body, the account and a namespace. Two POSTs with different parameters therefore get
/// different entries, and each account's entries are separate.
public enum CacheKey {
    /// The key for `request` in `account`'s partition (nil: the anonymous partition) within `namespace`.
    ///
    /// The URL's scheme and host are lowercased and a default port is dropped; the query is kept as sent.
    /// A JSON body is canonicalised (keys sorted, insignificant whitespace removed) and a form body has its
    /// pairs sorted, so equivalent bodies give the same key; other bodies are used byte for byte.
    public static func make(for request: APIRequest, account: String?, namespace: String = "") -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        func append(_ field: String) {
            bytes.append(contentsOf: String(field.utf8.count).utf8)
            bytes.append(0x3a)
            bytes.append(contentsOf: field.utf8)
        }
        append("apigen-cache-key-v1")
        append(namespace)
        append(request.method.rawValue.uppercased())
        append(canonicalURL(request.url))
        append(account.map { "account:" + $0 } ?? "anonymous")
        bytes += canonicalBody(request.body, contentType: request.headerFields[.contentType])
        return digests.hex(of: bytes)
    }

    /// Recent digests by their input: a cache hit asks for the same key again and again, and SHA-256 was a tenth
    /// of a hit. Bounded; emptied when full.
    private static let digests = DigestMemo()

    private final class DigestMemo: Sendable {
        private let entries = Locked<[[UInt8]: String]>([:])
        static let capacity = 256

        func hex(of bytes: [UInt8]) -> String {
            if let known = entries.withLock({ $0[bytes] }) { return known }
            let digest = SHA256.hex(bytes)
            entries.withLock { entries in
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
                entries[bytes] = digest
            }
            return digest
        }
    }

    /// The URL with a lowercased scheme and host and without a default port or fragment.
    static func canonicalURL(_ url: URL) -> String {
        // Already canonical (what RequestBuilder produces): skip URLComponents, which is slow on Linux.
        if url.fragment == nil, url.baseURL == nil, let scheme = url.scheme, let host = url.host,
           !scheme.utf8.contains(where: { (0x41...0x5A).contains($0) }), !host.utf8.contains(where: { (0x41...0x5A).contains($0) }),
           url.port.map({ !((scheme == "http" && $0 == 80) || (scheme == "https" && $0 == 443)) }) ?? true {
            return url.absoluteString
        }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        if (components.scheme == "http" && components.port == 80) || (components.scheme == "https" && components.port == 443) {
            components.port = nil
        }
        components.fragment = nil
        return components.string ?? url.absoluteString
    }

    /// The body bytes used in the key.
    static func canonicalBody(_ body: Data?, contentType: String?) -> [UInt8] {
        guard let body, !body.isEmpty else { return [] }
        let type = contentType?.lowercased() ?? ""
        if type.contains("json") || body.first == UInt8(ascii: "{") || body.first == UInt8(ascii: "[") {
            if let value = try? JSONDecoder().decode(JSONValue.self, from: body) {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                if let canonical = try? encoder.encode(value) {
                    return Array("json:".utf8) + Array(canonical)
                }
            }
        }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            let pairs = String(decoding: body, as: UTF8.self).split(separator: "&").map(String.init)
            let sorted = pairs.enumerated().sorted { lhs, rhs in
                let lhsName = lhs.element.prefix { $0 != "=" }, rhsName = rhs.element.prefix { $0 != "=" }
                return lhsName == rhsName ? lhs.offset < rhs.offset : lhsName < rhsName
            }
            return Array("form:".utf8) + Array(sorted.map(\.element).joined(separator: "&").utf8)
        }
        return Array("raw:".utf8) + Array(body)
    }
}
