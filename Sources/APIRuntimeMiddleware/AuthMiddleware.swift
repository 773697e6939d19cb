import APIRuntime
import HTTPTypes
/// Adds the provider's token to every request whose operation may carry credentials; on `401` obtains one new
/// token for any number of concurrent failing requests (single flight), then replays each of them once with it.
///
/// Operations the API description declares without credentials (`security: []`, see
/// `OperationInfo.forbidsCredentials`) get no token and never refresh, and neither do requests sent while a
/// refresh runs (a refresh endpoint called through the same client). Prefer the client's `credentials`, which
/// follow each operation's requirements scheme by scheme; this middleware suits specs that declare no security.
///
/// When the refresh fails, every waiting request throws `APIError.credentialRefreshFailed(underlying:)` and the event
/// bus receives `ClientEvent.authRefreshFailed(message:)` (once per failed refresh). A replay that is rejected
/// again returns its `401` response to the caller; there is no second refresh for it.
public struct AuthMiddleware: ClientMiddleware {
    private let provider: any AuthTokenProvider
    private let refresher: TokenRefresher
    private let headerName: HTTPField.Name
    private let scheme: String?
    private let refreshStatuses: Set<Int>

    /// A middleware sending `Authorization: Bearer <token>` (or `headerName: <scheme> <token>`; no scheme sends
    /// the bare token) and refreshing on the statuses in `refreshStatuses`.
    public init(
        provider: any AuthTokenProvider, events: EventBus? = nil, headerName: HTTPField.Name = .authorization,
        scheme: String? = "Bearer", refreshStatuses: Set<Int> = [401]
    ) {
        self.provider = provider
        self.refresher = TokenRefresher(provider: provider, events: events)
        self.headerName = headerName
        self.scheme = scheme
        self.refreshStatuses = refreshStatuses
    }

    /// Sends `request` with the token; refreshes and replays once on a refresh status.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        guard !operation.forbidsCredentials else { return try await next(request) }
        let token = try await provider.token()
        let response = try await next(try authorized(request, token: token))
        guard refreshStatuses.contains(response.status), !CredentialRefresh.isActive else { return response }
        let fresh = try await refresher.freshToken(replacing: token)
        return try await next(try authorized(request, token: fresh))
    }

    /// `request` with the token in ``headerName``; ``APIError/invalidHeaderValue(name:byte:)`` when the token holds a byte HTTP cannot
    /// carry in a header, so a broken token is never sent changed.
    private func authorized(_ request: APIRequest, token: String?) throws -> APIRequest {
        var request = request
        if let token {
            let value = scheme.map { "\($0) \(token)" } ?? token
            request.headerFields[headerName] = try HTTPFieldCheck.field(name: headerName.rawName, value: value).value
        } else {
            request.headerFields[headerName] = nil
        }
        return request
    }
}
