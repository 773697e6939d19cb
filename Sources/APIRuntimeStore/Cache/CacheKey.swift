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
        guard let body = request.body, !body.isEmpty else {
            // Most cached requests have no body: their key is remembered by its parts, without building the input.
            let parts = BodylessRequest(method: request.method.rawValue, url: request.url, account: account, namespace: namespace)
            return bodylessKeys.value(for: parts) { digest(of: request, account: account, namespace: namespace) }
        }
        return digest(of: request, account: account, namespace: namespace)
    }

    private static func digest(of request: APIRequest, account: String?, namespace: String) -> String {
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
        return digests.value(for: DigestInput(bytes: bytes)) { SHA256.hex(bytes) }
    }

    /// Recent digests by their input: a cache hit asks for the same key again and again, and SHA-256 was a tenth
    /// of a hit.
    private static let digests = RecentValues<DigestInput>()
    /// Recent keys of requests without a body by method, URL, account and namespace: building the digest's input
    /// reads the URL's parts, which parses it again on Linux.
    private static let bodylessKeys = RecentValues<BodylessRequest>()

    private struct BodylessRequest: Hashable, Sendable {
        let method: String
        let url: URL
        let account: String?
        let namespace: String
    }

    /// Hashed as one run of bytes: an array's own hash combines its elements one by one.
    private struct DigestInput: Hashable, Sendable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Keys computed recently, by what they were computed from. Bounded; emptied when full.
    private final class RecentValues<Input: Hashable & Sendable>: Sendable {
        private let entries = Locked<[Input: String]>([:])
        static var capacity: Int { 256 }

        func value(for input: Input, compute: () -> String) -> String {
            if let known = entries.withLock({ $0[input] }) { return known }
            let value = compute()
            entries.withLock { entries in
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
                entries[input] = value
            }
            return value
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
