import APIRuntime
import APIRuntimeStore
import Foundation
import HTTPTypes

/// Stores queueable calls that cannot be sent (the network is unreachable, or earlier calls are still waiting)
/// and replays them strictly in order when it returns.
///
/// - A call is queueable when `OperationInfo.isQueueable` or `RequestOptions.isQueueable` says so. Every
///   queueable request carries an idempotency key header from its first attempt, so a server can drop a
///   duplicate when a replay repeats a request whose response was lost.
/// - Reachability is only a hint that triggers a flush; each request's own outcome decides: a success leaves
///   the queue, a transient failure (no response, 5xx, 408, 429) keeps its place and stops the flush, a
///   permanent one (other 4xx) moves to the dead-letter list and the flush goes on.
/// - Entries are written before the caller is told (``RequestQueuedError``) and removed only after the server
///   answered, so a crash at any point loses nothing; at worst the request in flight is sent again with the
///   same idempotency key.
///
/// Add the queue to the client's middlewares (before the auth middleware, so no token is stored); the client
/// attaches itself for replays. Flush on app start and when reachability returns:
///
/// ```swift
/// let queue = OfflineQueue(storage: try SQLiteStorage(path: queuePath, events: events), events: events)
/// let client = APIClient(baseURL: url, middlewares: [logging, queue, auth], events: events)
/// await queue.startMonitoring(ProbeReachability(url: healthURL))   // or NWPathReachability()
/// await queue.flush()                                               // what an earlier run left behind
/// ```
public actor OfflineQueue {
    /// How entries are stored and retried.
    public struct Configuration: Sendable {
        /// The header carrying each entry's idempotency key.
        public var idempotencyHeader = HTTPField.Name.idempotencyKey
        /// Header fields never written to storage (compared case-insensitively); the auth middleware adds the
        /// current token again when the entry is replayed. Credentials the client attaches itself (its
        /// `credentials`) are added after the queue and never reach it.
        public var strippedHeaders: Set<HTTPField.Name> = [.authorization, .proxyAuthorization]
        /// Automatic retries after a transient replay failure; nil waits for reachability or ``OfflineQueue/flush()``.
        public var retry: QueueRetry? = QueueRetry()

        /// The defaults described on each property.
        public init() {}
    }

    /// The settings in effect.
    public let configuration: Configuration
    let storage: any QueueStorage
    let clock: any RuntimeClock
    let events: EventBus?
    let link = Locked<ClientLink?>(nil)
    private var flushTask: Task<FlushResult, Never>?
    var retryTask: Task<Void, Never>?
    private var monitorTask: Task<Void, Never>?
    var consecutiveRetries = 0

    /// A queue over `storage`.
    public init(
        storage: any QueueStorage, configuration: Configuration = Configuration(),
        clock: any RuntimeClock = SystemClock(), events: EventBus? = nil
    ) {
        self.storage = storage
        self.configuration = configuration
        self.clock = clock
        self.events = events
    }

    /// Stores `request` for `operation` and `account` at the end of the queue, stamped with `calledAt` (the
    /// time of the call; now by default). Adds the idempotency key header unless present and strips the
    /// headers listed in ``Configuration/strippedHeaders``. Throws when it cannot be stored.
    public func enqueue(
        _ request: APIRequest, operation: OperationInfo, account: String?, calledAt: Date? = nil
    ) async throws -> QueuedRequest {
        var stored = request
        let key = stored.headerFields[configuration.idempotencyHeader] ?? UUID().uuidString.lowercased()
        stored.headerFields[configuration.idempotencyHeader] = key
        for name in configuration.strippedHeaders {
            stored.headerFields[name] = nil
        }
        let time = calledAt ?? clock.now()
        let entry = QueuedRequest(
            account: account, operation: operation, request: stored,
            enqueuedAt: Int64((time.timeIntervalSince1970 * 1_000).rounded(.down)), idempotencyKey: key)
        guard let appended = try await storage.appendQueueEntries([entry]).first else {
            throw StorageError.failed(message: "the queue entry was not stored")
        }
        events?.emit(.queued(Self.event(appended)))
        return appended
    }

    /// Stores `request` only if `account` already has pending entries (so it cannot overtake them).
    func enqueueBehindPending(
        _ request: APIRequest, operation: OperationInfo, account: String?, calledAt: Date
    ) async throws -> QueuedRequest? {
        guard try await storage.queueCount(state: .pending, scope: .account(account)) > 0 else { return nil }
        return try await enqueue(request, operation: operation, account: account, calledAt: calledAt)
    }

    /// Replays the current account's pending entries in order until the queue is empty or one fails
    /// transiently. Concurrent calls share one flush. Without an attached client nothing is sent.
    @discardableResult
    public func flush() async -> FlushResult {
        if let flushTask {
            return await flushTask.value
        }
        let task = Task { await replayPending() }
        flushTask = task
        let result = await task.value
        if flushTask == task { flushTask = nil }
        return result
    }

    /// A flush that replays after the one in progress, if any, has finished: a retry scheduled by a flush must
    /// replay again, not share the result of the flush that scheduled it (the retry was lost when its delay ran
    /// out before that flush had returned, e.g. a `Retry-After: 0`).
    func flushAfterCurrent() async {
        while let current = flushTask {
            _ = await current.value
            // The flush that started `current` clears it when it resumes; it is finished either way.
            if flushTask == current { flushTask = nil }
        }
        _ = await flush()
    }

    /// The number of pending entries in `scope`.
    public func pendingCount(_ scope: AccountScope = .all) async throws -> Int {
        try await storage.queueCount(state: .pending, scope: scope)
    }

    /// The pending entries in `scope`, in replay order.
    public func pending(_ scope: AccountScope = .all) async throws -> [QueuedRequest] {
        try await storage.queueEntries(state: .pending, scope: scope, limit: nil)
    }

    /// The dead-lettered entries in `scope`, in their original order.
    public func deadLetters(_ scope: AccountScope = .all) async throws -> [QueuedRequest] {
        try await storage.queueEntries(state: .deadLetter, scope: scope, limit: nil)
    }

    /// Moves a dead-lettered entry back to pending, at its original position.
    public func retryDeadLetter(id: String) async throws {
        guard var entry = try await deadLetters().first(where: { $0.id == id }) else { return }
        entry.state = .pending
        entry.finalStatus = nil
        try await storage.updateQueueEntry(entry)
    }

    /// Removes an entry (pending or dead-lettered).
    public func remove(id: String) async throws {
        try await storage.removeQueueEntry(id: id)
    }

    /// Removes every entry of `scope`, e.g. when an account signs out.
    public func removeAll(_ scope: AccountScope) async throws {
        try await storage.removeQueueEntries(scope)
    }

    /// Flushes whenever `monitor` reports ``ReachabilityStatus/reachable`` (including at once if it is now),
    /// replacing an earlier monitor. To show connectivity, observe the monitor's own ``ReachabilityMonitor/updates()``.
    public func startMonitoring(_ monitor: any ReachabilityMonitor) {
        monitorTask?.cancel()
        let updates = monitor.updates()
        monitorTask = Task { [weak self] in
            for await status in updates {
                guard status == .reachable, let self else { continue }
                await self.flush()
            }
        }
    }

    /// Stops following the monitor given to ``startMonitoring(_:)`` and cancels a scheduled retry.
    public func stopMonitoring() {
        monitorTask?.cancel()
        monitorTask = nil
        retryTask?.cancel()
        retryTask = nil
    }

    static func event(_ entry: QueuedRequest, status: Int? = nil, message: String? = nil) -> QueueEvent {
        QueueEvent(
            entryID: entry.id, sequence: entry.sequence, operation: entry.operation.id, account: entry.account,
            idempotencyKey: entry.idempotencyKey, status: status, message: message)
    }
}
