/// The property names a schema declares, for dispatching object members without string comparisons.
///
/// Every ``JSONObject/Member`` carries a hash of its name computed while parsing, so finding which declared
/// property a member is costs one table probe and (on a hash match) one string comparison. Generated code
/// keeps one table per schema in a `static let`:
///
/// ```swift
/// let properties = JSONPropertyTable(lines: """
///     id
///     name
///     """)
/// ...
/// for member in object {
///     switch Self.properties.index(of: member) {
///     case 0?: ...  // "id"
///     case 1?: ...  // "name"
///     default: ...  // additionalProperties
///     }
/// }
/// if !Self.properties.contains(0, in: object) { ... }  // required: ["id"]
/// ```
@_spi(Generated) public struct JSONPropertyTable: Sendable {
    /// The names, in declaration order; ``index(of:)`` returns positions in this array.
    public let names: [String]
    @usableFromInline let hashes: [UInt32]
    /// Open-addressing slots holding `position + 1` (0 when empty); the count is a power of two.
    @usableFromInline let slots: [Int32]
    @usableFromInline let mask: Int

    /// A table of the names in `lines`, one per line (generated validators write a table as one multi-line string
    /// literal: an array literal of strings compiled to code per element, Docs/performance.md). A name containing a
    /// line break, and an empty name, cannot be written this way; generated code uses ``init(_:)`` for those tables.
    public init(lines: StaticString) {
        // Split on the byte: as Characters, a name ending in a carriage return and the line feed after it would be
        // one grapheme ("\r\n"), and the two names one.
        self.init(lines.withUTF8Buffer { bytes in
            bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        })
    }

    /// Creates a table; repeated names keep their first position.
    public init(_ names: [String]) {
        self.names = names
        hashes = names.map(JSONPropertyTable.hash)
        var size = 4
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: 0, count: size)
        for (position, name) in names.enumerated() where names.firstIndex(of: name) == position {
            var slot = Int(hashes[position]) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(position + 1)
        }
        self.slots = slots
        mask = size - 1
    }

    /// The position of the declared property `member` is, or nil for an undeclared one.
    @inlinable
    public func index(of member: JSONObject.Member) -> Int? {
        find(member.key, hash: member.keyHash)
    }

    /// The position of the declared property named `key`, or nil.
    @inlinable
    public func index(ofKey key: String) -> Int? {
        find(key, hash: JSONPropertyTable.hash(key))
    }

    @inlinable
    func find(_ key: String, hash: UInt32) -> Int? {
        var slot = Int(hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if hashes[entry - 1] == hash && names[entry - 1] == key { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The value of declared property `position` in `object`, or nil when absent.
    @inlinable
    public func value(_ position: Int, in object: JSONObject) -> JSONInstance? {
        guard let memberPosition = object.position(ofKey: names[position], hash: hashes[position]) else { return nil }
        return object[memberPosition].value
    }

    /// Whether `object` has declared property `position` (`required`, `dependentRequired`).
    @inlinable
    public func contains(_ position: Int, in object: JSONObject) -> Bool {
        object.position(ofKey: names[position], hash: hashes[position]) != nil
    }

    /// FNV-1a over the UTF-8 bytes of `key`: the hash ``JSONObject/Member/keyHash`` holds.
    public static func hash(_ key: String) -> UInt32 {
        if let hash = key.utf8.withContiguousStorageIfAvailable(hash) { return hash }
        var copy = key
        return copy.withUTF8(hash)
    }

    /// FNV-1a over `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
