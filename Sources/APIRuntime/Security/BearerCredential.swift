/// An access token sent as `Authorization: Bearer <token>`: for `http` `bearer`, `oauth2` (any flow) and
/// `openIdConnect` schemes. The token provider receives the scopes the operation requires.
///
/// With a `refresh` closure, a `401` to an operation authenticated by this scheme renews the token once (one
/// refresh for any number of concurrent `401`s) and replays the request with the new token; afterwards `token`
/// must return the new token. Calls the refresh closure makes through the same client are never refreshed
/// themselves, so a refresh endpoint answering `401` fails the refresh instead of waiting for it.
public struct BearerCredential: SchemeCredential {
    private let provider: @Sendable ([String]) async throws -> String?
    private let refresher: (@Sendable (String, [String]) async throws -> String)?

    /// A token read before every request from `token(scopes)`, renewed by `refresh(rejected, scopes)`.
    public init(
        token: @escaping @Sendable (_ scopes: [String]) async throws -> String?,
        refresh: (@Sendable (_ rejected: String, _ scopes: [String]) async throws -> String)? = nil
    ) {
        self.provider = token
        self.refresher = refresh
    }

    /// A token that does not depend on scopes.
    public init(
        token: @escaping @Sendable () async throws -> String?,
        refresh: (@Sendable (_ rejected: String) async throws -> String)? = nil
    ) {
        self.provider = { _ in try await token() }
        if let refresh {
            self.refresher = { rejected, _ in try await refresh(rejected) }
        } else {
            self.refresher = nil
        }
    }

    /// A fixed token that is never refreshed.
    public init(_ token: String) {
        self.provider = { _ in token }
        self.refresher = nil
    }

    public func value(scopes: [String]) async throws -> String? {
        try await provider(scopes)
    }

    public var isRefreshable: Bool { refresher != nil }

    public func refresh(rejected: String, scopes: [String]) async throws -> String {
        guard let refresher else { throw APIError.credentialNotRefreshable }
        return try await refresher(rejected, scopes)
    }
}
