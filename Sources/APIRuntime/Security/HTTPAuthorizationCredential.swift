/// The value of an `http` scheme other than `bearer` and `basic`, sent as `Authorization: <scheme> <value>`.
public struct HTTPAuthorizationCredential: SchemeCredential {
    private let provider: @Sendable () async throws -> String?

    /// A value read before every request (nil: none now).
    public init(provider: @escaping @Sendable () async throws -> String?) {
        self.provider = provider
    }

    /// A fixed value.
    public init(_ value: String) {
        self.provider = { value }
    }

    public func value(scopes: [String]) async throws -> String? {
        try await provider()
    }
}
