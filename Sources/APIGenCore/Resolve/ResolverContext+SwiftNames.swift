/// Swift names written in the spec (`x-apigen-name`, `x-apigen-model`, `x-apigen-field`): they are used as written,
/// so one that is not a valid identifier is an error at its location, never pasted into code or a file name.
extension ResolverContext {
    /// The identifier `node` holds, or nil (with an error diagnostic when it holds something else).
    func swiftName(_ node: SpecNode?, _ keyword: String) -> String? {
        guard let node else { return nil }
        guard let name = node.string, SwiftNaming.isValidIdentifier(name) else {
            let shown = node.string.map { "'\(SwiftNaming.commentText($0))'" } ?? node.kindName
            error("'\(keyword)' must be a Swift identifier (letters, digits and '_', not a keyword), found \(shown)", at: node,
                  hint: "write a name such as 'UserProfile'; apigen never turns this text into code or a file name")
            return nil
        }
        return name
    }
}
