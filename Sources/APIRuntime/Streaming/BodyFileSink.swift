import Foundation

/// Writes a streamed body to a file on the thread that receives it, so a download of any size holds only the chunk
/// in hand, and reports progress after every chunk.
final class BodyFileSink: @unchecked Sendable {
    // Safe to mark @unchecked: the file handle and every var are touched only while `lock` is held.
    private let lock = NSLock()
    private let handle: FileHandle
    private let expected: Int64?
    private let progress: (@Sendable (TransferProgress) -> Void)?
    private var received: Int64
    private var result: Result<Int64, any Error>?
    private var waiter: CheckedContinuation<Int64, any Error>?
    private var onWriteFailure: (@Sendable () -> Void)?
    private let limit: Int64?
    /// Whether the body went on past ``limit`` (and the transfer was stopped there).
    private var truncated = false

    /// A sink appending to `handle`, which already holds `alreadyReceived` bytes of the body (a resumed download);
    /// `expected` is the whole body's size when known. With `limit`, the file ends at that many bytes (counting
    /// `alreadyReceived`): a body that goes on past it is cut there and the transfer stopped.
    init(handle: FileHandle, alreadyReceived: Int64, expected: Int64?, limit: Int64? = nil,
         progress: (@Sendable (TransferProgress) -> Void)?) {
        self.handle = handle
        self.received = alreadyReceived
        self.expected = expected
        self.limit = limit
        self.progress = progress
    }

    /// Called once when a write fails (disk full) or the body passed the limit, to stop the transfer.
    func onFailure(_ action: @escaping @Sendable () -> Void) {
        lock.withLock { onWriteFailure = action }
    }

    func beginFlush() { lock.lock() }
    func writeDuringFlush(_ data: Data) { writeLocked(data) }
    func endFlush() { lock.unlock() }

    /// Appends `data` to the file.
    func write(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        writeLocked(data)
    }

    private func writeLocked(_ data: Data) {
        guard result == nil else { return }
        var data = data
        var passesLimit = false
        if let limit, received + Int64(data.count) > limit {
            data = data.prefix(Int(max(0, limit - received)))
            passesLimit = true
        }
        do {
            if !data.isEmpty { try handle.write(contentsOf: data) }
        } catch {
            result = .failure(error)
            try? handle.close()  // the write error is the one reported
            stopLocked(with: .failure(error))
            return
        }
        received += Int64(data.count)
        if !data.isEmpty { progress?(TransferProgress(completedBytes: received, expectedBytes: expected)) }
        if passesLimit {
            truncated = true
            let closed = Result { try handle.synchronize(); try handle.close() }.map { received }
            result = closed
            stopLocked(with: closed)
        }
    }

    /// Wakes ``wait()`` with `ending` and stops the transfer; called with `lock` held.
    private func stopLocked(with ending: Result<Int64, any Error>) {
        let (waiter, stop) = (self.waiter, onWriteFailure)
        self.waiter = nil
        waiter?.resume(with: ending)
        stop?()
    }

    /// Whether the body went on past the limit, so the file holds only its first `limit` bytes.
    var wasTruncated: Bool {
        lock.withLock { truncated }
    }

    /// Ends the file: closes it and wakes ``wait()`` with the bytes written or `error`.
    func finish(_ error: (any Error)?) {
        let (waiter, ending) = lock.withLock { () -> (CheckedContinuation<Int64, any Error>?, Result<Int64, any Error>?) in
            guard self.result == nil else { return (nil, nil) }
            do {
                try handle.synchronize()
                try handle.close()
                self.result = error.map { .failure($0) } ?? .success(received)
            } catch {
                self.result = .failure(error)
            }
            defer { self.waiter = nil }
            return (self.waiter, self.result)
        }
        if let waiter, let ending { waiter.resume(with: ending) }
    }

    /// The total bytes of the body on disk once it ended; throws what ended it otherwise.
    func wait() async throws -> Int64 {
        try await withCheckedThrowingContinuation { continuation in
            let ready = lock.withLock { () -> Result<Int64, any Error>? in
                if result == nil { waiter = continuation }
                return result
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
