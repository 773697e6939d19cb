import APIRuntime

/// A ``ReachabilityMonitor`` whose status is set by hand: for tests, previews, and apps with their own signal (it is
/// here rather than in `APIRuntimeTesting` because such apps ship it).
public final class ManualReachability: ReachabilityMonitor {
    private let current: Locked<ReachabilityStatus>
    private let broadcast = Broadcast<ReachabilityStatus>(bufferSize: 16)

    /// A monitor starting at `status`.
    public init(_ status: ReachabilityStatus = .unknown) {
        current = Locked(status)
    }

    /// The status last set.
    public var status: ReachabilityStatus {
        current.withLock { $0 }
    }

    /// Sets the status and notifies observers when it changed.
    public func set(_ status: ReachabilityStatus) {
        let changed = current.withLock { current -> Bool in
            defer { current = status }
            return current != status
        }
        if changed {
            broadcast.send(status)
        }
    }

    /// The current status at once, then every change.
    public func updates() -> AsyncStream<ReachabilityStatus> {
        broadcast.subscribe(replaying: status)
    }
}
