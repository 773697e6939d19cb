/// Makes one round of `401`s cause one refresh per key: the first caller starts it, later callers join it, and a
/// caller whose rejected value was already replaced takes the current value without refreshing again. Shared by
/// `AuthMiddleware` (one key) and the spec-driven credentials (a key per scheme and scopes).
package actor RefreshSingleFlight {
    private var inFlight: [String: Task<String, any Error>] = [:]
    private let events: EventBus?

    package init(events: EventBus?) {
        self.events = events
    }

    /// A value to replay with after the server rejected `rejected`: the refresh in flight for `key`, else `current()`
    /// when it differs from `rejected`, else the result of a new `refresh()` (after which `refreshed` runs, before
    /// joiners resume).
    package func freshValue(
        key: String, rejected: String?, current: @Sendable () async throws -> String?,
        refresh: @escaping @Sendable () async throws -> String, refreshed: @Sendable () async -> Void = {}
    ) async throws -> String {
        if let task = inFlight[key] {
            return try await value(of: task)
        }
        if let value = try await current(), value != rejected {
            return value
        }
        // The await above may have let another caller start a refresh meanwhile.
        if let task = inFlight[key] {
            return try await value(of: task)
        }
        // Unstructured so that cancelling the first caller does not cancel the refresh the others wait for.
        let task = Task { try await CredentialRefresh.run { try await refresh() } }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        do {
            let fresh = try await task.value
            await refreshed()
            events?.emit(.authRefreshed)
            return fresh
        } catch {
            events?.emit(.authRefreshFailed(message: String(describing: error)))
            throw APIError.credentialRefreshFailed(underlying: error)
        }
    }

    private func value(of task: Task<String, any Error>) async throws -> String {
        do {
            return try await task.value
        } catch {
            throw APIError.credentialRefreshFailed(underlying: error)
        }
    }
}
