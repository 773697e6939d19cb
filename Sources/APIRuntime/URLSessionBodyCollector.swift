import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The delegate of ``URLSessionTransport``'s sessions: collects each task's body as it arrives and stops the task
/// once it passes its limit, so memory stays bounded. (`URLSession.data(for:)` buffers the whole body, and
/// FoundationNetworking has neither `bytes(for:)` nor per-task delegates, hence one delegate per session that
/// routes callbacks by task.)
final class URLSessionBodyCollector: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable {
    /// One task in flight.
    private struct Collection {
        var limit: Int
        var url: URL
        var followsRedirects: Bool
        var body = Data()
        var response: URLResponse?
        var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
    }

    private let lock = NSLock()
    private var collections: [Int: Collection] = [:]
    /// Tasks whose body is handed over as it arrives (``URLSessionTransport/stream(_:)``).
    private var streams: [Int: URLSessionStreamReceiver] = [:]
    /// Download tasks whose body goes to a file (``URLSessionTransport/download(_:to:)``).
    private var downloads: [Int: URLSessionDownloadReceiver] = [:]

    /// Runs `task` (not yet resumed) and returns once its response head arrived; the body follows through
    /// `receiver`. Cancelling the calling task before the head arrived cancels `task`.
    func stream(_ task: URLSessionDataTask, receiver: URLSessionStreamReceiver) async throws -> StreamedHTTPResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                receiver.awaitHead(continuation)
                lock.withLock { streams[task.taskIdentifier] = receiver }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return try receiver.takeHead()
    }

    /// Runs `task` (not yet resumed) and returns once it completed, its body handled by `receiver`. Cancelling the
    /// calling task cancels `task`.
    func download(_ task: URLSessionDownloadTask, receiver: URLSessionDownloadReceiver) async throws -> StreamedHTTPResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                receiver.awaitResponse(continuation)
                lock.withLock { downloads[task.taskIdentifier] = receiver }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return try receiver.takeResponse()
    }

    private func downloadReceiver(_ task: URLSessionTask) -> URLSessionDownloadReceiver? {
        lock.withLock { downloads[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
                    totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64) {
        downloadReceiver(downloadTask)?.wrote(totalBytesWritten, of: totalBytesExpectedToWrite)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        downloadReceiver(downloadTask)?.finished(at: location, response: downloadTask.response)
    }

    private func streamReceiver(_ task: URLSessionTask) -> URLSessionStreamReceiver? {
        lock.withLock { streams[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
                    totalBytesExpectedToSend: Int64) {
        streamReceiver(task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    /// Runs `task` (not yet resumed) and returns its body and response; throws ``APIError/responseTooLarge(url:limit:announcedLength:)`` past `limit`.
    func run(_ task: URLSessionDataTask, url: URL, limit: Int, followsRedirects: Bool = true) async throws -> (Data, URLResponse) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock {
                    collections[task.taskIdentifier] = Collection(limit: limit, url: url, followsRedirects: followsRedirects,
                                                                      continuation: continuation)
                }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Ends the collection of `task` with `result`, once; cancels the task when it ends early.
    private func finish(_ task: URLSessionTask, _ result: Result<(Data, URLResponse), any Error>, cancel: Bool) {
        let continuation = lock.withLock { () -> CheckedContinuation<(Data, URLResponse), any Error>? in
            let continuation = collections[task.taskIdentifier]?.continuation
            collections[task.taskIdentifier]?.continuation = nil
            collections[task.taskIdentifier]?.body = Data()
            if !cancel { collections[task.taskIdentifier] = nil }
            return continuation
        }
        if cancel { task.cancel() }
        continuation?.resume(with: result)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let receiver = streamReceiver(dataTask) {
            receiver.received(response)
            completionHandler(.allow)
            return
        }
        let refused = lock.withLock { () -> APIError? in
            guard let limit = collections[dataTask.taskIdentifier]?.limit, let url = collections[dataTask.taskIdentifier]?.url else {
                return nil
            }
            collections[dataTask.taskIdentifier]?.response = response
            let announced = response.expectedContentLength
            return announced > Int64(limit) ? APIError.responseTooLarge(url: url, limit: limit, announcedLength: announced) : nil
        }
        if let refused {
            completionHandler(.cancel)
            finish(dataTask, .failure(refused), cancel: true)
        } else {
            completionHandler(.allow)
        }
    }

    /// Declining the redirect makes URLSession complete the task with the redirect response and its body (on Linux
    /// the only way to get a 3xx body at all: FoundationNetworking holds it back while it may still follow).
    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        let follows = lock.withLock { collections[task.taskIdentifier]?.followsRedirects ?? true }
        completionHandler(follows ? request : nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if let receiver = streamReceiver(dataTask) {
            receiver.received(data)
            return
        }
        let exceeded = lock.withLock { () -> APIError? in
            let id = dataTask.taskIdentifier
            guard collections[id]?.continuation != nil, let limit = collections[id]?.limit, let count = collections[id]?.body.count,
                  let url = collections[id]?.url else { return nil }
            guard count + data.count <= limit else { return APIError.responseTooLarge(url: url, limit: limit, announcedLength: nil) }
            collections[id]?.body.append(data)  // in place: no copy of what arrived so far
            return nil
        }
        if let exceeded { finish(dataTask, .failure(exceeded), cancel: true) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let receiver = lock.withLock({ streams.removeValue(forKey: task.taskIdentifier) }) {
            receiver.completed(error, response: task.response)
            return
        }
        if let receiver = lock.withLock({ downloads.removeValue(forKey: task.taskIdentifier) }) {
            receiver.completed(error, response: task.response)
            return
        }
        let collection = lock.withLock { collections.removeValue(forKey: task.taskIdentifier) }
        guard let collection, let continuation = collection.continuation else { return }
        if let error {
            continuation.resume(throwing: error)
        } else if let response = collection.response ?? task.response {
            continuation.resume(returning: (collection.body, response))
        } else {
            continuation.resume(throwing: URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: collection.url]))
        }
    }
}
