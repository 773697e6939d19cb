import APIRuntime
import Foundation
import HTTPTypes

extension LoggingMiddleware {
    /// Whether the response being logged is a streamed head (its body is not logged nor counted).
    @TaskLocal static var isStreaming = false

    /// Logs the request and the streamed head (`bytes: streamed`), never the body, which stays with the caller.
    public func interceptStream(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse {
        let streamed = Locked<StreamedHTTPResponse?>(nil)
        _ = try await Self.$isStreaming.withValue(true) {
            try await intercept(request, operation: operation) { request in
                let response = try await next(request)
                streamed.withLock { $0 = response }
                return APIResponse(head: response.head)
            }
        }
        guard let response = streamed.withLock({ $0 }) else {
            throw APIError.invalidRequest("the logging middleware returned without sending the request")
        }
        return response
    }
}
