/// What makes a parameter valid and which parameter it is: the styles each location allows, and the identity
/// (location and name) by which an operation's parameter replaces the path item's and a duplicate is found.
extension ResolverContext {
    /// The styles OpenAPI allows in each location, the default first.
    static let stylesByLocation: [ParameterLocation: [String]] = [
        .path: ["simple", "label", "matrix"], .query: ["form", "spaceDelimited", "pipeDelimited", "deepObject"],
        .header: ["simple"], .cookie: ["form", "cookie"],  // `cookie`: OpenAPI 3.2, sent like `form`
    ]

    /// The parameter's `style`, or the location's default when it gives none. One the location does not allow
    /// (`matrix` in a query, `spacedelimited`) is a warning and the default is used: it would otherwise have been sent
    /// in the wrong shape (`;q=` in a query string), or been replaced by the default without a word.
    func parameterStyle(_ node: SpecNode?, location: ParameterLocation) -> String {
        let allowed = Self.stylesByLocation[location] ?? ["simple"]
        guard let node, let written = node.string else { return allowed[0] }
        guard allowed.contains(written) else {
            let close = allowed.first { $0.lowercased() == written.lowercased() }
            warning("style '\(SwiftNaming.commentText(written))' is not a style of \(location.rawValue) parameters; "
                    + "the default '\(allowed[0])' is used", at: node,
                    hint: close.map { "did you mean '\($0)'?" } ?? "\(location.rawValue) parameters take "
                        + allowed.joined(separator: ", "))
            return allowed[0]
        }
        return written
    }

    /// What makes two parameters the same one: the location and the name, case-insensitive for headers (HTTP field
    /// names are).
    static func identity(name: String, location: ParameterLocation) -> String {
        location.rawValue + " " + (location == .header ? name.lowercased() : name)
    }

    static func identity(of parameter: Parameter) -> String { identity(name: parameter.name, location: parameter.location) }
}
