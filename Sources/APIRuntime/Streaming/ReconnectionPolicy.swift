/// When a ``ServerSentEvents`` stream reconnects after its connection ended or dropped (opt-in, see
/// ``ServerSentEvents/reconnecting(_:)``).
///
/// Each reconnection sends `Last-Event-ID` with the last id received, after the server's `retry` time (or
/// ``defaultDelay`` until it sent one). A `204 No Content` answer ends the stream for good; another status that is
/// not 2xx throws ``APIError/unexpectedStatus(operation:status:body:)``.
public struct ReconnectionPolicy: Sendable {
    /// Attempts in a row that may fail (or end without delivering an event) before the last error is thrown (or
    /// the stream ends).
    public var maxAttempts: Int
    /// The wait before reconnecting until the server sets one with `retry`.
    public var defaultDelay: Duration
    /// The longest wait honoured, whatever `retry` says.
    public var maxDelay: Duration
    /// The clock the waits are slept on.
    public var clock: any RuntimeClock

    /// A policy; the defaults follow browsers (3 seconds until the server says otherwise).
    public init(maxAttempts: Int = 5, defaultDelay: Duration = .seconds(3), maxDelay: Duration = .seconds(60),
                clock: any RuntimeClock = SystemClock()) {
        self.maxAttempts = maxAttempts
        self.defaultDelay = defaultDelay
        self.maxDelay = maxDelay
        self.clock = clock
    }

    /// The wait before the next attempt, given the server's `retry` in milliseconds.
    func delay(serverRetry: Int?) -> Duration {
        guard let serverRetry else { return min(defaultDelay, maxDelay) }
        return min(.milliseconds(serverRetry), maxDelay)
    }
}
