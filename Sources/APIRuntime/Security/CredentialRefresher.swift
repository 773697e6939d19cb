/// One refresh per scheme and scopes for a round of `401`s (``RefreshSingleFlight``).
struct CredentialRefresher: Sendable {
    private let flight: RefreshSingleFlight

    init(events: EventBus?) {
        flight = RefreshSingleFlight(events: events)
    }

    /// A value to replay with after the server rejected `rejected` for `use`; `refreshed` runs once after a
    /// successful refresh (before joiners resume).
    func freshValue(
        for use: SecurityRequirement.Use, credential: any SchemeCredential, rejected: String,
        refreshed: @Sendable () async -> Void
    ) async throws -> String {
        let scopes = use.scopes
        // Per scheme and scopes: a token renewed for other scopes is no answer to this request's 401.
        return try await flight.freshValue(
            key: ([use.scheme.name] + scopes).joined(separator: " "), rejected: rejected,
            current: { try await credential.value(scopes: scopes) },
            refresh: { try await credential.refresh(rejected: rejected, scopes: scopes) }, refreshed: refreshed)
    }
}
