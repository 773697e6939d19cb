import Foundation

/// A response body that arrives in chunks while the connection is open: an `AsyncSequence` of `Data`.
///
/// It can be read once. Cancelling the reading task, or dropping every copy of the stream before its end, stops
/// the transfer and closes the connection.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    /// Owns the buffer for the stream's copies; the last one gone cancels an unfinished transfer.
    final class Handle: Sendable {
        let buffer: BodyChunkBuffer

        init(_ buffer: BodyChunkBuffer) {
            self.buffer = buffer
        }

        deinit {
            buffer.cancel()
        }
    }

    let handle: Handle

    init(buffer: BodyChunkBuffer) {
        handle = Handle(buffer)
    }

    /// A stream of `body` in one chunk (an already complete body, e.g. from a transport that does not stream).
    public init(_ body: Data) {
        self.init(buffer: .complete(body))
    }

    /// Reads chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let handle: Handle

        /// The next chunk, nil at the end; throws the transport's error when the transfer failed.
        public mutating func next() async throws -> Data? {
            try await handle.buffer.next()
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(handle: handle)
    }

    /// Stops the transfer and closes the connection; a reader waiting for a chunk gets `CancellationError`.
    public func cancel() {
        handle.buffer.cancel()
    }

    /// Collects the whole body, at most `limit` bytes (a larger one throws ``ResponseTooLargeError`` for `url`).
    public func collect(upTo limit: Int, url: URL) async throws -> Data {
        var body = Data()
        for try await chunk in self {
            guard body.count + chunk.count <= limit else {
                cancel()
                throw ResponseTooLargeError(url: url, limit: limit)
            }
            body.append(chunk)
        }
        return body
    }

    /// Appends the body to `handle` as it arrives, on the thread that receives it (memory stays at a few chunks
    /// however large the body), and returns when it ended. `alreadyReceived` counts bytes the file held before.
    func write(to handle: FileHandle, alreadyReceived: Int64, expected: Int64?,
               progress: (@Sendable (TransferProgress) -> Void)?) async throws -> Int64 {
        let sink = BodyFileSink(handle: handle, alreadyReceived: alreadyReceived, expected: expected, progress: progress)
        let buffer = self.handle.buffer
        sink.onFailure { buffer.cancel() }
        buffer.installSink(sink)
        return try await withTaskCancellationHandler {
            try await sink.wait()
        } onCancel: {
            buffer.cancel()
            sink.finish(CancellationError())
        }
    }
}
