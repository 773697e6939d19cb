/// One line of a validator's body, with the facts the emitter decides by: whether it can mark the instance invalid,
/// and whether it only records evaluated members for `unevaluated*`. The emitter keeps `var valid` and binds a kind's
/// payload (`case .object(let object)`) from these facts, never by searching the Swift text it wrote.
struct ValidatorLine: ExpressibleByStringLiteral {
    /// What the line does, as far as the emitter cares.
    enum Role: Equatable {
        /// Any statement: a condition, a loop, a declaration, a call whose result is used by a later line.
        case statement
        /// Marks the instance invalid (`valid = false`, alone or as the tail of a one-line check).
        case invalidates
        /// Records which properties or items were evaluated, for `unevaluated*`; reads nothing of the instance's
        /// payload.
        case annotation
    }

    /// The Swift text, indented relative to the body.
    let text: String
    let role: Role

    init(_ text: String, role: Role = .statement) {
        self.text = text
        self.role = role
    }

    /// A plain statement (a literal without interpolation: a line built from values says what it does).
    init(stringLiteral value: String) {
        self.init(value)
    }

    /// `valid = false`: the line every failure ends with.
    static let markInvalid = ValidatorLine("valid = false", role: .invalidates)

    /// The tail of a one-line check: stop when the context says so, else mark the instance invalid.
    static let failureTail = " { if context.shouldStop { return false }; valid = false }"

    /// `if <condition> { if context.shouldStop { return false }; valid = false }`.
    static func failing(if condition: String) -> ValidatorLine {
        ValidatorLine("if " + condition + failureTail, role: .invalidates)
    }

    /// A line recording evaluated members; the marker comment tells a reader of the generated code why it is there.
    static func annotation(_ text: String) -> ValidatorLine {
        ValidatorLine(text + " // __unevaluated", role: .annotation)
    }

    /// The same line one level deeper.
    var indented: ValidatorLine { ValidatorLine("    " + text, role: role) }
}

extension Array where Element == ValidatorLine {
    /// Every line one level deeper.
    var indented: [ValidatorLine] { map(\.indented) }

    /// Whether any line can mark the instance invalid.
    var invalidates: Bool { contains { $0.role == .invalidates } }

    /// Whether the lines read the payload of the kind case they sit in: every check of an object, array, string
    /// or number reads it; only annotation bookkeeping does not.
    var readsPayload: Bool { contains { $0.role != .annotation } }

    /// The Swift text of the lines.
    var texts: [String] { map(\.text) }
}
