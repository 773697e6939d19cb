import Foundation

/// The events of a `text/event-stream` response as they arrive, with `data` decoded into `Payload`: what a generated
/// method returns for such an operation.
///
/// ```swift
/// for try await event in try await api.notifications.streamNotifications().reconnecting() {
///     show(event.data)           // a decoded, validated Notification
/// }
/// ```
///
/// It can be iterated once. Cancelling the iterating task (or leaving the loop) closes the connection. A connection
/// that drops mid-event throws ``APIError/streamTruncated(operation:itemsReceived:)`` unless reconnection is on;
/// `data` that is not the documented type throws ``APIError/malformedStreamItem(operation:index:message:)``.
public struct ServerSentEvents<Payload: Sendable>: AsyncSequence, Sendable {
    public typealias Element = ServerSentEvent<Payload>

    /// Sends the request again with `Last-Event-ID` (nil: none received yet).
    typealias Connect = @Sendable (_ lastEventID: String?) async throws -> StreamedHTTPResponse

    let first: StreamedHTTPResponse
    let operationID: String
    let connect: Connect?
    let decode: @Sendable (_ event: String, _ data: String, _ index: Int) throws -> Payload
    /// Reconnection rules; nil: the sequence ends (or throws) with its first connection.
    public let reconnection: ReconnectionPolicy?

    init(first: StreamedHTTPResponse, operationID: String, connect: Connect?,
         decode: @escaping @Sendable (String, String, Int) throws -> Payload, reconnection: ReconnectionPolicy? = nil) {
        self.first = first
        self.operationID = operationID
        self.connect = connect
        self.decode = decode
        self.reconnection = reconnection
    }

    /// The events of `response` (a `text/event-stream` body) with `data` decoded by `decode`; no reconnection.
    public init(_ response: StreamedHTTPResponse, operationID: String = "",
                decode: @escaping @Sendable (_ data: String) throws -> Payload) {
        self.init(first: response, operationID: operationID, connect: nil, decode: { _, data, _ in try decode(data) })
    }

    /// The same stream, reconnecting as `policy` says when the connection ends or drops, from the last event id.
    public func reconnecting(_ policy: ReconnectionPolicy = ReconnectionPolicy()) -> ServerSentEvents {
        ServerSentEvents(first: first, operationID: operationID, connect: connect, decode: decode, reconnection: policy)
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(sequence: self)
    }

    /// Reads events, reconnecting when the sequence's policy allows.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private let sequence: ServerSentEvents
        private var body: HTTPBodyStream?
        private var chunks: HTTPBodyStream.AsyncIterator?
        private var parser = ServerSentEventParser()
        private var ready: [ServerSentEvent<String>] = []
        private var delivered = 0
        private var failedAttempts = 0
        private var finished = false

        init(sequence: ServerSentEvents) {
            self.sequence = sequence
            body = sequence.first.body
            chunks = sequence.first.body.makeAsyncIterator()
        }

        /// The next event; nil when the stream ended (for good, with reconnection).
        public mutating func next() async throws -> ServerSentEvent<Payload>? {
            while !finished {
                if !ready.isEmpty {
                    let raw = ready.removeFirst()
                    let index = delivered
                    delivered += 1
                    failedAttempts = 0
                    return ServerSentEvent(id: raw.id, event: raw.event, data: try sequence.decode(raw.event, raw.data, index), retry: raw.retry)
                }
                let failure: (any Error)?
                do {
                    if let chunk = try await chunks?.next() {
                        ready = try parser.feed(chunk, operation: sequence.operationID)
                        continue
                    }
                    failure = nil
                } catch let error as APIError where error.endsStream {
                    throw error
                } catch {
                    if error is CancellationError || Task.isCancelled { throw CancellationError() }
                    failure = error
                }
                try parser.finish()
                try await reconnectOrEnd(after: failure)
            }
            return nil
        }

        private mutating func reconnectOrEnd(after failure: (any Error)?) async throws {
            body = nil
            chunks = nil
            guard let policy = sequence.reconnection, let connect = sequence.connect else {
                finished = true
                if let failure { throw Self.truncation(failure, operation: sequence.operationID, delivered: delivered) }
                return
            }
            var lastError = failure
            while true {
                failedAttempts += 1
                guard failedAttempts <= policy.maxAttempts else {
                    finished = true
                    if let lastError { throw Self.truncation(lastError, operation: sequence.operationID, delivered: delivered) }
                    return
                }
                try await policy.clock.sleep(for: policy.delay(serverRetry: parser.reconnectionTime))
                do {
                    let response = try await connect(parser.lastEventID.isEmpty ? nil : parser.lastEventID)
                    if response.status == 204 {
                        response.body.cancel()
                        finished = true
                        return
                    }
                    guard response.isSuccess else {
                        let body = try await response.body.collect(upTo: 64 * 1024, url: URL(fileURLWithPath: "/"))
                        finished = true
                        throw APIError.unexpectedStatus(operation: sequence.operationID, status: response.status, body: body)
                    }
                    body = response.body
                    chunks = response.body.makeAsyncIterator()
                    return
                } catch let error as APIError {
                    if case .transport = error { lastError = error } else { throw error }
                } catch {
                    if error is CancellationError || Task.isCancelled { throw CancellationError() }
                    lastError = error
                }
            }
        }

        /// A dropped connection is a truncated stream; anything else is a transport error.
        static func truncation(_ error: any Error, operation: String, delivered: Int) -> any Error {
            if APIError.isConnectivityFailure(error) { return APIError.streamTruncated(operation: operation, itemsReceived: delivered) }
            return error is APIError ? error : APIError.transport(error)
        }
    }
}
