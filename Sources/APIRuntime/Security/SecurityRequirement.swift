/// One security requirement of an operation: every scheme in it must be satisfied together (AND).
///
/// An operation lists alternatives (OR) in ``OperationInfo/security``; a requirement without schemes is the
/// anonymous alternative (`{}` in the API description).
@_spi(Generated) public struct SecurityRequirement: Sendable, Hashable {
    /// A scheme the requirement needs, with the OAuth 2 / OpenID Connect scopes (or roles) it asks for.
    public struct Use: Sendable, Hashable {
        /// The scheme.
        public let scheme: SecurityScheme
        /// The scopes, in the order the API description lists them.
        public let scopes: [String]

        /// Creates a use of `scheme` with `scopes`.
        public init(_ scheme: SecurityScheme, scopes: [String] = []) {
            self.scheme = scheme
            self.scopes = scopes
        }
    }

    /// The schemes that must all be satisfied; empty for the anonymous alternative.
    public let schemes: [Use]

    /// Creates a requirement of all of `schemes`.
    public init(_ schemes: [Use]) {
        self.schemes = schemes
    }

    /// Whether the requirement needs no credential.
    public var isAnonymous: Bool { schemes.isEmpty }
}

extension SecurityRequirement: CustomStringConvertible {
    /// `bearerAuth + sessionCookie`, `oauth[read write]`, or `anonymous`.
    public var description: String {
        guard !schemes.isEmpty else { return "anonymous" }
        return schemes.map { use in
            use.scopes.isEmpty ? use.scheme.name : "\(use.scheme.name)[\(use.scopes.joined(separator: " "))]"
        }.joined(separator: " + ")
    }
}
