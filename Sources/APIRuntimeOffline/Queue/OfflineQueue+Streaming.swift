import APIRuntime
import APIRuntimeStore
import HTTPTypes

// A stream is live: the queue passes it untouched and never stores it for later.

extension OfflineQueue {
    /// Passes the stream through: a stream is live, so it is never queued for later.
    public func interceptStream(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse {
        try await next(request)
    }
}
