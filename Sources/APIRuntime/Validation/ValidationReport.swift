/// The outcome of validating one instance.
public struct ValidationReport: Sendable, Hashable, CustomStringConvertible {
    /// The collected errors in the order they were found (at most 100 for a response: the count is bounded so a
    /// huge invalid body cannot make a huge report).
    public let errors: [ValidationError]
    /// Whether validation stopped before checking everything (the error limit was reached), so more errors may
    /// exist.
    public let isTruncated: Bool

    /// Creates a report.
    public init(errors: [ValidationError], isTruncated: Bool = false) {
        self.errors = errors
        self.isTruncated = isTruncated
    }

    /// Whether the instance is valid.
    @inlinable
    public var isValid: Bool { errors.isEmpty }

    /// One error per line, or `valid`.
    public var description: String {
        if errors.isEmpty { return "valid" }
        var lines = errors.map(\.description)
        if isTruncated { lines.append("(validation stopped after \(errors.count) error\(errors.count == 1 ? "" : "s"))") }
        return lines.joined(separator: "\n")
    }
}
