import HTTPTypes

extension HTTPTransport {
    /// This transport with `middlewares` run around it (the first sees the request first), for components that take
    /// a transport rather than an ``APIClient`` (`DownloadCache`, `ProbeReachability`) but need auth or logging:
    /// `URLSessionTransport().intercepted(by: [auth, logging])`.
    ///
    /// Middlewares see an ``OperationInfo`` with id `operationID` and the request's method and URL path.
    public func intercepted(by middlewares: [any ClientMiddleware], operationID: String = "download") -> any HTTPTransport {
        MiddlewareTransport(transport: self, middlewares: middlewares, operationID: operationID)
    }
}

/// An ``HTTPTransport`` that runs middlewares around another transport (``HTTPTransport/intercepted(by:operationID:)``).
struct MiddlewareTransport: HTTPTransport {
    private let transport: any HTTPTransport
    private let middlewares: [any ClientMiddleware]
    private let operationID: String

    /// `transport` wrapped in `middlewares` (the first sees the request first).
    init(transport: any HTTPTransport, middlewares: [any ClientMiddleware], operationID: String = "download") {
        self.transport = transport
        self.middlewares = middlewares
        self.operationID = operationID
    }

    /// Runs `request` through the middlewares and the transport.
    func send(_ request: APIRequest) async throws -> APIResponse {
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
