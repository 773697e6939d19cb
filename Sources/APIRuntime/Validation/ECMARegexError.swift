/// Why a pattern could not be compiled by ``ECMARegex``.
@_spi(Generated) public struct ECMARegexError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: Sendable, Hashable {
        /// The pattern is not valid ECMA-262 (with the `u` flag, or Annex B in lenient mode).
        case syntax
        /// The pattern is valid ECMA-262 but uses something this engine does not implement
        /// (inline modifier groups such as `(?i:...)`).
        case unsupported
        /// The compiled program would be too large (huge counted repetitions like `(ab){100000}`).
        case tooLarge
    }

    /// The kind of problem.
    public let kind: Kind
    /// The position in the pattern, counted in Unicode scalars from 0.
    public let offset: Int
    /// What is wrong.
    public let message: String

    /// Creates an error.
    public init(kind: Kind, offset: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    /// `at 5: unterminated group`.
    public var description: String {
        "at \(offset): \(message)"
    }
}
