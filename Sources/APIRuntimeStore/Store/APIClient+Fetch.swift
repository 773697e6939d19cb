import APIRuntime

extension APIClient {
    /// Runs `call` (usually one generated method) with `policy` for the response store.
    ///
    /// ```swift
    /// let profile = try await client.fetch(.networkFirst) { try await api.members.getProfile() }
    /// ```
    ///
    /// `FetchPolicy.cachedThenFresh` returns the first value only: the stored one (even expired) if there is
    /// one, otherwise the network's; use ``cachedThenFresh(_:)`` to receive both.
    public func fetch<Value>(
        _ policy: FetchPolicy, isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> Value
    ) async throws -> Value {
        var options = RequestOptions.current
        options.fetchPolicy = policy
        return try await RequestOptions.$current.withValue(options, operation: call, isolation: isolation)
    }

    /// The stored value at once, then the network value only if it differs (see ``CachedThenFresh``).
    ///
    /// ```swift
    /// for try await result in client.cachedThenFresh({ try await api.members.getProfile() }) {
    ///     show(result.value, stale: result.isFromStore)
    /// }
    /// ```
    public func cachedThenFresh<Value: Sendable>(
        _ call: @escaping @Sendable () async throws -> Value
    ) -> CachedThenFresh<Value> {
        CachedThenFresh(call)
    }

    /// Runs `call` with every request in it queueable: when the network is unreachable the request is stored in
    /// the offline queue and `RequestQueuedError` is thrown (see `OfflineQueue`).
    public func queueing<Value>(
        isolation: isolated (any Actor)? = #isolation, _ call: () async throws -> Value
    ) async throws -> Value {
        var options = RequestOptions.current
        options.isQueueable = true
        return try await RequestOptions.$current.withValue(options, operation: call, isolation: isolation)
    }
}
