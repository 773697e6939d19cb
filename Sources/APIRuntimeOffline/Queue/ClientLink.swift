import APIRuntime
import APIRuntimeStore
import HTTPTypes

/// How the offline queue reaches the client that replays its entries; holds the client weakly so the queue
/// (one of the client's middlewares) does not keep it alive.
struct ClientLink: Sendable {
    private weak var client: APIClient?

    init(client: APIClient) {
        self.client = client
    }

    /// The client's current account (see ``APIClient/currentAccount()``).
    func account() async throws -> String? {
        try await client?.currentAccount()
    }

    /// Sends `entry` through the client's whole middleware chain, marked as a replay for the entry's account.
    func send(_ entry: QueuedRequest) async throws -> APIResponse {
        guard let client else { throw CancellationError() }
        var options = RequestOptions(fetchPolicy: .networkOnly, isQueueable: false)
        options.isReplay = true
        options.replayAccount = entry.account
        return try await RequestOptions.$current.withValue(options) {
            try await client.send(entry.request, operation: entry.operation)
        }
    }
}

extension OfflineQueue {
    /// Makes `client` the one that replays entries and whose account is flushed. `APIClient` calls this for
    /// a queue in its middlewares; call it yourself only for a queue used outside a client's middlewares.
    public nonisolated func attach(to client: APIClient) {
        link.withLock { $0 = ClientLink(client: client) }
    }

    /// Removes the account's pending and dead-lettered entries (``removeAll(_:)``).
    public func removeData(for account: String?) async throws {
        try await removeAll(.account(account))
    }
}
