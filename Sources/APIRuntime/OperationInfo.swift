/// Which API operation a request belongs to; passed to middlewares and used in error messages.
public struct OperationInfo: Sendable, Hashable {
    /// The OpenAPI `operationId`.
    public let id: String
    /// The HTTP method, e.g. `GET`.
    public let method: String
    /// The path template, e.g. `/members/{id}`.
    public let path: String
    /// Whether a call may be stored in the offline queue when the network is unreachable and replayed later
    /// (see ``OfflineQueue``). Callers can override it per call with ``RequestOptions/isQueueable``.
    public let isQueueable: Bool

    /// Creates an operation description.
    public init(id: String, method: String, path: String, isQueueable: Bool = false) {
        self.id = id
        self.method = method
        self.path = path
        self.isQueueable = isQueueable
    }
}

extension OperationInfo: CustomStringConvertible {
    /// `id (METHOD path)`.
    public var description: String {
        "\(id) (\(method) \(path))"
    }
}
