/// What makes a parameter valid and which parameter it is: the styles each location allows, and the identity
/// (location and name) by which an operation's parameter replaces the path item's and a duplicate is found.
extension ResolverContext {
    /// The styles OpenAPI allows in each location, the default first.
    static let stylesByLocation: [ParameterLocation: [String]] = [
        .path: ["simple", "label", "matrix"], .query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
        .header: ["simple"], .cookie: ["form", "cookie"],  // `cookie`: OpenAPI 3.2, sent like `form`
        .querystring: [],  // serialised by its `content` media type
    ]

    /// The parameter's `style`, or the location's default when it gives none. One the location does not allow
    /// (`matrix` in a query, `spacedelimited`) is a warning and the default is used: it would otherwise have been sent
    /// in the wrong shape (`;q=` in a query string), or been replaced by the default without a word.
    func parameterStyle(_ node: SpecNode?, location: ParameterLocation) -> String {
        // A location without styles (querystring: its media type serialises it) reads none; "simple" stands in.
        guard let allowed = Self.stylesByLocation[location], !allowed.isEmpty else { return "simple" }
        guard let node, let written = node.string else { return allowed[0] }
        guard allowed.contains(written) else {
            let close = allowed.first { $0.lowercased() == written.lowercased() }
            warning("style '\(SwiftNaming.commentText(written))' is not a style of \(location.rawValue) parameters; "
                    + "the default '\(allowed[0])' is used", at: node,
                    hint: close.map { "did you mean '\($0)'?" } ?? "\(location.rawValue) parameters take "
                        + allowed.joined(separator: ", "))
            return allowed[0]
        }
        if written == "cookie", isBefore32 {
            warning("style 'cookie' is OpenAPI 3.2; this document says \(pathsVersion)", at: node,
                    hint: "it is generated all the same (sent like `form`); set `openapi: 3.2.0` to say so")
        }
        return written
    }

    /// What makes two parameters the same one: the location and the name, case-insensitive for headers (HTTP field
    /// names are).
    /// A `querystring` parameter is the whole query string whatever its name: a second one replaces the first.
    static func identity(name: String, location: ParameterLocation) -> String {
        switch location {
        case .querystring: return location.rawValue
        case .header: return location.rawValue + " " + name.lowercased()
        default: return location.rawValue + " " + name
        }
    }

    static func identity(of parameter: Parameter) -> String { identity(name: parameter.name, location: parameter.location) }

    /// Whether a `querystring` parameter (OpenAPI 3.2) can be generated: it needs `content`, the media type that
    /// serialises the whole query string; `schema` cannot say how (the specification requires `content`). Reported
    /// when it cannot, and when the document is older than 3.2 (it is generated all the same).
    func checkQueryString(_ node: SpecNode, name: String) -> Bool {
        if isBefore32 {
            warning("'in: querystring' is OpenAPI 3.2; this document says \(pathsVersion)", at: node["in"] ?? node,
                    hint: "it is generated all the same; set `openapi: 3.2.0` to say so")
        }
        guard node["content"] != nil else {
            error("querystring parameter '\(SwiftNaming.commentText(name))' needs 'content': the media type that serialises "
                  + "the whole query string", at: node["schema"] ?? node,
                  hint: "write `content: {application/x-www-form-urlencoded: {schema: ...}}` for name=value pairs, or a JSON "
                      + "media type for the JSON text")
            return false
        }
        return true
    }

    /// The one `content` entry of a parameter. OpenAPI allows exactly one; more are reported and the first is used.
    /// `style`, `explode` and `allowReserved` do not apply beside it (the media type serialises the value): reported.
    func contentEntry(of node: SpecNode, name: String) -> SpecNode.Entry? {
        guard let content = node["content"] else { return nil }
        guard let entries = content.entries, let first = entries.first else {
            warning("parameter '\(SwiftNaming.commentText(name))' has no media type under 'content'; it is sent as a string",
                    at: content, hint: "give one media type, e.g. `application/json: {schema: ...}`")
            return nil
        }
        if entries.count > 1 {
            warning("parameter '\(SwiftNaming.commentText(name))' lists \(entries.count) media types under 'content'; "
                    + "the first, '\(SwiftNaming.commentText(first.key))', is used", at: content,
                    hint: "a parameter's content has exactly one entry")
        }
        for field in ["style", "explode", "allowReserved"] {
            guard let written = node.entries?.first(where: { $0.key == field }) else { continue }
            warning("'\(field)' is ignored beside 'content': the media type '\(SwiftNaming.commentText(first.key))' "
                    + "serialises parameter '\(SwiftNaming.commentText(name))'", atKeyOf: written,
                    hint: "remove '\(field)', or describe the parameter by `schema`")
        }
        return first
    }

    /// Where `allowReserved` applies: query parameters, and since OpenAPI 3.2 path parameters (RFC 6570 reserved
    /// expansion) and form-style cookies. Elsewhere it would change nothing, so a description that sets it expects
    /// something apigen does not do: reported.
    func allowsReserved(_ node: SpecNode, location: ParameterLocation) -> Bool {
        let since32 = !isBefore32
        switch location {
        case .query: return true
        case .path: return since32
        case .cookie: return since32 && (node["style"]?.string ?? "form") == "form"
        case .header, .querystring: return false
        }
    }

    func checkAllowReserved(_ node: SpecNode, location: ParameterLocation) {
        guard node["content"] == nil, let written = node.entries?.first(where: { $0.key == "allowReserved" }),
              !allowsReserved(node, location: location) else { return }
        let since32 = !isBefore32
        let applies = since32 ? "query and path parameters and form-style cookies" : "query parameters in OpenAPI \(pathsVersion)"
        warning("'allowReserved' applies to \(applies); it is ignored for this \(location.rawValue) parameter", atKeyOf: written,
                hint: location == .header ? "header values are sent as written: nothing in them is percent-encoded"
                    : "reserved characters in \(location.rawValue) values are percent-encoded")
    }
}
