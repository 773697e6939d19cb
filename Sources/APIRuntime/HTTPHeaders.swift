/// HTTP header fields in order, with case-insensitive lookup by name.
///
/// Repeated names are kept as separate fields. Two header lists are equal when they hold the same fields in the
/// same order, comparing names case-insensitively and values exactly.
public struct HTTPHeaders: Sendable {
    private var fields: [(name: String, value: String)]

    /// An empty list.
    public init() {
        fields = []
    }

    /// The given fields, in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
    }

    /// The value of the first field named `name` (case-insensitive), or nil.
    ///
    /// Setting replaces every field named `name` with one field at the position of the first (or at the end);
    /// setting nil removes them all.
    public subscript(name: String) -> String? {
        get {
            fields.first { Self.same($0.name, name) }?.value
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            if let first = fields.firstIndex(where: { Self.same($0.name, name) }) {
                fields[first].value = newValue
                var index = fields.index(after: first)
                while index < fields.endIndex {
                    if Self.same(fields[index].name, name) {
                        fields.remove(at: index)
                    } else {
                        index += 1
                    }
                }
            } else {
                fields.append((name, newValue))
            }
        }
    }

    /// The values of every field named `name` (case-insensitive), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Appends a field, keeping any existing fields with the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    /// Removes every field named `name` (case-insensitive).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    package static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs.caseInsensitiveEquals(rhs)
    }
}

extension HTTPHeaders: RandomAccessCollection {
    /// The fields' positions.
    public var startIndex: Int { fields.startIndex }

    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }

    /// The field at `position`.
    public subscript(position: Int) -> (name: String, value: String) {
        fields[position]
    }
}

extension HTTPHeaders: Hashable {
    /// Same fields in the same order; names compare case-insensitively.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { same($0.name, $1.name) && $0.value == $1.value }
    }

    /// Hashes lowercased names and values in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// The fields in literal order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { (name: $0.0, value: $0.1) })
    }
}

extension HTTPHeaders: CustomStringConvertible {
    /// One `Name: value` line per field.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}

extension String {
    // Header names are ASCII tokens, so ASCII case folding is enough and avoids Unicode lowercasing.
    fileprivate func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { Self.asciiLower($0) == Self.asciiLower($1) }
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
