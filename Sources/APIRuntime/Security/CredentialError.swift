/// Why the runtime could not attach or renew the credentials an operation requires.
public enum CredentialError: Error, Sendable, CustomStringConvertible {
    /// No alternative of the operation's requirements has every credential it needs; `alternatives` lists them
    /// (each as `scheme + scheme`). Thrown before anything is sent.
    case missing(operation: String, alternatives: [String])
    /// ``SchemeCredential/refresh(rejected:scopes:)`` was called on a credential that cannot refresh.
    case notRefreshable
    /// A credential or token could not be renewed after a `401` (a ``SchemeCredential`` of ``CredentialSet`` whose
    /// refresh threw, or `AuthMiddleware` in `APIRuntimeMiddleware`); `underlying` is what the refresh threw. Every
    /// request waiting for that refresh throws it.
    case refreshFailed(underlying: any Error)

    public var description: String {
        switch self {
        case .missing(let operation, let alternatives):
            "\(operation) requires credentials for \(alternatives.joined(separator: " or ")), and none are available; "
                + "configure them in the client's credentials"
        case .notRefreshable:
            "the credential cannot be refreshed"
        case .refreshFailed(let underlying):
            "The session could not be renewed after the server answered 401: \(underlying)"
        }
    }
}
