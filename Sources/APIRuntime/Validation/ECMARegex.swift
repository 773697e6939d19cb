/// An ECMA-262 regular expression (as JSON Schema's `pattern`, `patternProperties` and `format: regex`
/// specify), compiled once and safe to share between threads.
///
/// Generated validators keep them in `static let`s:
///
/// ```swift
/// static let namePattern = ECMARegex(compiling: "^[a-z]+$")
/// ...
/// if !Self.namePattern.matches(name) { ctx.fail(...) }
/// ```
///
/// Matching follows ECMA-262 with the `u` flag rather than ICU or Foundation conventions: the search is
/// unanchored (`RegExp.prototype.test`), `\d` and `\w` are ASCII-only, `\s` is ECMA-262 white space
/// (including U+FEFF and every `Zs`), `$` matches only at the very end (not before a final newline),
/// `.` excludes only LF, CR, U+2028 and U+2029, `\cX`, `\p{Letter}`/`\p{Script=Greek}` and friends,
/// lookbehind of any width, named groups and backreferences are supported, and code points outside the
/// BMP are single characters. The engine is a backtracking matcher working directly on the string's UTF-8
/// bytes; a step budget guards against catastrophic backtracking. An invalid pattern never traps: it is
/// thrown by ``init(_:syntax:)`` or recorded in ``compileError`` by ``init(compiling:syntax:)``.
@_spi(Generated) public final class ECMARegex: Sendable {
    /// Which grammar patterns are parsed with.
    public enum Syntax: Sendable, Hashable {
        /// ECMA-262 with the `u` flag, exactly (the reference for `format: regex`).
        case unicode
        /// Also accepts Annex B leniencies common in real-world schemas (`\-` outside a class, `\a`, lone
        /// `{`/`}`/`]`, octal escapes), still matching with Unicode semantics.
        case lenient
    }

    /// The result of ``evaluate(_:)``.
    public enum Outcome: Sendable, Hashable {
        /// The pattern matches somewhere in the string.
        case match
        /// It does not.
        case noMatch
        /// The pattern did not compile (see ``compileError``).
        case invalidPattern
        /// Matching needed more than ``stepBudget(forLength:)`` steps (pathological backtracking).
        case stepLimitExceeded
    }

    /// The pattern source.
    public let pattern: String
    /// The grammar it was parsed with.
    public let syntax: Syntax
    /// Why the pattern did not compile, or nil when it did.
    public let compileError: ECMARegexError?
    private let program: ECMARegexProgram?

    /// Compiles `pattern`, throwing when it is invalid or unsupported.
    public init(_ pattern: String, syntax: Syntax = .unicode) throws(ECMARegexError) {
        self.pattern = pattern
        self.syntax = syntax
        program = try ECMARegex.compile(pattern, syntax: syntax)
        compileError = nil
    }

    /// Compiles `pattern` without throwing: when it is invalid, ``compileError`` says why, ``isValid`` is
    /// false and every match attempt fails. Meant for `static let`s in generated code.
    public init(compiling pattern: String, syntax: Syntax = .unicode) {
        self.pattern = pattern
        self.syntax = syntax
        do throws(ECMARegexError) {
            program = try ECMARegex.compile(pattern, syntax: syntax)
            compileError = nil
        } catch {
            program = nil
            compileError = error
        }
    }

    /// Whether the pattern compiled.
    public var isValid: Bool { program != nil }

    /// Whether the pattern matches anywhere in `string` (false for an invalid pattern or when the step
    /// budget runs out; use ``evaluate(_:)`` to tell those apart).
    @inlinable
    public func matches(_ string: String) -> Bool {
        evaluate(string) == .match
    }

    /// Searches `string`, telling a non-match from an invalid pattern or an exhausted step budget.
    public func evaluate(_ string: String) -> Outcome {
        guard let program else { return .invalidPattern }
        let search = { (bytes: UnsafeBufferPointer<UInt8>) in
            program.search(bytes, stepBudget: ECMARegex.stepBudget(forLength: bytes.count))
        }
        let found: Bool?
        if let result = string.utf8.withContiguousStorageIfAvailable(search) {
            found = result
        } else {
            var copy = string
            found = copy.withUTF8(search)
        }
        switch found {
        case true?: return .match
        case false?: return .noMatch
        case nil: return .stepLimitExceeded
        }
    }

