import HTTPTypes

/// Intercepts every request an ``APIClient`` sends: authentication, logging, retries, metrics.
///
/// The request's head and the response's head are swift-http-types values (`APIRequest`, `APIResponse`,
/// `HTTPFields`); a middleware that names header fields imports `HTTPTypes`.
///
/// Middlewares run in the order they were given to the client; each calls `next` to continue the chain
/// (the last `next` is the transport) and may change the request before and the response after.
///
/// ``intercept(_:operation:next:)`` is the one requirement a middleware must write; it also runs for streamed
/// responses (``APIClient/stream(_:operation:)``), through the default ``interceptStream(_:operation:next:)``.
/// A middleware that must see a stream itself (to log its head without buffering its body, to pass it untouched)
/// implements ``interceptStream(_:operation:next:)`` too.
///
/// A middleware that keeps data between requests (an HTTP cache, a response store, an offline queue) implements
/// ``removeData(for:)``, and ``attach(to:)`` when it needs its client: the one way ``APIClient`` reaches such
/// pieces, without knowing what they are or linking the products that provide them. ``APIClient`` calls
/// ``attach(to:)`` once when it is created, for every middleware in its list, and ``removeData(for:)`` from
/// ``APIClient/removeStoredData(for:)``.
public protocol ClientMiddleware: Sendable {
    /// Handles `request` for `operation`, usually by calling `next` once.
    func intercept(
        _ request: APIRequest,
        operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse

    /// Handles the streamed request `request` for `operation`, usually by calling `next` once; the body is left to
    /// the caller.
    func interceptStream(
        _ request: APIRequest,
        operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse

    /// Tells the middleware which client it belongs to (an offline queue replays its entries through it).
    /// The middleware must not keep the client alive: hold it weakly.
    func attach(to client: APIClient)

    /// Removes everything the middleware keeps for `account` (nil: the anonymous partition).
    /// Throws what the underlying storage threw; nothing is removed silently in part without an error.
    func removeData(for account: String?) async throws
}

extension ClientMiddleware {
    /// Does nothing: most middlewares do not need their client.
    public func attach(to client: APIClient) {}

    /// Does nothing: a middleware that keeps no data has nothing to remove.
    public func removeData(for account: String?) async throws {}

    /// Runs ``intercept(_:operation:next:)`` for a streamed request: it gets a response with the streamed head and
    /// an empty body, and when it returns a response with the same status the stream's body is kept (so request
    /// changes, authentication and retries on a status work unchanged); a response of another status replaces the
    /// stream.
    public func interceptStream(
        _ request: APIRequest,
        operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse
    ) async throws -> StreamedHTTPResponse {
        let latest = Locked<StreamedHTTPResponse?>(nil)
        let head = try await intercept(request, operation: operation) { request in
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
