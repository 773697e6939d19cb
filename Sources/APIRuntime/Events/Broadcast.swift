/// Fans values out to any number of `AsyncStream` subscribers; each ``subscribe(replaying:)`` call gets its own
/// stream. Subscribers that stop listening are removed when their stream terminates.
package final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var nextID = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
    }

    private let state = Locked(State())
    private let bufferSize: Int

    /// A broadcaster whose subscribers each buffer at most `bufferSize` undelivered values (oldest dropped first),
    /// so a subscriber that stops reading cannot grow memory without bound.
    package init(bufferSize: Int) {
        self.bufferSize = max(1, bufferSize)
    }

    /// A new stream that receives every value sent from now on, first yielding `initial` when given.
    package func subscribe(replaying initial: Element? = nil) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Element.self, bufferingPolicy: .bufferingNewest(bufferSize))
        let id = state.withLock { state -> Int in
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            return state.nextID
        }
        if let initial {
            continuation.yield(initial)
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Delivers `value` to every current subscriber.
    package func send(_ value: Element) {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers {
            subscriber.yield(value)
        }
    }

    /// The number of live subscribers.
    package var subscriberCount: Int {
        state.withLock { $0.subscribers.count }
    }

    /// Ends every subscriber's stream.
    package func finish() {
        let subscribers = state.withLock { state in
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers {
            subscriber.finish()
        }
    }
}
