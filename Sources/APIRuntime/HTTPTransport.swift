import Foundation
import HTTPTypes

/// Sends one HTTP request and returns its response.
///
/// Implementations return every status code as a response; they throw only when no response was received
/// (connection failures, timeouts, cancellation).
///
/// ``send(_:)`` is the one requirement a transport must write. ``stream(_:uploadProgress:)`` hands the response over
/// as soon as its head arrives, with the body following as a stream (server-sent events, JSON Lines, downloads and
/// uploads from a file use it); its default receives the body whole with ``send(_:)`` and delivers it as one chunk,
/// so a transport that can stream (``URLSessionTransport`` does) implements it too.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response, whatever its status.
    func send(_ request: APIRequest) async throws -> APIResponse

    /// Sends `request` and returns once the response head arrived; every status is returned as a response.
    /// Throws only when no response head was received. `uploadProgress` receives the bytes sent of a body read from
    /// ``APIRequest/bodyFile``.
    func stream(_ request: APIRequest, uploadProgress: (@Sendable (TransferProgress) -> Void)?) async throws
        -> StreamedHTTPResponse
}

extension HTTPTransport {
    /// Receives the whole response with ``send(_:)`` and delivers its body as one chunk; a body to upload from
    /// ``APIRequest/bodyFile`` is read into memory first, and `uploadProgress` is not called.
    public func stream(_ request: APIRequest, uploadProgress: (@Sendable (TransferProgress) -> Void)?) async throws
        -> StreamedHTTPResponse {
        var request = request
        if let file = request.bodyFile {
            request.body = try Data(contentsOf: file)
            request.bodyFile = nil
        }
        return StreamedHTTPResponse(try await send(request))
    }

    /// Sends `request` without observing the upload (see ``stream(_:uploadProgress:)``).
    public func stream(_ request: APIRequest) async throws -> StreamedHTTPResponse {
        try await stream(request, uploadProgress: nil)
    }
}
