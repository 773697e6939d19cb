import Foundation

/// The chunks of one streamed response body between the thread that receives them (a `URLSession` delegate queue)
/// and the one task that consumes them.
///
/// FoundationNetworking cannot pause a transfer once its body flows (suspending a running task restarts it), so
/// the buffer cannot push back on the network: it holds what the consumer has not read yet, up to `limit` bytes,
/// and fails the stream with ``APIError/streamConsumerTooSlow(limit:)`` past that. A file sink (``installSink(_:)``)
/// takes the chunks on the receiving thread instead, which keeps downloads of any size within a few chunks.
final class BodyChunkBuffer: @unchecked Sendable {
    // Safe to mark @unchecked: every stored property is read and written only while `lock` is held.
    private let lock = NSLock()
    private var chunks: [Data] = []
    private var firstChunk = 0
    private var bufferedBytes = 0
    private var ending: Result<Void, any Error>?
    private var waiter: CheckedContinuation<Data?, any Error>?
    private var sink: BodyFileSink?
    private var cancelled = false
    private let limit: Int
    private let cancelTransfer: @Sendable () -> Void

    /// A buffer holding at most `limit` unread bytes; `cancelTransfer` stops the network transfer (called once).
    init(limit: Int, cancelTransfer: @escaping @Sendable () -> Void) {
        self.limit = limit
        self.cancelTransfer = cancelTransfer
    }

    /// A buffer that already holds the whole body.
    static func complete(_ body: Data) -> BodyChunkBuffer {
        let buffer = BodyChunkBuffer(limit: .max) {}
        if !body.isEmpty { buffer.append(body) }
        buffer.finish(nil)
        return buffer
    }

    // MARK: - Producer

    /// Adds a chunk that arrived (or hands it to the sink).
    func append(_ data: Data) {
        enum Step { case none, resume(CheckedContinuation<Data?, any Error>), sink(BodyFileSink), overflow }
        let step = lock.withLock { () -> Step in
            guard ending == nil, !cancelled else { return .none }
            if let sink { return .sink(sink) }
            if let waiter {
                self.waiter = nil
                return .resume(waiter)
            }
            guard bufferedBytes + data.count <= limit else { return .overflow }
            chunks.append(data)
            bufferedBytes += data.count
            return .none
        }
        switch step {
        case .none: break
        case .resume(let waiter): waiter.resume(returning: data)
        case .sink(let sink): sink.write(data)
        case .overflow:
            finish(APIError.streamConsumerTooSlow(limit: limit))
            cancelTransfer()
        }
    }

    /// Ends the body: normally with nil, or with the error that stopped it.
    func finish(_ error: (any Error)?) {
        let (waiter, sink) = lock.withLock { () -> (CheckedContinuation<Data?, any Error>?, BodyFileSink?) in
            guard ending == nil else { return (nil, nil) }
            ending = error.map { .failure($0) } ?? .success(())
            defer { self.waiter = nil }
            return (self.waiter, self.sink)
        }
        if let error {
            waiter?.resume(throwing: error)
        } else {
            waiter?.resume(returning: nil)
        }
        sink?.finish(error)
    }

    // MARK: - Consumer

    /// The next chunk, nil at the end; throws the error that ended the body. One consumer at a time.
    func next() async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                let ready = lock.withLock { () -> Result<Data?, any Error>? in
                    if cancelled { return .failure(CancellationError()) }
                    if firstChunk < chunks.count {
                        let chunk = chunks[firstChunk]
                        chunks[firstChunk] = Data()
                        firstChunk += 1
                        bufferedBytes -= chunk.count
                        if firstChunk == chunks.count {
                            chunks.removeAll(keepingCapacity: true)
                            firstChunk = 0
                        }
                        return .success(chunk)
                    }
                    switch ending {
                    case .success: return .success(nil)
                    case .failure(let error): return .failure(error)
                    case nil:
                        waiter = continuation
                        return nil
                    }
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Stops the transfer and fails a waiting ``next()`` with `CancellationError` (the consumer is gone).
    func cancel() {
        let (waiter, wasRunning) = lock.withLock { () -> (CheckedContinuation<Data?, any Error>?, Bool) in
            guard !cancelled else { return (nil, false) }
            cancelled = true
            chunks.removeAll()
            bufferedBytes = 0
            defer { self.waiter = nil }
            return (self.waiter, ending == nil)
        }
        waiter?.resume(throwing: CancellationError())
        if wasRunning { cancelTransfer() }
    }

    /// Sends what is buffered and everything that arrives from now on to `sink`, on the receiving thread; `sink`
    /// learns the end through ``BodyFileSink/finish(_:)``.
    func installSink(_ sink: BodyFileSink) {
        // The sink's lock is taken before the buffer's is released, so a chunk arriving meanwhile waits for the
        // buffered ones to be written first and the file keeps the body's order.
        sink.beginFlush()
        let (pending, ending) = lock.withLock { () -> ([Data], Result<Void, any Error>?) in
            let pending = Array(chunks[firstChunk...])
            chunks.removeAll()
            firstChunk = 0
            bufferedBytes = 0
            self.sink = sink
            return (pending, self.ending)
        }
        for chunk in pending { sink.writeDuringFlush(chunk) }
        sink.endFlush()
        if let ending {
            if case .failure(let error) = ending { sink.finish(error) } else { sink.finish(nil) }
        }
    }
}
