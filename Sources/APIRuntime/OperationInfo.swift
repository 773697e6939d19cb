/// Which API operation a request belongs to; passed to middlewares and used in error messages.
public struct OperationInfo: Sendable, Hashable {
    /// The OpenAPI `operationId`.
    public let id: String
    /// The HTTP method, e.g. `GET`.
    public let method: String
    /// The path template, e.g. `/members/{id}`.
    public let path: String

    /// Creates an operation description.
    public init(id: String, method: String, path: String) {
        self.id = id
        self.method = method
        self.path = path
    }
}

extension OperationInfo: CustomStringConvertible {
    /// `id (METHOD path)`.
    public var description: String {
        "\(id) (\(method) \(path))"
    }
}
