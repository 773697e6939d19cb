import APIRuntime
/// One refresh of ``AuthMiddleware``'s token for a round of `401`s (``RefreshSingleFlight``).
struct TokenRefresher: Sendable {
    private let provider: any AuthTokenProvider
    private let flight: RefreshSingleFlight

    init(provider: any AuthTokenProvider, events: EventBus?) {
        self.provider = provider
        flight = RefreshSingleFlight(events: events)
    }

    /// A token to replay with after the server rejected `rejected`.
    func freshToken(replacing rejected: String?) async throws -> String {
        let provider = provider
        // A provider that cannot say its current token means: refresh.
        return try await flight.freshValue(
            key: "", rejected: rejected, current: { try? await provider.token() },
            refresh: { try await provider.refreshToken(rejected: rejected) })
    }
}
