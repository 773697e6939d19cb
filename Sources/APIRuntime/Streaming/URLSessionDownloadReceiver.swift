import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `URLSessionDownloadTask` as ``URLSessionBodyCollector`` routes its callbacks: reports progress, watches the
/// free disk space, moves a `2xx` body to its ``DownloadTarget`` and hands the finished response to the caller.
final class URLSessionDownloadReceiver: @unchecked Sendable {
    // Safe to mark @unchecked: every var is touched only while `lock` is held; the rest is immutable.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Void, any Error>?
    /// The finished response, handed to the caller under `lock` rather than as the continuation's value (see
    /// ``URLSessionStreamReceiver``: a head built on the delegate thread is read by the caller's task).
    private var delivered: StreamedHTTPResponse?
    private var outcome: Result<HTTPBodyStream, any Error>?
    private var nextSpaceCheck: Int64 = 0
    /// FoundationNetworking's temporary file for this task, once found (``LeftoverDownloadFile``), and the bytes
    /// written to it so far.
    private var leftover: LeftoverDownloadFile?
    private var written: Int64 = 0
    private let url: URL
    private let target: DownloadTarget
    private let cancelTask: @Sendable () -> Void

    /// A receiver for a download of `url` into `target`; `cancel` stops the task.
    private let startedAt = Date()

    init(url: URL, target: DownloadTarget, cancel: @escaping @Sendable () -> Void) {
        self.url = url
        self.target = target
        cancelTask = cancel
    }

    func awaitResponse(_ continuation: CheckedContinuation<Void, any Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// The response the resumed caller was woken for.
    func takeResponse() throws -> StreamedHTTPResponse {
        guard let response = lock.withLock({ () -> StreamedHTTPResponse? in
            defer { delivered = nil }
            return delivered
        }) else { throw URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]) }
        return response
    }

    func wrote(_ total: Int64, of expected: Int64) {
        target.progress?(TransferProgress(completedBytes: total, expectedBytes: expected > 0 ? expected : target.expectedBytes))
        #if canImport(FoundationNetworking)
        let first = lock.withLock { () -> Bool in
            defer { written = total }
            return written == 0
        }
        if first {
            let found = LeftoverDownloadFile.find(writtenSince: startedAt, holdingAtLeast: total)
            lock.withLock { leftover = found }
        }
        // FoundationNetworking writes with `try!`: stop before the disk is full rather than crash (DiskSpace).
        let due = lock.withLock { () -> Bool in
            guard outcome == nil, total >= nextSpaceCheck else { return false }
            nextSpaceCheck = total + DiskSpace.checkInterval
            return true
        }
        guard due else { return }
        let directory = DiskSpace.transportTemporaryDirectory
        guard let free = DiskSpace.available(at: directory), free < target.reserve else { return }
        let remaining = expected > 0 ? expected - total : nil
        fail(DiskSpace.outOfSpace(directory, needed: remaining, free: free, reserve: target.reserve))
        #endif
    }

    /// The body is complete at `location` (removed by the system once this returns, on Apple platforms).
    func finished(at location: URL, response: URLResponse?) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        let manager = FileManager.default
        let body: Result<HTTPBodyStream, any Error>
        if lock.withLock({ outcome != nil }) {
            // Stopped already (the disk check), but the last bytes arrived before the cancellation took effect.
            try? manager.removeItem(at: location)  // a copy nobody will read; the system's clean-up takes what is left
            return
        }
        if (200...299).contains(status) {
            body = Result {
                if manager.fileExists(atPath: target.file.path) { try manager.removeItem(at: target.file) }
                try manager.moveItem(at: location, to: target.file)
                let size = try manager.attributesOfItem(atPath: target.file.path)[.size] as? NSNumber
                return HTTPBodyStream(bytesOnFile: size?.int64Value ?? 0)
            }
        } else {
            body = Result { try HTTPBodyStream(Self.prefix(of: location, limit: DownloadTarget.errorBodyLimit)) }
            try? manager.removeItem(at: location)  // an error body's copy; the system's clean-up takes what is left
        }
        lock.withLock { if outcome == nil { outcome = body } }
    }

    func completed(_ error: (any Error)?, response: URLResponse?) {
        let (continuation, outcome, leftover, written) = lock.withLock {
            defer { self.continuation = nil }
            return (self.continuation, self.outcome, self.leftover, self.written)
        }
        if error != nil || (try? outcome?.get()) == nil {
            // FoundationNetworking keeps the bytes of a stopped download task in its temporary file and never removes it.
            leftover?.remove(ifHolding: written)
        }
        guard let continuation else { return }
        if case .failure(let failure) = outcome {
            continuation.resume(throwing: failure)
        } else if let error {
            continuation.resume(throwing: URLSessionTransport.normalized(error, url: url))
        } else if let http = response as? HTTPURLResponse, case .success(let body) = outcome {
            let finished = StreamedHTTPResponse(status: http.statusCode, headerFields: URLSessionTransport.headerFields(of: http), body: body)
            lock.withLock { delivered = finished }
            continuation.resume()
        } else {
            continuation.resume(throwing: URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
        }
    }

    /// Ends the download with `error` (kept over the cancellation error the task then reports).
    private func fail(_ error: any Error) {
        let first = lock.withLock { () -> Bool in
            guard outcome == nil else { return false }
            outcome = .failure(error)
            return true
        }
        if first { cancelTask() }
    }

    private static func prefix(of file: URL, limit: Int) throws -> Data {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return try handle.read(upToCount: limit) ?? Data()
    }
}
