import APIRuntime
import Foundation

/// A response kept by the HTTP cache or the response store, with the times freshness is computed from.
public struct StoredResponse: Sendable, Hashable {
    /// The entry's ``CacheKey``.
    public var key: String
    /// The account partition (nil: anonymous).
    public var account: String?
    /// The request method.
    public var method: String
    /// The request URL.
    public var url: URL
    /// The response as received (after a `304`, with its updated header fields).
    public var response: HTTPResponse
    /// When the request that produced (or last revalidated) the response was sent.
    public var requestTime: Date
    /// When that response was received.
    public var responseTime: Date
    /// When the entry stops being fresh, or nil when it has no expiry.
    public var expiresAt: Date?
    /// When the entry was last stored or read; purging removes the least recently used entries first.
    public var lastAccessedAt: Date
    /// The request's values of the header fields the response's `Vary` names (absent fields are left out).
    public var varyHeaders: HTTPHeaders

    /// Creates an entry.
    public init(
        key: String, account: String?, method: String, url: URL, response: HTTPResponse, requestTime: Date,
        responseTime: Date, expiresAt: Date?, lastAccessedAt: Date, varyHeaders: HTTPHeaders = [:]
    ) {
        self.key = key
        self.account = account
        self.method = method
        self.url = url
        self.response = response
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.expiresAt = expiresAt
        self.lastAccessedAt = lastAccessedAt
        self.varyHeaders = varyHeaders
    }

    /// Approximate bytes the entry occupies: body, header fields and URL.
    public var size: Int {
        response.body.count + response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
            + url.absoluteString.utf8.count
    }

    /// Whether the entry has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }
}
