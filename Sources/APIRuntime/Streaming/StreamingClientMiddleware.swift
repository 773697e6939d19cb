import HTTPTypes

/// A middleware that also handles streamed responses (``APIClient/stream(_:operation:)``) itself, seeing the head
/// and leaving the body to the caller.
///
/// A middleware that does not adopt it still runs for streams: its `intercept` gets a response with the streamed
/// head and an empty body, and when it returns a response with the same status the stream's body is kept (so
/// request changes, authentication and retries on a status work unchanged).
public protocol StreamingClientMiddleware: ClientMiddleware {
    /// Handles the streamed request `request` for `operation`, usually by calling `next` once.
    func interceptStream(
        _ request: APIRequest,
        operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse
}

/// Runs any ``ClientMiddleware`` for a streamed request.
enum StreamingMiddlewareAdapter {
    static func intercept(
        _ request: APIRequest, operation: OperationInfo, middleware: any ClientMiddleware,
        next: @escaping @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse {
        if let streaming = middleware as? any StreamingClientMiddleware {
            return try await streaming.interceptStream(request, operation: operation, next: next)
        }
        let latest = Locked<StreamedHTTPResponse?>(nil)
        let head = try await middleware.intercept(request, operation: operation) { request in
            let streamed = try await next(request)
            // A middleware that calls `next` again (a retry, a refreshed token) replaces the earlier response.
            latest.withLock { previous in
                previous?.body.cancel()
                previous = streamed
            }
            return APIResponse(head: streamed.head)
        }
        let streamed = latest.withLock { $0 }
        guard let streamed, streamed.status == head.status else {
            streamed?.body.cancel()
            return StreamedHTTPResponse(head)
        }
        return StreamedHTTPResponse(head: head.head, body: streamed.body)
    }
}
