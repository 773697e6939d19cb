import Foundation

/// A node of a loaded document: JSON's data model, with the source location and JSON pointer of every node.
/// Mapping keys keep their document order, so everything derived from a node is deterministic.
public struct SpecNode: Sendable {
    /// One key of a mapping with the location of the key itself.
    public struct Entry: Sendable {
        /// The key as text (`200:` becomes `"200"`).
        public var key: String
        /// Where the key is written.
        public var keyLocation: SourceLocation
        /// The value.
        public var value: SpecNode
    }

    /// The content of a node.
    public indirect enum Content: Sendable {
        case scalar(ScalarValue)
        case mapping([Entry])
        case sequence([SpecNode])
    }

    /// The content.
    public var content: Content
    /// Where the node starts.
    public var location: SourceLocation
    /// JSON pointer from the document root (empty string for the root).
    public var pointer: String

    /// Creates a node.
    public init(_ content: Content, location: SourceLocation, pointer: String) {
        self.content = content
        self.location = location
        self.pointer = pointer
    }

    /// The entries when this is a mapping, else nil.
    public var entries: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// This mapping without the entries whose keys are in `keys` (same location and pointer).
    func removingKeys(_ keys: Set<String>) -> SpecNode {
        guard let entries else { return self }
        return SpecNode(.mapping(entries.filter { !keys.contains($0.key) }), location: location, pointer: pointer)
    }

    /// The elements when this is a sequence, else nil.
    public var elements: [SpecNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// The scalar when this is one, else nil.
    public var scalar: ScalarValue? {
        if case .scalar(let value) = content { return value }
        return nil
    }

    /// The string value when this is a string scalar.
    public var string: String? { scalar?.string }

    /// The boolean value when this is a boolean scalar.
    public var bool: Bool? {
        if case .bool(let value) = scalar { return value }
        return nil
    }

    /// The numeric value of an integer or floating-point scalar.
    public var number: Double? {
        switch scalar {
        case .int(let value): return Double(value)
        case .double(let value, _): return value
        default: return nil
        }
    }

    /// The integer value when this is an integral scalar.
    public var int: Int? {
        switch scalar {
        case .int(let value): return value
        case .double(let value, _) where value.rounded() == value && abs(value) < 9e15: return Int(value)
        default: return nil
        }
    }

    /// Whether this is a mapping.
    public var isMapping: Bool { entries != nil }

    /// The value for `key` when this is a mapping (first occurrence).
    public subscript(key: String) -> SpecNode? {
        guard let entries else { return nil }
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// The entry for `key` when this is a mapping.
    public func entry(_ key: String) -> Entry? {
        entries?.first { $0.key == key }
    }

    /// A short name for the kind of node, for error messages.
    public var kindName: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(.string): return "a string"
        case .scalar(.null): return "null"
        case .scalar(.bool): return "a boolean"
        case .scalar: return "a number"
        }
    }

    /// Follows a JSON pointer (already split and unescaped) from this node.
    public func descend(_ tokens: [String]) -> SpecNode? {
        var node = self
        for token in tokens {
            switch node.content {
            case .mapping:
                guard let next = node[token] else { return nil }
                node = next
            case .sequence(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                node = elements[index]
            case .scalar:
                return nil
            }
        }
        return node
    }
}

/// JSON pointer escaping (RFC 6901).
public enum JSONPointer {
    /// Escapes one reference token.
    public static func escape(_ token: String) -> String {
        // Called for every key of every loaded document: most tokens need no escaping.
        let tilde = UInt8(ascii: "~"), slash = UInt8(ascii: "/")
        guard token.utf8.contains(where: { $0 == tilde || $0 == slash }) else { return token }
        // Media types (`application/json`) and paths take this branch; Foundation's `replacingOccurrences` cost
        // ~28,000 instructions a call here.
        var escaped: [UInt8] = []
        escaped.reserveCapacity(token.utf8.count + 8)
        for byte in token.utf8 {
            switch byte {
            case tilde: escaped += [tilde, UInt8(ascii: "0")]
            case slash: escaped += [tilde, UInt8(ascii: "1")]
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Splits and unescapes a pointer; `""` and `"/"`-rooted pointers are accepted. Percent-decoding
    /// (URI fragment form) is applied first.
    public static func tokens(_ pointer: String) -> [String]? {
        // On the bytes of contiguous storage: every schema's pointer is split while naming, and the generic
        // `UTF8View` split and scan cost more than the rest of naming a schema.
        var pointer = pointer
        let hasPercent = pointer.withUTF8 { $0.contains(UInt8(ascii: "%")) }
        guard hasPercent else { return split(pointer) }
        let decoded = pointer.removingPercentEncoding ?? pointer
        return split(decoded)
    }

    /// Splits an already percent-decoded pointer at `/` and unescapes each token.
    private static func split(_ pointer: String) -> [String]? {
        var pointer = pointer
        return pointer.withUTF8 { bytes -> [String]? in
            guard let first = bytes.first else { return [] }
            guard first == UInt8(ascii: "/") else { return nil }
            var tokens: [String] = []
            var start = 1
            var hasTilde = false
            for index in 1...bytes.count {
                if index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                    let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    tokens.append(hasTilde ? unescape(token) : String(decoding: token, as: UTF8.self))
                    start = index + 1
                    hasTilde = false
                } else if bytes[index] == UInt8(ascii: "~") {
                    hasTilde = true
                }
            }
            return tokens
        }
    }

    /// Appends a token to a pointer.
    public static func appending(_ pointer: String, _ token: String) -> String {
        pointer + "/" + escape(token)
    }

    /// Undoes `escape`: `~1` is `/` and `~0` is `~`, read left to right, so `~01` is `~1`. A `~` followed by
    /// anything else is kept as written. Byte-wise for the same reason as `escape`: paths (`~1users~1{id}`) are
    /// in nearly every pointer of a description.
    private static func unescape(_ token: UnsafeBufferPointer<UInt8>) -> String {
        let tilde = UInt8(ascii: "~")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(token.count)
        var pendingTilde = false
        for byte in token {
            if pendingTilde {
                pendingTilde = false
                switch byte {
                case UInt8(ascii: "1"): bytes.append(UInt8(ascii: "/")); continue
                case UInt8(ascii: "0"): bytes.append(tilde); continue
                default: bytes.append(tilde)
                }
            }
            if byte == tilde { pendingTilde = true } else { bytes.append(byte) }
        }
        if pendingTilde { bytes.append(tilde) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
