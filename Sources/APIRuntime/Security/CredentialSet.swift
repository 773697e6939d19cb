/// The credentials a client may send, by security scheme name (the keys of the API description's
/// `securitySchemes`). Generated clients build it from their typed `Credentials`, which has exactly one property
/// per declared scheme; hand-written clients can fill it directly.
public struct CredentialSet: Sendable {
    /// The configured credentials by scheme name.
    public let credentials: [String: any SchemeCredential]

    /// A set with `credentials` by scheme name.
    public init(_ credentials: [String: any SchemeCredential] = [:]) {
        self.credentials = credentials
    }

    /// The credential configured for `scheme`, if any.
    public subscript(scheme: String) -> (any SchemeCredential)? {
        credentials[scheme]
    }
}
