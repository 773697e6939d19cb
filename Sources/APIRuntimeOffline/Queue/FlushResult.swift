import APIRuntime
import APIRuntimeStore

/// What one ``OfflineQueue/flush()`` did.
public struct FlushResult: Sendable, Hashable {
    /// Entries the server accepted (removed from the queue).
    public var replayed = 0
    /// Entries that failed permanently (moved to the dead-letter list).
    public var deadLettered = 0
    /// Entries still pending for the flushed account afterwards.
    public var remaining = 0
    /// Why the flush stopped early (a transient failure keeps its entry at the head), or nil when it emptied
    /// the queue or nothing was attached.
    public var stoppedBy: String?

    /// An empty result.
    public init() {}
}
