/// Publishes ``ClientEvent``s to any number of observers.
///
/// Create one bus, hand it to the ``APIClient`` and to the runtime pieces (auth, cache, store, queue, storage),
/// and observe it from as many places as needed:
///
/// ```swift
/// let events = EventBus()
/// Task { for await event in events.stream() { analytics.record(event) } }
/// ```
public final class EventBus: Sendable {
    private let broadcast: Broadcast<ClientEvent>

    /// A bus whose observers each buffer at most `bufferSize` events they have not read yet (the oldest are
    /// dropped first, so a stalled observer never blocks requests or grows memory without bound).
    public init(bufferSize: Int = 512) {
        broadcast = Broadcast(bufferSize: bufferSize)
    }

    /// A new stream of every event emitted from now on; each call creates an independent observer.
    /// The observer is removed when its stream is no longer iterated (the iterating task ends or is cancelled).
    public func stream() -> AsyncStream<ClientEvent> {
        broadcast.subscribe()
    }

    /// Sends `event` to every observer. Cheap and non-blocking; safe to call from any thread.
    public func emit(_ event: ClientEvent) {
        broadcast.send(event)
    }

    /// How many observers are currently subscribed.
    public var observerCount: Int {
        broadcast.subscriberCount
    }
}
