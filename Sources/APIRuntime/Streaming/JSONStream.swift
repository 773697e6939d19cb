import Foundation

/// The items of a JSON Lines, NDJSON or JSON Sequence response as they arrive, each validated and decoded on
/// arrival: what a generated method returns for an `application/jsonl`, `application/x-ndjson` or
/// `application/json-seq` response.
///
/// ```swift
/// for try await notification in try await api.notifications.exportNotifications() {
///     archive.append(notification)   // one decoded, validated item per line
/// }
/// ```
///
/// It can be iterated once; cancelling the iterating task (or leaving the loop) closes the connection. A connection
/// that drops before the end throws ``APIError/streamTruncated(operation:itemsReceived:)``; an item that is not JSON
/// or not the documented type throws ``APIError/malformedStreamItem(operation:index:message:)`` (an item failing
/// its schema throws ``APIError/invalidResponse(operation:status:report:)`` in `reject` mode).
public struct JSONStream<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item

    let response: StreamedHTTPResponse
    /// How items are delimited.
    @_spi(Generated) public let format: JSONSequenceFormat
    let operationID: String
    let decode: @Sendable (_ item: Data, _ index: Int) throws -> Item

    /// The items of `response` in `format`, each decoded by `decode`.
    @_spi(Generated) public init(_ response: StreamedHTTPResponse, format: JSONSequenceFormat, operationID: String = "",
                decode: @escaping @Sendable (_ item: Data, _ index: Int) throws -> Item) {
        self.response = response
        self.format = format
        self.operationID = operationID
        self.decode = decode
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    /// Reads items in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let stream: JSONStream
        private var chunks: HTTPBodyStream.AsyncIterator
        private var splitter: JSONSequenceSplitter
        private var ready: [Data] = []
        private var delivered = 0
        private var ended = false

        init(stream: JSONStream) {
            self.stream = stream
            chunks = stream.response.body.makeAsyncIterator()
            splitter = JSONSequenceSplitter(format: stream.format)
        }

        /// The next item, nil after the last.
        public mutating func next() async throws -> Item? {
            while true {
                if !ready.isEmpty {
                    let index = delivered
                    delivered += 1
                    return try stream.decode(ready.removeFirst(), index)
                }
                if ended { return nil }
                let chunk: Data?
                do {
                    chunk = try await chunks.next()
                } catch {
                    ended = true
                    if error is CancellationError || Task.isCancelled { throw CancellationError() }
                    if APIError.isConnectivityFailure(error) {
                        throw APIError.streamTruncated(operation: stream.operationID, itemsReceived: delivered)
                    }
                    throw error is APIError ? error : APIError.transport(error)
                }
                if let chunk {
                    ready = try splitter.feed(chunk, operation: stream.operationID)
                } else {
                    ended = true
                    if let last = try splitter.finish(operation: stream.operationID) { ready = [last] }
                }
            }
        }
    }
}
