import Foundation

/// What the runtime knows about the request being sent; ``APIClient`` sets it for the duration of each
/// request so middlewares can read the account, the fetch policy and the queueing flag.
///
/// Middlewares used without an ``APIClient`` see `nil` and behave as for a `networkOnly`, anonymous request.
public struct RequestContext: Sendable {
    /// Identifies the request within its client (the same id as its ``RequestEvent``).
    public let id: UInt64
    /// The operation being called.
    public let operation: OperationInfo
    /// The account the request is made for; caches and the queue partition their data by it.
    public let account: String?
    /// The options in effect for this request.
    public let options: RequestOptions
    /// What the runtime did for this request.
    package let report: RequestReport
    /// The credentials chosen for the request, applied just before the transport.
    let credentials: CredentialSelection?

    /// Creates a context; ``APIClient`` does this for every request.
    init(id: UInt64, operation: OperationInfo, account: String?, options: RequestOptions,
         credentials: CredentialSelection? = nil) {
        self.id = id
        self.operation = operation
        self.account = account
        self.options = options
        self.report = RequestReport()
        self.credentials = credentials
    }

    /// The names of the security schemes whose credentials the request carries (empty: none).
    public var credentialSchemes: [String] {
        credentials?.applied.map(\.use.scheme.name) ?? []
    }

    /// Whether the request may be stored in the offline queue: ``RequestOptions/isQueueable`` when set,
    /// otherwise ``OperationInfo/isQueueable``.
    public var isQueueable: Bool {
        options.isQueueable ?? operation.isQueueable
    }

    /// The context of the request the current task is sending, if any.
    @TaskLocal public static var current: RequestContext?
}

/// Filled in by the caches and the queue while a request runs; read by ``APIClient`` for events and by
/// `CachedThenFresh` (APIRuntimeStore).
package final class RequestReport: Sendable {
    private struct State {
        var source: ResponseSource = .network
        var unchangedFromStored: Bool?
        var handledByStore = false
        var isDeferred = false
    }

    private let state = Locked(State())

    /// Where the response came from.
    package var source: ResponseSource {
        get { state.withLock { $0.source } }
        set { state.withLock { $0.source = newValue } }
    }

    /// Whether a network response had the same body as the stored entry it replaced (nil: nothing compared).
    package var unchangedFromStored: Bool? {
        get { state.withLock { $0.unchangedFromStored } }
        set { state.withLock { $0.unchangedFromStored = newValue } }
    }

    /// Whether a response store decided how to serve the request (so `cacheOnly` never reaches the network).
    package var handledByStore: Bool {
        get { state.withLock { $0.handledByStore } }
        set { state.withLock { $0.handledByStore = newValue } }
    }

    /// Whether a middleware kept the request for later (the offline queue) instead of sending it: the error it
    /// throws is then not a failure, and ``APIClient`` emits no `requestFailed` event for it.
    package var isDeferred: Bool {
        get { state.withLock { $0.isDeferred } }
        set { state.withLock { $0.isDeferred = newValue } }
    }
}

/// Collects the reports of every request made inside one ``RequestOptions`` scope.
package final class FetchRecorder: Sendable {
    private let reports = Locked<[RequestReport]>([])

    package init() {}

    package func record(_ report: RequestReport) {
        reports.withLock { $0.append(report) }
    }

    /// True when at least one request compared with a stored entry and every comparison found it unchanged.
    package var allUnchanged: Bool {
        let values = reports.withLock { $0.compactMap(\.unchangedFromStored) }
        return !values.isEmpty && values.allSatisfy { $0 }
    }

    /// The sources of the recorded requests, in order.
    package var sources: [ResponseSource] {
        reports.withLock { $0.map(\.source) }
    }
}
