/// A middleware that keeps data between requests (an HTTP cache, a response store, an offline queue): the one way
/// ``APIClient`` reaches such pieces, without knowing what they are or linking the products that provide them.
///
/// ``APIClient`` calls ``attach(to:)`` once when it is created, for every such middleware in its list, and
/// ``removeData(for:)`` from ``APIClient/removeStoredData(for:)``.
public protocol StatefulMiddleware: ClientMiddleware {
    /// Tells the middleware which client it belongs to (an offline queue replays its entries through it).
    /// The middleware must not keep the client alive: hold it weakly.
    func attach(to client: APIClient)

    /// Removes everything the middleware keeps for `account` (nil: the anonymous partition).
    /// Throws what the underlying storage threw; nothing is removed silently in part without an error.
    func removeData(for account: String?) async throws
}

extension StatefulMiddleware {
    /// Does nothing: most stateful middlewares do not need their client.
    public func attach(to client: APIClient) {}
}
