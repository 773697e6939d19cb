import APIRuntime
import Foundation

/// A logical `RuntimeClock` for tests and previews: time moves only when ``advance(by:)`` is called or a task
/// sleeps, and sleeping returns at once after moving time forward to the deadline.
///
/// Because a sleep moves time to `max(now, deadline)`, tasks that sleep concurrently see consistent times, so
/// rate limits and backoff can be checked exactly without waiting.
public final class ManualClock: RuntimeClock {
    private struct State {
        var date: Date
        var uptime: Duration = .zero
        var sleeps: [Duration] = []
    }

    private let state: Locked<State>

    /// A clock starting at `date` (by default 2023-11-14T22:13:20Z) with ``uptime()`` zero.
    public init(date: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        state = Locked(State(date: date))
    }

    /// The current logical wall-clock time.
    public func now() -> Date {
        state.withLock { $0.date }
    }

    /// The logical time elapsed since the clock was created.
    public func uptime() -> Duration {
        state.withLock { $0.uptime }
    }

    /// Moves both clocks forward by `duration`.
    public func advance(by duration: Duration) {
        guard duration > .zero else { return }
        state.withLock { state in
            state.uptime += duration
            state.date = state.date.addingTimeInterval(duration.seconds)
        }
    }

    /// Moves time forward to `deadline` if it is later, records the wait, and returns after a yield.
    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            guard deadline > state.uptime else { return }
            let wait = deadline - state.uptime
            state.sleeps.append(wait)
            state.uptime = deadline
            state.date = state.date.addingTimeInterval(wait.seconds)
        }
        await Task.yield()
    }

    /// Every positive wait that sleeping caused, in order.
    public var sleeps: [Duration] {
        state.withLock { $0.sleeps }
    }
}
