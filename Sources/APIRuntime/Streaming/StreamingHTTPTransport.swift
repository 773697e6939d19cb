import HTTPTypes

/// A transport that can hand a response over as soon as its head arrives, with the body following as a stream.
///
/// ``APIClient/stream(_:operation:)`` uses it when the client's transport adopts it; with any other transport the
/// body is received whole by ``HTTPTransport/send(_:)`` and then delivered as one chunk.
public protocol StreamingHTTPTransport: HTTPTransport {
    /// Sends `request` and returns once the response head arrived; every status is returned as a response.
    /// Throws only when no response head was received. `uploadProgress` receives the bytes sent of a body read from
    /// ``APIRequest/bodyFile``.
    func stream(_ request: APIRequest, uploadProgress: (@Sendable (TransferProgress) -> Void)?) async throws
        -> StreamedHTTPResponse
}

extension StreamingHTTPTransport {
    /// Sends `request` without observing the upload (see ``stream(_:uploadProgress:)``).
    public func stream(_ request: APIRequest) async throws -> StreamedHTTPResponse {
        try await stream(request, uploadProgress: nil)
    }
}
