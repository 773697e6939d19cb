/// Reading `securitySchemes` and `security` requirements.
extension ResolverContext {
    /// The declared schemes in document order; schemes of unknown or invalid shape are reported and left out. A scheme
    /// that is a remote reference (`https://…`, which apigen does not read) and that no requirement of `root` or
    /// `operations` names is left out with a warning: it changes nothing generated, and refusing the whole description
    /// for it (the OpenAPI Initiative's own examples have one) helps nobody.
    func securitySchemes(in root: SpecNode, operations: [Operation]) -> [SecuritySchemeDefinition] {
        let required = Set(([root["security"]] + operations.map { $0.node["security"] })
            .flatMap { $0?.elements ?? [] }.flatMap { $0.entries?.map(\.key) ?? [] })
        guard let written = root["components"]?["securitySchemes"], let schemes = dereference(written) else { return [] }
        guard let entries = schemes.entries else {
            error("'components.securitySchemes' must be a mapping, found \(schemes.kindName)", at: schemes)
            return []
        }
        return entries.filter { !$0.key.hasPrefix("x-") }.compactMap { entry in
            if let reference = entry.value["$ref"]?.string, !required.contains(entry.key),
               reference.lowercased().hasPrefix("http://") || reference.lowercased().hasPrefix("https://") {
                warning("security scheme '\(SwiftNaming.commentText(entry.key))' is a remote reference, which apigen does not read; "
                        + "no operation requires it, so it is left out", at: entry.value["$ref"],
                        hint: "download the document and refer to it by a relative path if operations are to use it")
                return nil
            }
            guard let node = dereference(entry.value) else { return nil }
            guard let kind = securityKind(of: node, name: entry.key) else { return nil }
            return SecuritySchemeDefinition(name: entry.key, kind: kind, description: node["description"]?.string, node: node)
        }
    }

    private func securityKind(of node: SpecNode, name: String) -> SecuritySchemeDefinition.Kind? {
        guard let type = node["type"]?.string else {
            error("security scheme '\(name)' needs a 'type'", at: node,
                  hint: "one of apiKey, http, oauth2, openIdConnect, mutualTLS")
            return nil
        }
        switch type {
        case "apiKey":
            guard let field = node["name"]?.string, !field.isEmpty else {
                error("apiKey security scheme '\(name)' needs a 'name' (the header, query parameter or cookie)", at: node)
                return nil
            }
            guard let place = node["in"]?.string, let location = ParameterLocation(rawValue: place), location != .path else {
                error("apiKey security scheme '\(name)' needs 'in' to be one of header, query, cookie", at: node["in"] ?? node)
                return nil
            }
            if location == .header || location == .cookie, !Self.isFieldName(field) {
                error("apiKey security scheme '\(SwiftNaming.commentText(name))': \(location.rawValue) name "
                      + "'\(SwiftNaming.commentText(field))' is not an HTTP token; it could inject header fields or not be sendable at all",
                      at: node["name"], hint: "header and cookie names are RFC 9110 tokens: letters, digits and !#$%&'*+-.^_`|~")
                return nil
            }
            return .apiKey(name: field, location: location)
        case "http":
            guard let scheme = node["scheme"]?.string, !scheme.isEmpty,
                  scheme.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                error("http security scheme '\(name)' needs a 'scheme' token such as bearer or basic", at: node["scheme"] ?? node)
                return nil
            }
            return .http(scheme: scheme)
        case "oauth2":
            var scopes: [String] = []
            for flow in node["flows"]?.entries ?? [] {
                for scope in flow.value["scopes"]?.entries ?? [] where !scopes.contains(scope.key) {
                    scopes.append(scope.key)
                }
            }
            return .oauth2(scopes: scopes)
        case "openIdConnect":
            return .openIdConnect
        case "mutualTLS":
            return .mutualTLS
        default:
            warning("security scheme '\(name)' has type '\(type)', which apigen does not know; it is skipped", at: node["type"],
                    hint: "use one of apiKey, http, oauth2, openIdConnect, mutualTLS")
            return nil
        }
    }

    /// A `security` list: alternatives, each a list of schemes that apply together. Requirements naming an
    /// undeclared or a skipped scheme are left out with a warning.
    func securityRequirements(_ node: SpecNode?, declared: [SecuritySchemeDefinition], skipped: Set<String>)
        -> [[SecuritySchemeUse]]? {
        guard let node else { return nil }
        guard let elements = node.elements else {
            error("'security' must be a list of requirements, found \(node.kindName)", at: node,
                  hint: "write `security: []` for none, or `- schemeName: []` per alternative")
            return nil
        }
        var alternatives: [[SecuritySchemeUse]] = []
        alternatives: for element in elements {
            guard let entries = element.entries else {
                error("a security requirement must be a mapping of scheme names to scopes, found \(element.kindName)", at: element)
                continue
            }
            var uses: [SecuritySchemeUse] = []
            for entry in entries {
                if skipped.contains(entry.key) {
                    warning("this security requirement names '\(entry.key)', a skipped scheme; the alternative is left out",
                            at: entry.value)
                    continue alternatives
                }
                // A warning, not an error: real descriptions often name schemes they never declare, and the rest
                // of the client is still worth generating. The alternative is left out, never guessed.
                guard declared.contains(where: { $0.name == entry.key }) else {
                    let names = declared.map(\.name)
                    warning("security requirement names '\(entry.key)', which components.securitySchemes does not declare; "
                            + "this alternative is left out", at: entry.value,
                            hint: names.isEmpty ? "declare it under components.securitySchemes"
                                : "declared schemes: \(names.joined(separator: ", "))")
                    continue alternatives
                }
                let scopes = entry.value.elements?.compactMap { $0.scalar?.description } ?? []
                uses.append(SecuritySchemeUse(scheme: entry.key, scopes: scopes))
            }
            alternatives.append(uses)
        }
        // Nothing usable is left of a non-empty list: that is not `security: []`, which would send no credentials.
        return alternatives.isEmpty && !elements.isEmpty ? nil : alternatives
    }
}
