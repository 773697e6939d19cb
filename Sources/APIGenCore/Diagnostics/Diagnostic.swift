/// One finding about the input: an error stops generation, a warning names what was skipped or guessed.
public struct Diagnostic: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious a finding is.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case note, warning, error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Error, warning or note.
    public var severity: Severity
    /// What is wrong, in one sentence.
    public var message: String
    /// Where it is; nil only for findings about the configuration as a whole.
    public var location: SourceLocation?
    /// The JSON pointer of the offending node inside its document, e.g. `/paths/~1members/get`.
    public var pointer: String?
    /// How to fix it.
    public var hint: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation? = nil,
                pointer: String? = nil, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.pointer = pointer
        self.hint = hint
    }

    /// An error at a node.
    public static func error(_ message: String, at node: SpecNode?, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: node?.location, pointer: node?.pointer, hint: hint)
    }

    /// A warning at a node.
    public static func warning(_ message: String, at node: SpecNode?, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: node?.location, pointer: node?.pointer, hint: hint)
    }

    /// This finding, an error made a warning with `reason` (why it stops nothing) added to its hint; a warning or a
    /// note unchanged. For objects that generate no code yet, such as components no operation uses.
    public func downgradedToWarning(because reason: String) -> Diagnostic {
        guard severity == .error else { return self }
        var copy = self
        copy.severity = .warning
        copy.hint = hint.map { $0 + "; " + reason } ?? reason
        return copy
    }

    /// `file:line:col: severity: message`.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(message)"
    }
}

/// Thrown when a stage produced at least one error; carries every diagnostic collected so far.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
    /// All diagnostics, errors and warnings, in source order.
    public var diagnostics: [Diagnostic]

    /// Wraps collected diagnostics.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
