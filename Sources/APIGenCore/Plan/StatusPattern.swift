/// The statuses one `case` of a generated status switch matches: one code (`404`), or a class of them (`4XX`).
/// Planned as a value so that ordering and matching ask it, and only rendering spells it as Swift.
enum StatusPattern: Hashable, Sendable {
    case code(Int)
    /// `N00...N99` for `NXX`.
    case statusClass(Int)

    /// The pattern of a description's status key; nil for `default` and keys that are no status.
    init?(_ status: String) {
        if let code = Int(status) {
            self = .code(code)
            return
        }
        let upper = status.uppercased()
        guard upper.count == 3, upper.hasSuffix("XX"), let digit = Int(upper.prefix(1)) else { return nil }
        self = .statusClass(digit)
    }

    /// Whether it matches a class of codes (a `case` for it goes after the exact codes, so `404` wins over `4XX`).
    var isClass: Bool {
        if case .statusClass = self { return true }
        return false
    }

    /// The Swift pattern: `404`, `400...499`.
    var swift: String {
        switch self {
        case .code(let code): return String(code)
        case .statusClass(let digit): return "\(digit * 100)...\(digit * 100 + 99)"
        }
    }
}
