import APIRuntime
import Foundation
import HTTPTypes

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
    public var response: APIResponse
    /// When the request that produced (or last revalidated) the response was sent.
    public var requestTime: Date
    /// When that response was received.
    public var responseTime: Date
    /// When the entry stops being fresh, or nil when it has no expiry.
    public var expiresAt: Date?
    /// When the entry was last stored or read; purging removes the least recently used entries first.
    public var lastAccessedAt: Date
    /// The request's values of the header fields the response's `Vary` names (absent fields are left out).
    public var varyHeaders: HTTPFields

    /// Creates an entry.
    public init(
        key: String, account: String?, method: String, url: URL, response: APIResponse, requestTime: Date,
        responseTime: Date, expiresAt: Date?, lastAccessedAt: Date, varyHeaders: HTTPFields = [:]
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
        let fieldBytes = response.headerFields.reduce(0) { (sum: Int, field: HTTPField) in
            sum + field.name.rawName.utf8.count + field.value.utf8.count + 4
        }
        return response.body.count + fieldBytes + url.absoluteString.utf8.count
    }

    /// Whether the entry has expired at `date`.
    public func isExpired(at date: Date) -> Bool {
        expiresAt.map { $0 <= date } ?? false
    }
}
