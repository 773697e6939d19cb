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
        guard let problem = PatternCheck.problem(in: pattern, lenient: lenient) else {
            if let foreign = Self.foreignSyntax(in: pattern) {
                diagnostics.append(Diagnostic(.warning, "'\(keyword)' /\(SwiftNaming.commentText(pattern))/ uses \(foreign.text), "
                                              + "which \(foreign.meaning)", at: location, pointer: pointer, hint: foreign.hint))
            }
            return
        }
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

    /// Syntax of another regex engine that ECMA-262's lenient grammar (OpenAPI documents' patterns) accepts with another
    /// meaning, so the validator silently checks something else: a backslash before a letter ECMA-262 gives no meaning
    /// (`\A`, `\z`: Ruby's, PCRE's and Python's anchors are the letters A and z here), and POSIX bracket classes
    /// (`[[:alpha:]]` is a class of `[`, `:`, `a`, `l`, … followed by a literal `]`).
    static func foreignSyntax(in pattern: String) -> (text: String, meaning: String, hint: String)? {
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                let next = characters[index + 1]
                if next.isASCII, next.isLetter, !"bBdDsSwWfnrtvcxukpP".contains(next) {
                    let anchors: [Character: String] = ["A": "^", "z": "$", "Z": "$"]
                    return ("'\\\(next)'", "ECMA-262 reads as the letter '\(next)': the validator checks that letter",
                            anchors[next].map { "patterns are ECMA-262 (JavaScript) regular expressions: write \($0) for \\\(next)" }
                                ?? "patterns are ECMA-262 (JavaScript) regular expressions, where '\\\(next)' means no more than '\(next)'")
                }
                index += 2
                continue
            }
            if character == "[", index + 2 < characters.count, characters[index + 1] == "[", characters[index + 2] == ":" {
                let rest = String(characters[(index + 3)...])
                if let end = rest.range(of: ":]"), !rest[..<end.lowerBound].isEmpty,
                   rest[..<end.lowerBound].allSatisfy({ $0.isASCII && $0.isLetter }) {
                    let name = String(rest[..<end.lowerBound])
                    return ("the POSIX class '[:\(name):]'", "ECMA-262 does not know: the validator reads a class of the characters "
                            + "'[', ':' and the letters of '\(name)', then a literal ']'",
                            "write the class out, e.g. [a-zA-Z] for [[:alpha:]] or [0-9] for [[:digit:]]")
                }
            }
            index += 1
        }
        return nil
    }
}
