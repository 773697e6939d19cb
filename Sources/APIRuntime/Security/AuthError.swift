/// A credential or token could not be renewed after a `401` (`AuthMiddleware` in `APIRuntimeMiddleware`, and the
/// credentials of ``CredentialSet`` whose ``CredentialRefresh`` threw).
public enum AuthError: Error, CustomStringConvertible {
    /// The provider could not renew the token after a `401`; `underlying` is what it threw.
    case refreshFailed(underlying: any Error)

    /// Explains the error.
    public var description: String {
        switch self {
        case .refreshFailed(let underlying):
            "The session could not be renewed after the server answered 401: \(underlying)"
        }
    }
}
