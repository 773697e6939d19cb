/// Why a streamed response body (server-sent events, JSON Lines, a download) could not be read to its end.
public enum StreamingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The connection ended before the body was complete: a record or event was cut off, or the transfer was
    /// closed before its announced end. `itemsReceived` items were delivered before.
    case truncated(operation: String, itemsReceived: Int)
    /// Item `index` (0-based) of a JSON Lines / JSON Sequence body, or the data of server-sent event `index`, is not
    /// valid JSON or not of the documented type.
    case malformedItem(operation: String, index: Int, message: String)
    /// The consumer fell more than `limit` bytes behind the network (see ``URLSessionTransport/maxResponseSize``);
    /// the transfer was stopped.
    case consumerTooSlow(limit: Int)
    /// A ranged download got a `206` whose `Content-Range` does not continue the partial file.
    case rangeMismatch(expectedStart: Int64, contentRange: String?)

    public var description: String {
        switch self {
        case .truncated(let operation, let count):
            "\(operation): the stream ended before its last item was complete (\(count) items received)"
        case .malformedItem(let operation, let index, let message):
            "\(operation): item \(index) of the stream is malformed: \(message)"
        case .consumerTooSlow(let limit):
            "the consumer of a streamed body fell more than \(limit) bytes behind the network"
        case .rangeMismatch(let start, let range):
            "a resumed download expected bytes from \(start), the server sent Content-Range: \(range ?? "none")"
        }
    }
}
