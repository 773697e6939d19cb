/// Supplies the secret for one security scheme: an API key, an access token, a basic-auth pair.
///
/// Use the concrete types (``APIKeyCredential``, ``BearerCredential``, ``BasicCredential``,
/// ``HTTPAuthorizationCredential``); a generated client's `Credentials` accepts exactly the type each of its
/// schemes needs.
public protocol SchemeCredential: Sendable {
    /// The value to send for a request that needs `scopes`, as the scheme sends it (for basic auth the encoded
    /// `user:password`); nil when there is none now, which makes the requirement unsatisfiable.
    func value(scopes: [String]) async throws -> String?
    /// Whether ``refresh(rejected:scopes:)`` can renew the value after a `401`.
    var isRefreshable: Bool { get }
    /// Obtains a new value because the server answered `401` to `rejected`; called once for any number of
    /// concurrent `401`s. Throw when it cannot be renewed (the app should then sign the user out).
    func refresh(rejected: String, scopes: [String]) async throws -> String
}

extension SchemeCredential {
    public var isRefreshable: Bool { false }

    public func refresh(rejected: String, scopes: [String]) async throws -> String {
        throw APIError.credentialNotRefreshable
    }
}
