/// Patterns are compiled when generating: an invalid one is an error at its location (at run time it would reject
/// every value), one the matcher cannot run is a warning and its check is left out.
extension ResolverContext {
    func checkPatterns(in node: SpecNode) {
        let lenient = lenientPatternDocuments.contains(node.location.file)
        if let written = node["pattern"], let pattern = written.string {
            report(pattern, keyword: "pattern", at: written.location, pointer: written.pointer, lenient: lenient)
        }
        for entry in node["patternProperties"]?.entries ?? [] {
            report(entry.key, keyword: "patternProperties", at: entry.keyLocation, pointer: entry.value.pointer, lenient: lenient)
        }
    }

    private func report(_ pattern: String, keyword: String, at location: SourceLocation, pointer: String, lenient: Bool) {
        guard let problem = PatternCheck.problem(in: pattern, lenient: lenient) else { return }
        let shown = SwiftNaming.commentText(pattern)
        switch problem.kind {
        case .syntax:
            diagnostics.append(Diagnostic(.error, "'\(keyword)' /\(shown)/ is not a valid ECMA-262 regular expression: \(problem)",
                                          at: location, pointer: pointer,
                                          hint: "patterns are ECMA-262 (JavaScript) regular expressions" + (lenient ? "" : " with the `u` flag")))
        case .unsupported, .tooLarge:
            diagnostics.append(Diagnostic(.warning, "'\(keyword)' /\(shown)/ cannot be checked: \(problem); the check is left out of the validator",
                                          at: location, pointer: pointer))
        }
    }
}
