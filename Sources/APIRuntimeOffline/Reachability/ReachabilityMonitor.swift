/// Whether the network looks reachable. A hint only: the offline queue trusts a request's own outcome.
public enum ReachabilityStatus: String, Sendable, Hashable {
    /// A path to the network exists.
    case reachable
    /// No path to the network.
    case unreachable
    /// Not determined yet.
    case unknown
}

/// Reports network reachability changes; ``OfflineQueue/startMonitoring(_:)`` flushes the queue whenever it reports
/// ``ReachabilityStatus/reachable``. An app that shows its connectivity observes ``updates()`` of the same monitor.
///
/// Implementations: `NWPathReachability` (Apple platforms; not compiled on Linux), ``ProbeReachability`` (every platform, used on Linux)
/// and ``ManualReachability`` (tests, previews, apps with their own signal).
public protocol ReachabilityMonitor: Sendable {
    /// The status last determined.
    var status: ReachabilityStatus { get }
    /// A stream that yields the current status at once and then every change.
    func updates() -> AsyncStream<ReachabilityStatus>
}
