import APIRuntime

/// A middleware that sets one header field on every request.
struct HeaderAdding: ClientMiddleware {
    let name: String
    let value: String

    func intercept(_ request: HTTPRequest, operation: OperationInfo,
                   next: @Sendable (HTTPRequest) async throws -> HTTPResponse) async throws -> HTTPResponse {
        var request = request
        request.headers[name] = value
        return try await next(request)
    }
}
