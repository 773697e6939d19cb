import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport: FileDownloadingTransport {
    /// Sends `request` and returns as soon as the response head arrived; the body follows as it is received.
    ///
    /// Uses the session's delegate (``makeSession(configuration:)``, also on Apple platforms, so one code path serves
    /// both); with a session made otherwise the body is received whole first. A request with
    /// ``APIRequest/bodyFile`` is uploaded from disk, reporting to `uploadProgress` on a `URLSession` queue. The body
    /// may fall at most ``maxResponseSize`` bytes behind the network before the transfer is stopped
    /// (``APIError/streamConsumerTooSlow(limit:)``); a file sink (downloads) never falls behind.
    public func stream(_ request: APIRequest, uploadProgress: (@Sendable (TransferProgress) -> Void)?) async throws
        -> StreamedHTTPResponse {
        guard let collector = session.delegate as? URLSessionBodyCollector else {
            return StreamedHTTPResponse(try await send(request))
        }
        let task = task(for: urlRequest(for: request), bodyFile: request.bodyFile)
        let receiver = URLSessionStreamReceiver(
            url: request.url, limit: maxResponseSize, uploadProgress: uploadProgress,
            cancel: { task.cancel() })
        return try await collector.stream(task, receiver: receiver)
    }

    /// Downloads `request` with a download task, which writes the body to a temporary file on the thread that reads
    /// the socket (see ``FileDownloadingTransport``), then moves a `2xx` body to `target`'s file. Falls back to
    /// ``stream(_:uploadProgress:)`` with a session not made by ``makeSession(configuration:)``.
    func download(_ request: APIRequest, to target: DownloadTarget) async throws -> StreamedHTTPResponse {
        guard let collector = session.delegate as? URLSessionBodyCollector else {
            return try await stream(request, uploadProgress: nil)
        }
        let task = session.downloadTask(with: urlRequest(for: request))
        let receiver = URLSessionDownloadReceiver(url: request.url, target: target, cancel: { task.cancel() })
        return try await collector.download(task, receiver: receiver)
    }

    /// `error` as callers expect it: FoundationNetworking's "transfer closed with N bytes remaining" becomes
    /// `URLError(.networkConnectionLost)`, as on Apple platforms.
    static func normalized(_ error: any Error, url: URL) -> any Error {
        guard let urlError = error as? URLError, isTruncatedTransfer(urlError) else { return error }
        return URLError(.networkConnectionLost, userInfo: [
            NSURLErrorFailingURLErrorKey: url, NSUnderlyingErrorKey: urlError as NSError,
            NSLocalizedDescriptionKey: "the connection closed before the whole body arrived",
        ])
    }
}
