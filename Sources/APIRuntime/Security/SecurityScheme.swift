/// One entry of the API description's `components.securitySchemes` (Swagger 2.0: `securityDefinitions`): how a
/// credential travels with a request.
///
/// Generated clients declare one static value per scheme (in `<Client>.SecuritySchemes`) and list, per operation,
/// which schemes it requires (``OperationInfo/security``).
@_spi(Generated) public struct SecurityScheme: Sendable, Hashable {
    /// Where an API key goes.
    public enum APIKeyLocation: String, Sendable, Hashable {
        /// A header field named after the scheme's `name`.
        case header
        /// A query parameter named after the scheme's `name`.
        case query
        /// A cookie named after the scheme's `name`, added to the `Cookie` header field.
        case cookie
    }

    /// The kind of scheme and what it needs to be sent.
    public enum Kind: Sendable, Hashable {
        /// `type: apiKey`: the key as the header field, query parameter or cookie called `name`.
        case apiKey(name: String, location: APIKeyLocation)
        /// `type: http`: `Authorization: <scheme> <value>`; `bearer` and `basic` as usual (any case in the spec).
        case http(scheme: String)
        /// `type: oauth2` (any flow): an access token sent as `Authorization: Bearer <token>`.
        case oauth2
        /// `type: openIdConnect`: an access token sent as `Authorization: Bearer <token>`.
        case openIdConnect
        /// `type: mutualTLS`: a client certificate configured on the transport; nothing is added to requests.
        case mutualTLS
    }

    /// The scheme's key in `securitySchemes`, e.g. `bearerAuth`.
    public let name: String
    /// How the credential is sent.
    public let kind: Kind

    /// Creates a scheme description.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Whether the scheme's credential is an access token that may be renewed after a `401`.
    public var sendsBearerToken: Bool {
        switch kind {
        case .oauth2, .openIdConnect: true
        case .http(let scheme): scheme.lowercased() == "bearer"
        case .apiKey, .mutualTLS: false
        }
    }
}

extension SecurityScheme: CustomStringConvertible {
    /// `name (kind)`, e.g. `partnerKey (apiKey in header X-Partner-Key)`.
    public var description: String {
        switch kind {
        case .apiKey(let field, let location): "\(name) (apiKey in \(location.rawValue) \(field))"
        case .http(let scheme): "\(name) (http \(scheme))"
        case .oauth2: "\(name) (oauth2)"
        case .openIdConnect: "\(name) (openIdConnect)"
        case .mutualTLS: "\(name) (mutualTLS)"
        }
    }
}
