import APIRuntime

/// Where the offline queue keeps its entries. Every method is atomic: after a crash at any point an entry is
/// either fully stored or not stored, and a state change either happened or did not.
public protocol QueueStorage: Sendable {
    /// Appends `entries` in order in one transaction and returns them with their ``QueuedRequest/sequence``
    /// numbers, which increase in append order.
    func appendQueueEntries(_ entries: [QueuedRequest]) async throws -> [QueuedRequest]
    /// Entries in `state` within `scope`, in sequence order, at most `limit` of them.
    func queueEntries(state: QueuedRequest.State, scope: AccountScope, limit: Int?) async throws -> [QueuedRequest]
    /// Replaces the stored entry that has `entry.id` (attempts, last error, state, final status).
    func updateQueueEntry(_ entry: QueuedRequest) async throws
    /// Removes the entry with `id`, if any.
    func removeQueueEntry(id: String) async throws
    /// Removes every entry (pending and dead-lettered) of `scope`.
    func removeQueueEntries(_ scope: AccountScope) async throws
    /// The number of entries in `state` within `scope`.
    func queueCount(state: QueuedRequest.State, scope: AccountScope) async throws -> Int
}

/// Storage for both the responses and the offline queue, as one file or one in-memory store.
public protocol RuntimeStorage: ResponseStorage, QueueStorage {}

extension RuntimeStorage {
    /// Removes everything `scope` owns in this storage, cached responses (both areas) and queued calls alike,
    /// e.g. when an account signs out.
    public func removeAllData(_ scope: AccountScope) async throws {
        try await removeResponses(scope, area: nil)
        try await removeQueueEntries(scope)
    }
}
