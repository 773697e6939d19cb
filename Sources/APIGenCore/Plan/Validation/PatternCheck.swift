/// `pattern` and `patternProperties` checked when generating, with the runtime's own ECMA-262 parser and compiler
/// (the files in `ECMARegex/` are links to `Sources/APIRuntime/Validation/`, so the two can never disagree).
enum PatternCheck {
    /// Why `pattern` cannot run in a generated validator, or nil when it compiles.
    static func problem(in pattern: String, lenient: Bool) -> ECMARegexError? {
        var parser = ECMARegexParser(pattern: pattern, lenient: lenient)
        do throws(ECMARegexError) {
            let node = try parser.parse()
            _ = try ECMARegexCompiler.compile(node, captureCount: parser.captureCount, hasBackreferences: parser.hasBackreferences)
            return nil
        } catch {
            return error
        }
    }

    /// Whether documents of `dialect` get the lenient (Annex B) grammar, as ``ValidatorEmitter/regexSyntax(_:)`` says.
    static func isLenient(_ dialect: ResolverContext.Dialect) -> Bool {
        dialect == .openAPI30 || dialect == .openAPI31
    }
}
