/// Makes sure one round of `401`s causes one refresh: the first caller starts it, later callers join it, and a
/// caller whose rejected token was already replaced uses the new token without refreshing again.
actor TokenRefresher {
    private let provider: any AuthTokenProvider
    private let events: EventBus?
    private var inFlight: Task<String, any Error>?

    init(provider: any AuthTokenProvider, events: EventBus?) {
        self.provider = provider
        self.events = events
    }

    /// A token to replay with after the server rejected `rejected`.
    func freshToken(replacing rejected: String?) async throws -> String {
        if let inFlight {
            return try await value(of: inFlight)
        }
        if let current = try? await provider.token(), current != rejected {
            return current
        }
        // The await above may have let another caller start a refresh meanwhile.
        if let inFlight {
            return try await value(of: inFlight)
        }
        let provider = provider
        // Unstructured so that cancelling the first caller does not cancel the refresh the others wait for.
        let task = Task { try await CredentialRefresh.run { try await provider.refreshToken(rejected: rejected) } }
        inFlight = task
        defer { inFlight = nil }
        do {
            let token = try await task.value
            events?.emit(.authRefreshed)
            return token
        } catch {
            events?.emit(.authRefreshFailed(message: String(describing: error)))
            throw AuthError.refreshFailed(underlying: error)
        }
    }

    private func value(of task: Task<String, any Error>) async throws -> String {
        do {
            return try await task.value
        } catch {
            throw AuthError.refreshFailed(underlying: error)
        }
    }
}
