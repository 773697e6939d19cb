/// The parsed form of an ECMA-262 pattern.
indirect enum ECMARegexNode {
    /// Matches the empty string.
    case empty
    /// One code point.
    case scalar(UInt32)
    /// A character class or class escape (`[a-z]`, `\d`, `\p{L}`).
    case set(ECMARegexCharSet)
    /// `.`: any code point but a line terminator.
    case any
    /// Terms in order.
    case sequence([ECMARegexNode])
    /// `a|b|c`.
    case alternation([ECMARegexNode])
    /// `(...)`, `(?:...)` or `(?<name>...)`; `capture` is the 1-based group number.
    case group(ECMARegexNode, capture: Int?)
    /// `(?ims-ims:...)` (ES2025 modifiers): parsed for validity, not compiled.
    case modifiers(ECMARegexNode, offset: Int)
    /// A quantified atom; `max` nil for unbounded.
    case quantified(ECMARegexNode, min: Int, max: Int?, greedy: Bool)
    /// `^`.
    case inputStart
    /// `$`.
    case inputEnd
    /// `\b` or (negated) `\B`.
    case wordBoundary(negated: Bool)
    /// `(?=...)`, `(?!...)`, `(?<=...)`, `(?<!...)`.
    case look(ECMARegexNode, ahead: Bool, negative: Bool)
    /// `\1` or `\k<name>` resolved to a group number.
    case backreference(Int)

    /// Whether the node can match the empty string (for the empty-iteration check of `*` loops).
    var canMatchEmpty: Bool {
        switch self {
        case .empty, .inputStart, .inputEnd, .wordBoundary, .look, .backreference: true
        case .scalar, .set, .any: false
        case .sequence(let nodes): nodes.allSatisfy(\.canMatchEmpty)
        case .alternation(let nodes): nodes.contains(where: \.canMatchEmpty)
        case .group(let node, _), .modifiers(let node, _): node.canMatchEmpty
        case .quantified(let node, let min, _, _): min == 0 || node.canMatchEmpty
        }
    }

    /// The range of capture group numbers inside this node, or nil when it has none.
    var captureRange: ClosedRange<Int>? {
        switch self {
        case .empty, .scalar, .set, .any, .inputStart, .inputEnd, .wordBoundary, .backreference:
            return nil
        case .sequence(let nodes), .alternation(let nodes):
            let ranges = nodes.compactMap(\.captureRange)
            guard let low = ranges.map(\.lowerBound).min(), let high = ranges.map(\.upperBound).max() else { return nil }
            return low...high
        case .group(let node, let capture):
            let inner = node.captureRange
            guard let capture else { return inner }
            return capture...(inner?.upperBound ?? capture)
        case .modifiers(let node, _), .quantified(let node, _, _, _), .look(let node, _, _):
            return node.captureRange
        }
    }
}
