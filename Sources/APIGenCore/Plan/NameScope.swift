/// Hands out unique names within one scope (a type's members, a module's types), deterministically:
/// the first claimant keeps the name, later ones get `2`, `3`, … in claim order.
public struct NameScope: Sendable {
    private var taken: Set<String>

    /// Creates a scope with names that are already in use.
    public init(reserved: Set<String> = []) {
        // Lower-cased like every claim: `APIClient` reserved must keep a spec titled "API" from taking `APIClient`.
        taken = Set(reserved.map { $0.lowercased() })
    }

    /// Claims `name`, or the first free `name2`, `name3`, … Returns the claimed name.
    public mutating func claim(_ name: String) -> String {
        if !taken.contains(name.lowercased()) {
            taken.insert(name.lowercased())
            return name
        }
        var counter = 2
        while taken.contains("\(name)\(counter)".lowercased()) { counter += 1 }
        let unique = "\(name)\(counter)"
        taken.insert(unique.lowercased())
        return unique
    }

    /// Whether `name` is free.
    public func isFree(_ name: String) -> Bool { !taken.contains(name.lowercased()) }
}