    /// ``evaluate(_:)`` drawing its steps from `stepsLeft`, shared by several matches (a validation run): the
    /// match gets at most what is left (and at most ``stepBudget(forLength:)``), and what it took is subtracted.
    public func evaluate(_ string: String, stepsLeft: inout Int) -> Outcome {
        guard let program else { return .invalidPattern }
        guard stepsLeft > 0 else { return .stepLimitExceeded }
        var used = 0
        let budget = stepsLeft
        let search = { (bytes: UnsafeBufferPointer<UInt8>) in
            program.search(bytes, stepBudget: min(budget, ECMARegex.stepBudget(forLength: bytes.count)), stepsUsed: &used)
        }
        let found: Bool?
        if let result = string.utf8.withContiguousStorageIfAvailable(search) {
            found = result
        } else {
            var copy = string
            found = copy.withUTF8(search)
        }
        stepsLeft -= used
        switch found {
        case true?: return .match
        case false?: return .noMatch
        case nil: return .stepLimitExceeded
        }
    }

    /// The matcher steps allowed for an input of `length` bytes: ten million plus a thousand per byte, at most
    /// ``maxStepBudget``. One step costs about 15-20 ns in a release build, so a match gives up after at most about
    /// 2 seconds whatever the pattern and the input (Docs/validation.md, "Regular expression step budget").
    public static func stepBudget(forLength length: Int) -> Int {
        min(10_000_000 + 1_000 * min(length, maxStepBudget / 1_000), maxStepBudget)
    }

    /// The most steps one match may take: without a cap, a 32 MiB string from a server would buy a catastrophic
    /// pattern some 33 billion steps (about ten minutes).
    public static let maxStepBudget = 100_000_000

    /// The syntax error in `pattern`, or nil when it is a valid ECMA-262 pattern (what `format: regex`
    /// asserts). Patterns using features this engine cannot run, such as modifier groups, are valid here. A pattern
    /// with groups nested deeper than 200 is parsed only to that depth (deeper would risk the stack): nil then means
    /// no syntax error was found before it, and compiling it reports `.tooLarge`.
    public static func syntaxError(in pattern: String, syntax: Syntax = .unicode) -> ECMARegexError? {
        var parser = ECMARegexParser(pattern: pattern, lenient: syntax == .lenient)
        do throws(ECMARegexError) {
            _ = try parser.parse()
            return nil
        } catch {
            return error.kind == .syntax ? error : nil
        }
    }

    /// Whether `pattern` is a valid ECMA-262 pattern (with the `u` flag).
    public static func isValidSyntax(_ pattern: String) -> Bool {
        syntaxError(in: pattern) == nil
    }

    /// A shared compiled instance for `pattern`, compiled on first use (for patterns only known at run
    /// time; generated code should prefer its own `static let`s).
    public static func cached(_ pattern: String, syntax: Syntax = .unicode) -> ECMARegex {
        let key = CacheKey(pattern: pattern, syntax: syntax)
        if let regex = cache.withLock({ $0[key] }) { return regex }
        let regex = ECMARegex(compiling: pattern, syntax: syntax)
        return cache.withLock { entries in
            if entries.count >= 1_000 { entries.removeAll() }
            if let existing = entries[key] { return existing }
            entries[key] = regex
            return regex
        }
    }

    private struct CacheKey: Hashable {
        let pattern: String
        let syntax: Syntax
    }

    private static let cache = Locked<[CacheKey: ECMARegex]>([:])

    private static func compile(_ pattern: String, syntax: Syntax) throws(ECMARegexError) -> ECMARegexProgram {
        var parser = ECMARegexParser(pattern: pattern, lenient: syntax == .lenient)
        let node = try parser.parse()
        return try ECMARegexCompiler.compile(node, captureCount: parser.captureCount, hasBackreferences: parser.hasBackreferences)
    }
}

extension ECMARegex: CustomStringConvertible {
    /// The pattern between slashes, e.g. `/^[a-z]+$/u`.
    public var description: String {
        "/\(pattern)/u"
    }
}
