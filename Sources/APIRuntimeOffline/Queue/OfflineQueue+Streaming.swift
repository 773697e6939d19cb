import APIRuntime
import APIRuntimeStore

// A stream is live: the queue passes it untouched and never stores it for later.

extension OfflineQueue: StreamingClientMiddleware {
    /// Passes the stream through: a stream is live, so it is never queued for later.
    public func interceptStream(
        _ request: HTTPRequest, operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse {
        try await next(request)
    }
}
