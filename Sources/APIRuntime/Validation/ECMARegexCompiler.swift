/// One code point test: a scalar, a class, or `.`; ASCII membership is inline so that ASCII input never
/// touches the class object.
struct ECMARegexSingle: Sendable {
    enum Kind: UInt8, Sendable {
        case scalar
        case set
        case any
    }

    let kind: Kind
    let scalar: UInt32
    let asciiLow: UInt64
    let asciiHigh: UInt64
    let setIndex: Int

    static func scalar(_ value: UInt32) -> ECMARegexSingle {
        ECMARegexSingle(kind: .scalar, scalar: value, asciiLow: 0, asciiHigh: 0, setIndex: 0)
    }

    /// `.`: everything but LF and CR among ASCII; U+2028/U+2029 are checked for other code points.
    static let any = ECMARegexSingle(kind: .any, scalar: 0, asciiLow: ~(1 << 10 | 1 << 13), asciiHigh: ~0, setIndex: 0)
}

/// A compiled instruction of the backtracking matcher. Positions are byte offsets in UTF-8 input;
/// `backward` instructions read leftwards (inside lookbehinds).
enum ECMARegexInstruction: Sendable {
    case single(ECMARegexSingle, backward: Bool)
    case repeatSingle(ECMARegexSingle, min: Int, max: Int, greedy: Bool, backward: Bool)
    /// Try `first`; on failure resume at `second`.
    case split(first: Int, second: Int)
    case jump(Int)
    case save(Int)
    /// Resets capture slots `from..<to` (ECMA-262 clears a quantified group's captures per iteration).
    case clear(from: Int, to: Int)
    case inputStart
    case inputEnd
    case wordBoundary(negated: Bool)
    /// A lookaround whose body starts at the next instruction and ends with `succeed`; `next` follows it.
    case look(ahead: Bool, negative: Bool, next: Int)
    case backreference(Int, backward: Bool)
    /// Records the position in a register (for the empty-iteration check).
    case progressSave(Int)
    /// Fails when the position has not moved since the matching `progressSave`.
    case progressCheck(Int)
    case succeed
}

/// Turns ``ECMARegexNode``s into an ``ECMARegexProgram``.
struct ECMARegexCompiler {
    /// Programs larger than this are refused (counted repetitions are expanded).
    static let maxInstructions = 100_000

    private var instructions: [ECMARegexInstruction] = []
    private var sets: [ECMARegexCharSet] = []
    private var registerCount = 0
    private let captureCount: Int
    private let trackCaptures: Bool

    init(captureCount: Int, trackCaptures: Bool) {
        self.captureCount = captureCount
        self.trackCaptures = trackCaptures
    }

    /// Compiles a whole pattern.
    static func compile(_ node: ECMARegexNode, captureCount: Int, hasBackreferences: Bool) throws(ECMARegexError) -> ECMARegexProgram {
        var compiler = ECMARegexCompiler(captureCount: captureCount, trackCaptures: hasBackreferences)
        try compiler.emit(node, backward: false)
        compiler.instructions.append(.succeed)
        let captureSlots = hasBackreferences ? 2 * (captureCount + 1) : 0
        return ECMARegexProgram(
            instructions: compiler.instructions,
            sets: compiler.sets,
            captureSlotCount: captureSlots,
            slotCount: captureSlots + compiler.registerCount
        )
    }

    private var registerBase: Int { trackCaptures ? 2 * (captureCount + 1) : 0 }

    private mutating func append(_ instruction: ECMARegexInstruction) throws(ECMARegexError) {
        guard instructions.count < ECMARegexCompiler.maxInstructions else {
            throw ECMARegexError(kind: .tooLarge, offset: 0, message: "pattern compiles to more than \(ECMARegexCompiler.maxInstructions) instructions")
        }
        instructions.append(instruction)
    }

