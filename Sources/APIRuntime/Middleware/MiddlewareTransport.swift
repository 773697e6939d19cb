import HTTPTypes

/// An ``HTTPTransport`` that runs middlewares around another transport, for components that take a transport
/// rather than an ``APIClient`` (`DownloadCache`, `ProbeReachability`) but need auth or logging.
///
/// Middlewares see an ``OperationInfo`` with the given id, the request's method and URL path.
public struct MiddlewareTransport: HTTPTransport {
    private let transport: any HTTPTransport
    private let middlewares: [any ClientMiddleware]
    private let operationID: String

    /// `transport` wrapped in `middlewares` (the first sees the request first).
    public init(transport: any HTTPTransport, middlewares: [any ClientMiddleware], operationID: String = "download") {
        self.transport = transport
        self.middlewares = middlewares
        self.operationID = operationID
    }

    /// Runs `request` through the middlewares and the transport.
    public func send(_ request: APIRequest) async throws -> APIResponse {
        let operation = OperationInfo(id: operationID, method: request.method.rawValue, path: request.url.path)
        let transport = transport
        var next: @Sendable (APIRequest) async throws -> APIResponse = { try await transport.send($0) }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { try await middleware.intercept($0, operation: operation, next: inner) }
        }
        return try await next(request)
    }
}
