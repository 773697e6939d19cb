import APIRuntime
import APIRuntimeStore
#if canImport(Network)
import Dispatch
import Network

/// The Apple-platform ``ReachabilityMonitor``, backed by `NWPathMonitor`: reachable when the path is satisfied.
public final class NWPathReachability: ReachabilityMonitor {
    // @unchecked Sendable is safe: NWPathMonitor may be started and cancelled from any thread, and its update
    // handler only runs on `queue`; the box exists because older SDKs do not mark NWPathMonitor Sendable.
    private final class MonitorBox: @unchecked Sendable {
        let monitor: NWPathMonitor

        init(_ monitor: NWPathMonitor) {
            self.monitor = monitor
        }
    }

    private let box: MonitorBox
    private let queue = DispatchQueue(label: "APIRuntime.NWPathReachability")
    private let current = Locked(ReachabilityStatus.unknown)
    private let broadcast = Broadcast<ReachabilityStatus>(bufferSize: 16)

    /// Starts monitoring every interface, or only `interfaceType` when given.
    public init(interfaceType: NWInterface.InterfaceType? = nil) {
        box = MonitorBox(interfaceType.map { NWPathMonitor(requiredInterfaceType: $0) } ?? NWPathMonitor())
        box.monitor.pathUpdateHandler = { [weak self] path in
            self?.update(path.status == .satisfied ? .reachable : .unreachable)
        }
        box.monitor.start(queue: queue)
    }

    deinit {
        box.monitor.cancel()
    }

    /// The status of the latest path.
    public var status: ReachabilityStatus {
        current.withLock { $0 }
    }

    /// The current status at once, then every change.
    public func updates() -> AsyncStream<ReachabilityStatus> {
        broadcast.subscribe(replaying: status)
    }

    private func update(_ status: ReachabilityStatus) {
        let changed = current.withLock { current -> Bool in
            defer { current = status }
            return current != status
        }
        if changed {
            broadcast.send(status)
        }
    }
}
#endif
