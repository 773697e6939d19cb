/// One server-sent event (WHATWG HTML, "server-sent events"), with its `data` decoded into `Payload`.
public struct ServerSentEvent<Payload: Sendable>: Sendable {
    /// The last event ID when the event was dispatched (it persists across events until an `id` field changes
    /// it); nil when none was ever set.
    public var id: String?
    /// The event type: the `event` field, `message` when absent.
    public var event: String
    /// The `data` lines joined with `\n`, decoded.
    public var data: Payload
    /// The reconnection time in milliseconds a `retry` field in this event's block set, if any.
    public var retry: Int?

    /// Creates an event.
    public init(id: String? = nil, event: String = "message", data: Payload, retry: Int? = nil) {
        self.id = id
        self.event = event
        self.data = data
        self.retry = retry
    }
}

extension ServerSentEvent: Equatable where Payload: Equatable {}
extension ServerSentEvent: Hashable where Payload: Hashable {}
