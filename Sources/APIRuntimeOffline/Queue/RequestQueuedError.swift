import APIRuntime
import APIRuntimeStore

/// Thrown to the caller of a queueable operation that could not be sent now: the call was stored in the
/// offline queue and will be replayed, in order, when the network returns.
///
/// Observe the outcome through `ClientEvent.replayed(_:)` or `ClientEvent.deadLettered(_:)` with the same
/// `QueuedRequest.id`.
public struct RequestQueuedError: Error, CustomStringConvertible {
    /// The stored entry.
    public let entry: QueuedRequest

    /// Creates the error for a stored entry.
    public init(entry: QueuedRequest) {
        self.entry = entry
    }

    /// Explains what happened.
    public var description: String {
        "\(entry.operation.id) could not be sent now; it was queued as #\(entry.sequence) and will be replayed "
            + "when the network is reachable."
    }
}