    /// The single-code-point matcher for `node`, when it is one.
    private mutating func single(for node: ECMARegexNode) -> ECMARegexSingle? {
        switch node {
        case .scalar(let scalar):
            return .scalar(scalar)
        case .any:
            return .any
        case .set(let set):
            if let scalar = set.singleScalar { return .scalar(scalar) }
            sets.append(set)
            return ECMARegexSingle(kind: .set, scalar: 0, asciiLow: set.asciiLow, asciiHigh: set.asciiHigh, setIndex: sets.count - 1)
        case .group(let inner, let capture) where capture == nil || !trackCaptures:
            return single(for: inner)
        default:
            return nil
        }
    }

    private mutating func emit(_ node: ECMARegexNode, backward: Bool) throws(ECMARegexError) {
        switch node {
        case .empty:
            return
        case .scalar, .any, .set:
            try append(.single(single(for: node)!, backward: backward))
        case .sequence(let nodes):
            for item in backward ? nodes.reversed() : nodes {
                try emit(item, backward: backward)
            }
        case .alternation(let alternatives):
            var exits: [Int] = []
            for (index, alternative) in alternatives.enumerated() {
                if index == alternatives.count - 1 {
                    try emit(alternative, backward: backward)
                } else {
                    let split = instructions.count
                    try append(.jump(-1))  // patched
                    try emit(alternative, backward: backward)
                    exits.append(instructions.count)
                    try append(.jump(-1))  // patched
                    instructions[split] = .split(first: split + 1, second: instructions.count)
                }
            }
            for exit in exits { instructions[exit] = .jump(instructions.count) }
        case .group(let body, let capture):
            guard trackCaptures, let capture else {
                try emit(body, backward: backward)
                return
            }
            try append(.save(backward ? 2 * capture + 1 : 2 * capture))
            try emit(body, backward: backward)
            try append(.save(backward ? 2 * capture : 2 * capture + 1))
        case .modifiers(_, let offset):
            throw ECMARegexError(kind: .unsupported, offset: offset, message: "modifier groups (?ims-ims:...) are not supported")
        case .quantified(let body, let min, let max, let greedy):
            try emitQuantified(body, min: min, max: max, greedy: greedy, backward: backward)
        case .inputStart:
            try append(.inputStart)
        case .inputEnd:
            try append(.inputEnd)
        case .wordBoundary(let negated):
            try append(.wordBoundary(negated: negated))
        case .look(let body, let ahead, let negative):
            let look = instructions.count
            try append(.jump(-1))  // patched
            try emit(body, backward: !ahead)
            try append(.succeed)
            instructions[look] = .look(ahead: ahead, negative: negative, next: instructions.count)
        case .backreference(let group):
            if trackCaptures && group <= captureCount {
                try append(.backreference(group, backward: backward))
            }
        }
    }

    private mutating func emitQuantified(_ body: ECMARegexNode, min: Int, max: Int?, greedy: Bool, backward: Bool) throws(ECMARegexError) {
        if max == 0 { return }
        if let single = single(for: body) {
            try append(.repeatSingle(single, min: min, max: max ?? Int.max, greedy: greedy, backward: backward))
            return
        }
        let captures = trackCaptures ? body.captureRange : nil
        func iteration(_ compiler: inout ECMARegexCompiler) throws(ECMARegexError) {
            if let captures { try compiler.append(.clear(from: 2 * captures.lowerBound, to: 2 * (captures.upperBound + 1))) }
            try compiler.emit(body, backward: backward)
        }
        for _ in 0..<min { try iteration(&self) }
        if let max {
            var splits: [Int] = []
            for _ in min..<max {
                splits.append(instructions.count)
                try append(.jump(-1))  // patched
                try iteration(&self)
            }
            let end = instructions.count
            for split in splits {
                instructions[split] = greedy ? .split(first: split + 1, second: end) : .split(first: end, second: split + 1)
            }
        } else {
            let loop = instructions.count
            try append(.jump(-1))  // patched
            var register: Int?
            if body.canMatchEmpty {
                register = registerBase + registerCount
                registerCount += 1
                try append(.progressSave(register!))
            }
            try iteration(&self)
            if let register { try append(.progressCheck(register)) }
            try append(.jump(loop))
            let end = instructions.count
            instructions[loop] = greedy ? .split(first: loop + 1, second: end) : .split(first: end, second: loop + 1)
        }
    }
}
