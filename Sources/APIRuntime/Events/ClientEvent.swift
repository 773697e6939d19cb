import Foundation

/// Something the runtime did that an app may want to observe (analytics, debugging overlays, UI state).
/// Delivered through ``EventBus/stream()``.
public enum ClientEvent: Sendable {
    /// ``APIClient`` began sending a request.
    case requestStarted(RequestEvent)
    /// A request received a response (any status); `source` says whether it came from the network or a cache.
    case requestFinished(RequestEvent)
    /// A request failed without a response (transport error, cancellation, refused by a middleware).
    case requestFailed(RequestEvent)
    /// A response was served from the HTTP cache or the local response store without a full network response;
    /// `source` says which (``ResponseSource/httpCache`` or ``ResponseSource/store``), `status` is the stored
    /// response's, and `id` is the request's (the same as its started and finished events; 0 when the cache runs
    /// outside an ``APIClient``).
    case servedFromCache(RequestEvent)
    /// The server confirmed a cached response with `304 Not Modified` (`source` is ``ResponseSource/revalidated``);
    /// `id` as for ``servedFromCache(_:)``.
    case revalidated(RequestEvent)
    /// A queueable request was stored in the offline queue instead of being sent.
    case queued(QueueEvent)
    /// A queued request was replayed and the server accepted it; it has left the queue.
    case replayed(QueueEvent)
    /// A queued request failed transiently during replay (offline, 5xx, 408, 429); it keeps its place.
    case replayDeferred(QueueEvent)
    /// A queued request failed permanently (4xx other than 408/429) and moved to the dead-letter list.
    case deadLettered(QueueEvent)
    /// The auth middleware obtained a new token after a 401.
    case authRefreshed
    /// The auth middleware could not obtain a new token; `message` describes the provider's error.
    case authRefreshFailed(message: String)
    /// A response did not pass validation (emitted by the validation layer).
    case validationFailed(operation: String, message: String)
    /// Storage could not be read or written (a corrupt or unreadable file is replaced by an empty one).
    case storageError(message: String)
}

/// One request as seen by ``APIClient``: sent with the same ``id`` in its started and finished/failed events, and in
/// the cache's events for it.
public struct RequestEvent: Sendable, Hashable {
    /// Identifies the request within one client, increasing from 1.
    public var id: UInt64
    /// The operation's `operationId`.
    public var operation: String
    /// The HTTP method.
    public var method: String
    /// The request URL as built (before middlewares added parameters).
    public var url: URL
    /// The account the request was sent for, if any.
    public var account: String?
    /// The response status (finished and cache events only).
    public var status: Int?
    /// Where the response came from (finished and cache events only).
    public var source: ResponseSource?
    /// Time from start to finish (finished and failed events only).
    public var duration: Duration?
    /// What went wrong (failed events only).
    public var error: String?

    /// Creates an event payload.
    public init(
        id: UInt64, operation: String, method: String, url: URL, account: String? = nil, status: Int? = nil,
        source: ResponseSource? = nil, duration: Duration? = nil, error: String? = nil
    ) {
        self.id = id
        self.operation = operation
        self.method = method
        self.url = url
        self.account = account
        self.status = status
        self.source = source
        self.duration = duration
        self.error = error
    }
}

/// One offline-queue entry's step.
public struct QueueEvent: Sendable, Hashable {
    /// The entry's identifier (`QueuedRequest.id`, in `APIRuntimeStore`).
    public var entryID: String
    /// The entry's position in the queue (`QueuedRequest.sequence`).
    public var sequence: Int64
    /// The operation's `operationId`.
    public var operation: String
    /// The account the entry belongs to.
    public var account: String?
    /// The idempotency key the entry is sent with.
    public var idempotencyKey: String
    /// The response status, when a response was received.
    public var status: Int?
    /// Why the entry was deferred or dead-lettered.
    public var message: String?

    /// Creates an event payload.
    public init(
        entryID: String, sequence: Int64, operation: String, account: String?, idempotencyKey: String,
        status: Int? = nil, message: String? = nil
    ) {
        self.entryID = entryID
        self.sequence = sequence
        self.operation = operation
        self.account = account
        self.idempotencyKey = idempotencyKey
        self.status = status
        self.message = message
    }
}
