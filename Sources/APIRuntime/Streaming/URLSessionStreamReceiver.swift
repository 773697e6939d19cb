import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One streamed `URLSession` task as ``URLSessionBodyCollector`` routes its callbacks: hands the head to the
/// waiting caller, the body chunks to a ``BodyChunkBuffer``, and upload progress to the observer.
final class URLSessionStreamReceiver: @unchecked Sendable {
    // Safe to mark @unchecked: `waiter` and `delivered` are touched only while `lock` is held; the rest is immutable.
    private let lock = NSLock()
    private var waiter: CheckedContinuation<Void, any Error>?
    /// The head for the waiter. It travels under `lock`, not as the continuation's value: the head is built on
    /// URLSession's delegate thread and read by the caller's task, and a lock both take is a happens-before edge
    /// ThreadSanitizer sees (handed over as the resumed value, it reported a race on the head's HTTPTypes storage).
    private var delivered: StreamedHTTPResponse?
    private let url: URL
    private let buffer: BodyChunkBuffer
    private let uploadProgress: (@Sendable (TransferProgress) -> Void)?

    /// A receiver for a request to `url`; `limit` bounds the bytes the consumer may fall behind, `cancel` stops the
    /// task.
    init(url: URL, limit: Int, uploadProgress: (@Sendable (TransferProgress) -> Void)?,
         cancel: @escaping @Sendable () -> Void) {
        self.url = url
        self.uploadProgress = uploadProgress
        buffer = BodyChunkBuffer(limit: limit, cancelTransfer: cancel)
    }

    /// Registers the caller waiting for the head; it is resumed once ``takeHead()`` has one (or with the failure).
    func awaitHead(_ continuation: CheckedContinuation<Void, any Error>) {
        lock.withLock { waiter = continuation }
    }

    /// The head the resumed waiter was woken for.
    func takeHead() throws -> StreamedHTTPResponse {
        guard let head = lock.withLock({ () -> StreamedHTTPResponse? in
            defer { delivered = nil }
            return delivered
        }) else { throw URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]) }
        return head
    }

    func received(_ response: URLResponse) {
        guard let continuation = lock.withLock({ () -> CheckedContinuation<Void, any Error>? in
            defer { waiter = nil }
            return waiter
        }) else { return }
        guard let http = response as? HTTPURLResponse else {
            buffer.cancel()
            continuation.resume(throwing: URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
            return
        }
        let head = StreamedHTTPResponse(
            status: http.statusCode, headerFields: URLSessionTransport.headerFields(of: http), body: HTTPBodyStream(buffer: buffer))
        lock.withLock { delivered = head }
        continuation.resume()
    }

    func received(_ data: Data) {
        buffer.append(data)
    }

    func sent(_ total: Int64, of expected: Int64) {
        uploadProgress?(TransferProgress(completedBytes: total, expectedBytes: expected > 0 ? expected : nil))
    }

    func completed(_ error: (any Error)?, response: URLResponse?) {
        let mapped = error.map { URLSessionTransport.normalized($0, url: url) }
        let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
            defer { waiter = nil }
            return waiter
        }
        if let continuation {
            // No head was delivered: the task failed before it (or ended with a response never announced).
            if let mapped {
                continuation.resume(throwing: mapped)
                return
            }
            guard let response else {
                continuation.resume(throwing: URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
                return
            }
            lock.withLock { waiter = continuation }
            received(response)
        }
        buffer.finish(mapped)
    }
}
