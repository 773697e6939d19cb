import APIRuntime
import APIRuntimeStore
import Foundation
import HTTPTypes

/// A `ReachabilityMonitor` for every platform (the one to use on Linux, which has no reachability API):
/// sends `HEAD url` every `interval`; any HTTP response means reachable, no response means unreachable.
///
/// Probing starts with the first call to ``updates()`` or ``start()`` and stops with ``stop()``.
public final class ProbeReachability: ReachabilityMonitor {
    private struct State {
        var status = ReachabilityStatus.unknown
        var loop: Task<Void, Never>?
    }

    /// The URL probed.
    public let url: URL
    /// The time between probes.
    public let interval: Duration
    private let transport: any HTTPTransport
    private let clock: any RuntimeClock
    private let state = Locked(State())
    private let broadcast = Broadcast<ReachabilityStatus>(bufferSize: 16)

    /// A monitor probing `url` (a cheap endpoint such as `/health`) every `interval` with `transport`.
    public init(
        url: URL, interval: Duration = .seconds(15), transport: any HTTPTransport = URLSessionTransport(timeout: 5),
        clock: any RuntimeClock = SystemClock()
    ) {
        self.url = url
        self.interval = interval
        self.transport = transport
        self.clock = clock
    }

    deinit {
        state.withLock { $0.loop?.cancel() }
    }

    /// The status of the last probe (`ReachabilityStatus.unknown` before the first).
    public var status: ReachabilityStatus {
        state.withLock { $0.status }
    }

    /// Starts probing if needed; yields the current status at once, then every change.
    public func updates() -> AsyncStream<ReachabilityStatus> {
        let stream = broadcast.subscribe(replaying: status)
        start()
        return stream
    }

    /// Starts probing every ``interval`` (the first probe at once); does nothing when already probing.
    public func start() {
        state.withLock { state in
            guard state.loop == nil else { return }
            state.loop = Task { [weak self, clock, interval] in
                while !Task.isCancelled {
                    guard let self else { return }
                    await self.probe()
                    do {
                        try await clock.sleep(for: interval)
                    } catch {
                        return
                    }
                }
            }
        }
    }

    /// Stops probing.
    public func stop() {
        state.withLock { state in
            state.loop?.cancel()
            state.loop = nil
        }
    }

    /// Probes once now, updates ``status`` (notifying observers of a change) and returns it.
    @discardableResult
    public func probe() async -> ReachabilityStatus {
        let status: ReachabilityStatus
        do {
            _ = try await transport.send(APIRequest(method: .head, url: url))
            status = .reachable
        } catch {
            status = .unreachable
        }
        let changed = state.withLock { state -> Bool in
            defer { state.status = status }
            return state.status != status
        }
        if changed {
            broadcast.send(status)
        }
        return status
    }
}
