/// Plans the security part of the client: one `SecurityScheme` constant and one credential property per declared
/// scheme, and for each operation the requirements the runtime receives and its doc comment states.
struct SecurityPlanner {
    let schemes: [SecuritySchemePlan]
    /// Where generated code finds the scheme constants, e.g. `MemberAPI.SecuritySchemes`.
    private let namespace: String
    private let memberNames: [String: String]

    init(api: ResolvedAPI, clientName: String) {
        var scope = NameScope(reserved: ["init", "credentialSet"])
        var names: [String: String] = [:]
        schemes = api.securitySchemes.map { definition in
            let member = SwiftNaming.escapedMember(scope.claim(SwiftNaming.memberName(definition.name)))
            names[definition.name] = member
            return Self.plan(definition, memberName: member)
        }
        memberNames = names
        namespace = clientName + ".SecuritySchemes"
    }

    /// The `security:` argument of the operation's `OperationInfo`, e.g.
    /// `[SecurityRequirement([.init(MemberAPI.SecuritySchemes.bearerAuth)])]`.
    func literal(_ security: [[SecuritySchemeUse]]) -> String {
        let requirements = security.map { uses in
            let items = uses.compactMap { use -> String? in
                guard let member = memberNames[use.scheme] else { return nil }
                let scopes = use.scopes.isEmpty ? "" : ", scopes: [" + use.scopes.map(SwiftNaming.stringLiteral).joined(separator: ", ") + "]"
                return ".init(\(namespace).\(member)\(scopes))"
            }
            return "SecurityRequirement([" + items.joined(separator: ", ") + "])"
        }
        return "[" + requirements.joined(separator: ", ") + "]"
    }

    /// The requirements as typed values for custom templates.
    func requirements(_ security: [[SecuritySchemeUse]]) -> [SecurityRequirementPlan] {
        security.map { uses in
            SecurityRequirementPlan(schemes: uses.map { SecurityUsePlan(scheme: $0.scheme, scopes: $0.scopes) })
        }
    }

    /// The sentence for the operation's doc comment, e.g. ``Security: `partnerKey` or `legacyKey` ``.
    func docLines(_ security: [[SecuritySchemeUse]]) -> [String] {
        if security.allSatisfy(\.isEmpty) { return ["Security: none; the call never carries credentials."] }
        let alternatives = security.map { uses -> String in
            guard !uses.isEmpty else { return "no credentials" }
            return uses.map { use in
                let name = "`" + use.scheme.replacingOccurrences(of: "`", with: "'") + "`"
                return use.scopes.isEmpty ? name : name + " (scopes: " + use.scopes.joined(separator: ", ") + ")"
            }.joined(separator: " and ")
        }
        return SwiftNaming.docLines("Security: " + alternatives.joined(separator: " or ") + ".")
    }

    private static func plan(_ definition: SecuritySchemeDefinition, memberName: String) -> SecuritySchemePlan {
        let nameLiteral = SwiftNaming.stringLiteral(definition.name)
        let kindLiteral: String
        let credentialType: String?
        let summary: String
        switch definition.kind {
        case .apiKey(let field, let location):
            kindLiteral = ".apiKey(name: \(SwiftNaming.stringLiteral(field)), location: .\(location.rawValue))"
            credentialType = "APIKeyCredential"
            summary = "an API key in the \(location.rawValue) `\(field)`"
        case .http(let scheme):
            kindLiteral = ".http(scheme: \(SwiftNaming.stringLiteral(scheme)))"
            switch scheme.lowercased() {
            case "bearer": credentialType = "BearerCredential"
            case "basic": credentialType = "BasicCredential"
            default: credentialType = "HTTPAuthorizationCredential"
            }
            let spelled = ["bearer": "Bearer", "basic": "Basic"][scheme.lowercased()] ?? scheme
            summary = "HTTP `\(scheme)` authentication (`Authorization: \(spelled) ...`)"
        case .oauth2(let scopes):
            kindLiteral = ".oauth2"
            credentialType = "BearerCredential"
            summary = "an OAuth 2 access token (sent as a bearer token)" + (scopes.isEmpty ? "" : "; scopes: " + scopes.joined(separator: ", "))
        case .openIdConnect:
            kindLiteral = ".openIdConnect"
            credentialType = "BearerCredential"
            summary = "an OpenID Connect access token (sent as a bearer token)"
        case .mutualTLS:
            kindLiteral = ".mutualTLS"
            credentialType = nil
            summary = "a TLS client certificate, configured on the transport"
        }
        let title = "`" + definition.name.replacingOccurrences(of: "`", with: "'") + "`: " + summary + "."
        let docs = SwiftNaming.docLines(title) + SwiftNaming.docLines(definition.description).prefix(1).map { $0 }
        return SecuritySchemePlan(
            memberName: memberName, nameLiteral: nameLiteral, kindLiteral: kindLiteral,
            credentialType: credentialType ?? "", hasCredential: credentialType != nil, docLines: docs)
    }
}
