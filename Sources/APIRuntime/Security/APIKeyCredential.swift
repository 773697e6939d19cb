/// The key of an `apiKey` scheme; the scheme decides whether it goes in a header, the query or a cookie.
public struct APIKeyCredential: SchemeCredential {
    private let provider: @Sendable () async throws -> String?

    /// A key read before every request (nil: no key now).
    public init(provider: @escaping @Sendable () async throws -> String?) {
        self.provider = provider
    }

    /// A fixed key.
    public init(_ key: String) {
        self.provider = { key }
    }

    public func value(scopes: [String]) async throws -> String? {
        try await provider()
    }
}
