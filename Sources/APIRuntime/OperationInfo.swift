/// Which API operation a request belongs to; passed to middlewares and used in error messages.
public struct OperationInfo: Sendable, Hashable {
    /// The OpenAPI `operationId`.
    public let id: String
    /// The HTTP method, e.g. `GET`.
    public let method: String
    /// The path template, e.g. `/members/{id}`.
    public let path: String
    /// Whether a call may be stored in the offline queue when the network is unreachable and replayed later
    /// (see `OfflineQueue` in `APIRuntimeOffline`). Callers can override it per call with
    /// ``RequestOptions/isQueueable``.
    public let isQueueable: Bool
    /// The operation's security requirements as the API description states them (its own `security`, else the
    /// top-level one): alternatives, any one of which is enough. `[]` means no credentials (`security: []`); nil
    /// means the description says nothing, and the runtime attaches no credentials of its own (middlewares such
    /// as `AuthMiddleware` still may).
    ///
    /// Generated code's: an app reads ``securityDescription``, or `RequestContext.current?.credentialSchemes` for the
    /// schemes a request carries.
    @_spi(Generated) public let security: [SecurityRequirement]?

    /// Creates an operation description without security requirements (the runtime attaches no credentials).
    public init(id: String, method: String, path: String, isQueueable: Bool = false) {
        self.init(id: id, method: method, path: path, isQueueable: isQueueable, security: nil)
    }

    /// Creates an operation description with the requirements the API description states.
    @_spi(Generated) public init(id: String, method: String, path: String, isQueueable: Bool = false,
                                 security: [SecurityRequirement]?) {
        self.id = id
        self.method = method
        self.path = path
        self.isQueueable = isQueueable
        self.security = security
    }

    /// Whether the API description declares that the operation takes no credentials (`security: []`, or only
    /// the anonymous alternative `{}`).
    public var forbidsCredentials: Bool {
        security.map { $0.allSatisfy(\.isAnonymous) } ?? false
    }

    /// The requirements as one line, e.g. `bearerAuth OR partnerKey + sessionCookie`, `none` for `security: []`,
    /// `undeclared` when the description says nothing: for logs and conformance harnesses.
    public var securityDescription: String {
        guard let security else { return "undeclared" }
        return security.isEmpty ? "none" : security.map(\.description).joined(separator: " OR ")
    }
}

extension OperationInfo: CustomStringConvertible {
    /// `id (METHOD path)`.
    public var description: String {
        "\(id) (\(method) \(path))"
    }
}
