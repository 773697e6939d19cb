/// Progress observers for the transfer the current task makes, read by the transport (task-local, so they pass
/// through every middleware unchanged).
public enum TransferObservation {
    /// Receives the bytes sent of a request body read from ``HTTPRequest/bodyFile``, on a `URLSession` queue.
    @TaskLocal public static var uploadProgress: (@Sendable (TransferProgress) -> Void)?
}
