import APIRuntime
/// Supplies the access token ``AuthMiddleware`` sends and renews it after a `401`.
///
/// ```swift
/// struct SessionTokens: AuthTokenProvider {
///     let session: Session   // an actor holding the tokens
///     func token() async throws -> String? { await session.accessToken }
///     func refreshToken(rejected: String?) async throws -> String { try await session.refresh() }
/// }
/// ```
public protocol AuthTokenProvider: Sendable {
    /// The token for the next request, or nil to send the request without one.
    func token() async throws -> String?
    /// Obtains a new token because the server rejected `rejected`. Called once for any number of concurrent
    /// `401`s; afterwards ``token()`` must return the new token. Throw when the session cannot be renewed
    /// (the app should then sign the user out).
    func refreshToken(rejected: String?) async throws -> String
}
