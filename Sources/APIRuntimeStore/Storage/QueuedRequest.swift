import APIRuntime
import Foundation
import HTTPTypes

/// One call kept by the offline queue.
public struct QueuedRequest: Sendable, Hashable, Identifiable {
    /// Whether the entry waits for replay or was set aside.
    public enum State: String, Sendable, Hashable {
        /// Waiting to be replayed, in ``QueuedRequest/sequence`` order.
        case pending
        /// Failed permanently; kept for the app to inspect, retry or remove.
        case deadLetter = "dead-letter"
    }

    /// A unique identifier (a UUID string).
    public let id: String
    /// The position in the queue, assigned when the entry is stored; replay follows it strictly.
    public var sequence: Int64
    /// The account the call was made for.
    public let account: String?
    /// The operation called.
    public let operation: OperationInfo
    /// The request as it will be replayed (without `Authorization`, which is added again when it is sent).
    public let request: APIRequest
    /// When the call was made, in milliseconds since 1970-01-01T00:00:00Z.
    public let enqueuedAt: Int64
    /// The idempotency key the request carries; the same key on every attempt lets the server drop duplicates.
    public let idempotencyKey: String
    /// How many replays were started (counted before each attempt is sent).
    public var attempts: Int
    /// The last failure, for display and debugging.
    public var lastError: String?
    /// Pending or dead-lettered.
    public var state: State
    /// The status of the response that dead-lettered the entry.
    public var finalStatus: Int?

    /// Creates an entry; ``sequence`` is assigned by the storage.
    public init(
        id: String = UUID().uuidString.lowercased(), sequence: Int64 = 0, account: String?, operation: OperationInfo,
        request: APIRequest, enqueuedAt: Int64, idempotencyKey: String, attempts: Int = 0, lastError: String? = nil,
        state: State = .pending, finalStatus: Int? = nil
    ) {
        self.id = id
        self.sequence = sequence
        self.account = account
        self.operation = operation
        self.request = request
        self.enqueuedAt = enqueuedAt
        self.idempotencyKey = idempotencyKey
        self.attempts = attempts
        self.lastError = lastError
        self.state = state
        self.finalStatus = finalStatus
    }
}
