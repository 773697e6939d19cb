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
    /// Set when the transport already wrote the body to the download's file (``FileDownloadingTransport``): its
    /// size in bytes. The stream itself is then empty.
    let bytesOnFile: Int64?

    init(buffer: BodyChunkBuffer) {
        handle = Handle(buffer)
        bytesOnFile = nil
    }

    /// An empty stream standing for `bytesOnFile` bytes the transport wrote to a file.
    init(bytesOnFile: Int64) {
        handle = Handle(.complete(Data()))
        self.bytesOnFile = bytesOnFile
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

    /// Collects the whole body, at most `limit` bytes (a larger one throws ``APIError/responseTooLarge(url:limit:announcedLength:)`` for `url`).
    public func collect(upTo limit: Int, url: URL) async throws -> Data {
        var body = Data()
        for try await chunk in self {
            guard body.count + chunk.count <= limit else {
                cancel()
                throw APIError.responseTooLarge(url: url, limit: limit, announcedLength: nil)
            }
            body.append(chunk)
        }
        return body
    }

    /// Appends the body to `handle` as it arrives, on the thread that receives it (memory stays at a few chunks
    /// however large the body), and returns when it ended: the bytes the file holds, and whether the body went on
    /// past `limit` (then the file holds `limit` bytes and the transfer was stopped). `alreadyReceived` counts bytes
    /// the file held before; `limit` counts them too.
    func write(to handle: FileHandle, alreadyReceived: Int64, expected: Int64?, limit: Int64? = nil,
               progress: (@Sendable (TransferProgress) -> Void)?) async throws -> (bytes: Int64, truncated: Bool) {
        let sink = BodyFileSink(handle: handle, alreadyReceived: alreadyReceived, expected: expected, limit: limit,
                                progress: progress)
        let buffer = self.handle.buffer
        sink.onFailure { buffer.cancel() }
        buffer.installSink(sink)
        let bytes = try await withTaskCancellationHandler {
            try await sink.wait()
        } onCancel: {
            buffer.cancel()
            sink.finish(CancellationError())
        }
        return (bytes, sink.wasTruncated)
    }
}
