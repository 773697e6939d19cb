import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One streamed `URLSession` task as ``URLSessionBodyCollector`` routes its callbacks: hands the head to the
/// waiting caller, the body chunks to a ``BodyChunkBuffer``, and upload progress to the observer.
final class URLSessionStreamReceiver: @unchecked Sendable {
    // Safe to mark @unchecked: `head` is touched only while `lock` is held; the rest is immutable.
    private let lock = NSLock()
    private var head: CheckedContinuation<StreamedHTTPResponse, any Error>?
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

    func awaitHead(_ continuation: CheckedContinuation<StreamedHTTPResponse, any Error>) {
        lock.withLock { head = continuation }
    }

    func received(_ response: URLResponse) {
        guard let continuation = lock.withLock({ () -> CheckedContinuation<StreamedHTTPResponse, any Error>? in
            defer { head = nil }
            return head
        }) else { return }
        guard let http = response as? HTTPURLResponse else {
            buffer.cancel()
            continuation.resume(throwing: URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url]))
            return
        }
        continuation.resume(returning: StreamedHTTPResponse(
            status: http.statusCode, headerFields: URLSessionTransport.headerFields(of: http), body: HTTPBodyStream(buffer: buffer)))
    }

    func received(_ data: Data) {
        buffer.append(data)
    }

    func sent(_ total: Int64, of expected: Int64) {
        uploadProgress?(TransferProgress(completedBytes: total, expectedBytes: expected > 0 ? expected : nil))
    }

    func completed(_ error: (any Error)?, response: URLResponse?) {
        let mapped = error.map { URLSessionTransport.normalized($0, url: url) }
        let continuation = lock.withLock { () -> CheckedContinuation<StreamedHTTPResponse, any Error>? in
            defer { head = nil }
            return head
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
            lock.withLock { head = continuation }
            received(response)
        }
        buffer.finish(mapped)
    }
}
