/// Intercepts every request an ``APIClient`` sends: authentication, logging, retries, metrics.
///
/// Middlewares run in the order they were given to the client; each calls `next` to continue the chain
/// (the last `next` is the transport) and may change the request before and the response after.
public protocol ClientMiddleware: Sendable {
    /// Handles `request` for `operation`, usually by calling `next` once.
    func intercept(
        _ request: HTTPRequest,
        operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse
}
