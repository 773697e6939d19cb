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

    /// A sink appending to `handle`, which already holds `alreadyReceived` bytes of the body (a resumed download);
    /// `expected` is the whole body's size when known.
    init(handle: FileHandle, alreadyReceived: Int64, expected: Int64?, progress: (@Sendable (TransferProgress) -> Void)?) {
        self.handle = handle
        self.received = alreadyReceived
        self.expected = expected
        self.progress = progress
    }

    /// Called once when a write fails (disk full), to stop the transfer.
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
        do {
            try handle.write(contentsOf: data)
        } catch {
            result = .failure(error)
            try? handle.close()  // the write error is the one reported
            let (waiter, stop) = (self.waiter, onWriteFailure)
            self.waiter = nil
            waiter?.resume(throwing: error)
            stop?()
            return
        }
        received += Int64(data.count)
        progress?(TransferProgress(completedBytes: received, expectedBytes: expected))
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
