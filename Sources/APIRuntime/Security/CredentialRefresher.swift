/// Makes one round of `401`s cause one refresh per scheme (and scopes): the first caller starts it, later callers join it,
/// and a caller whose rejected value was already replaced takes the current value without refreshing again.
actor CredentialRefresher {
    private var inFlight: [String: Task<String, any Error>] = [:]
    private let events: EventBus?

    init(events: EventBus?) {
        self.events = events
    }

    /// A value to replay with after the server rejected `rejected` for `use`; `refreshed` runs once after a
    /// successful refresh (before joiners resume).
    func freshValue(
        for use: SecurityRequirement.Use, credential: any SchemeCredential, rejected: String,
        refreshed: @Sendable () async -> Void
    ) async throws -> String {
        // Per scheme and scopes: a token renewed for other scopes is no answer to this request's 401.
        let key = ([use.scheme.name] + use.scopes).joined(separator: " ")
        if let task = inFlight[key] {
            return try await value(of: task)
        }
        if let current = try await credential.value(scopes: use.scopes), current != rejected {
            return current
        }
        // The await above may have let another caller start a refresh meanwhile.
        if let task = inFlight[key] {
            return try await value(of: task)
        }
        let scopes = use.scopes
        // Unstructured so that cancelling the first caller does not cancel the refresh the others wait for.
        let task = Task { try await CredentialRefresh.run { try await credential.refresh(rejected: rejected, scopes: scopes) } }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        do {
            let fresh = try await task.value
            await refreshed()
            events?.emit(.authRefreshed)
            return fresh
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
