/// One entry of `components.securitySchemes` (Swagger 2.0: `securityDefinitions`), as read.
public struct SecuritySchemeDefinition: Sendable {
    /// How the scheme's credential travels.
    public enum Kind: Sendable, Equatable {
        /// `type: apiKey` with its `name` and `in` (header, query or cookie).
        case apiKey(name: String, location: ParameterLocation)
        /// `type: http` with its `scheme` as written (`bearer`, `basic`, `digest`, ...).
        case http(scheme: String)
        /// `type: oauth2`: the scopes its flows declare, in order, without duplicates.
        case oauth2(scopes: [String])
        /// `type: openIdConnect`.
        case openIdConnect
        /// `type: mutualTLS` (a transport-level client certificate).
        case mutualTLS
    }

    /// The key in `securitySchemes`.
    public var name: String
    public var kind: Kind
    public var description: String?
    public var node: SpecNode
}

/// A scheme an operation's security requirement names, with the scopes it asks for.
public struct SecuritySchemeUse: Sendable, Equatable {
    /// The key in `securitySchemes`.
    public var scheme: String
    public var scopes: [String]
}
