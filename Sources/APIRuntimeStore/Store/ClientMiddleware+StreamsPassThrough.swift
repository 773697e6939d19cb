import APIRuntime
import HTTPTypes

// Stores keep whole bodies; a streamed body passes them untouched and is never stored or served from them.

extension HTTPCache {
    /// Passes the stream through: the HTTP cache neither stores nor serves streamed bodies.
    public func interceptStream(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse {
        try await next(request)
    }
}

extension ResponseStore {
    /// Passes the stream through: the response store neither stores nor serves streamed bodies.
    public func interceptStream(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse {
        try await next(request)
    }
}
