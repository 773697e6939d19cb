/// Why the runtime could not attach the credentials an operation requires; thrown before anything is sent.
public enum CredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No alternative of the operation's requirements has every credential it needs; `alternatives` lists them
    /// (each as `scheme + scheme`).
    case missing(operation: String, alternatives: [String])
    /// ``SchemeCredential/refresh(rejected:scopes:)`` was called on a credential that cannot refresh.
    case notRefreshable

    public var description: String {
        switch self {
        case .missing(let operation, let alternatives):
            "\(operation) requires credentials for \(alternatives.joined(separator: " or ")), and none are available; "
                + "configure them in the client's credentials"
        case .notRefreshable:
            "the credential cannot be refreshed"
        }
    }
}
