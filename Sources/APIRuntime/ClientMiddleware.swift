import HTTPTypes

/// Intercepts every request an ``APIClient`` sends: authentication, logging, retries, metrics.
///
/// The request's head and the response's head are swift-http-types values (`APIRequest`, `APIResponse`,
/// `HTTPFields`); a middleware that names header fields imports `HTTPTypes`.
///
/// Middlewares run in the order they were given to the client; each calls `next` to continue the chain
/// (the last `next` is the transport) and may change the request before and the response after.
public protocol ClientMiddleware: Sendable {
    /// Handles `request` for `operation`, usually by calling `next` once.
    func intercept(
        _ request: APIRequest,
        operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse
}
