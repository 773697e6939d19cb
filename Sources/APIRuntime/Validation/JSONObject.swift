/// The members of a JSON object in document order, with fast lookup by name.
///
/// Iteration follows the order of first appearance in the document, so `additionalProperties` and
/// `patternProperties` errors come out deterministically. A name is never held twice: ``JSONParser`` keeps a
/// repeated name's first value (as `JSONDecoder` does), ``init(_:)`` its last (as dictionary literals do). Objects with up to ``linearSearchLimit`` members are searched
/// linearly (faster than hashing for a handful of short keys); larger ones carry a hash index.
@_spi(Generated) public struct JSONObject: Sendable, RandomAccessCollection {
    /// One name/value pair.
    public struct Member: Sendable {
        /// The member name.
        public let key: String
        /// The member value.
        public var value: JSONInstance
        /// ``JSONPropertyTable/hash(_:)`` of ``key``, computed once when parsing.
        public let keyHash: UInt32

        /// Creates a member.
        public init(key: String, value: JSONInstance) {
            self.init(key: key, value: value, keyHash: JSONPropertyTable.hash(key))
        }

        /// Creates a member whose key hash is already known.
        @usableFromInline
        internal init(key: String, value: JSONInstance, keyHash: UInt32) {
            self.key = key
            self.value = value
            self.keyHash = keyHash
        }
    }

    /// Objects with at most this many members have no hash index.
    public static let linearSearchLimit = 16

    @usableFromInline internal var members: [Member]
    @usableFromInline internal var lookup: [String: Int]?

    /// Creates an object from members whose names are already unique.
    @usableFromInline
    internal init(uniqueMembers: [Member]) {
        members = uniqueMembers
        lookup = nil
        if uniqueMembers.count > JSONObject.linearSearchLimit {
            var index: [String: Int] = [:]
            index.reserveCapacity(uniqueMembers.count)
            for (position, member) in uniqueMembers.enumerated() { index[member.key] = position }
            lookup = index
        }
    }

    /// Creates an object from unique members and their prebuilt index.
    internal init(members: [Member], lookup: [String: Int]) {
        self.members = members
        self.lookup = lookup
    }

    /// Creates an object from pairs in order; a repeated name keeps its last value at its first position.
    public init(_ pairs: some Sequence<(String, JSONInstance)>) {
        var members: [Member] = []
        var index: [String: Int] = [:]
        for (key, value) in pairs {
            if let existing = index[key] {
                members[existing].value = value
            } else {
                index[key] = members.count
                members.append(Member(key: key, value: value))
            }
        }
        self.init(uniqueMembers: members)
    }

    /// An empty object.
    @inlinable
    public init() {
        self.init(uniqueMembers: [])
    }

    /// The value of the member named `key`, or nil.
    @inlinable
    public subscript(key: String) -> JSONInstance? {
        guard let position = position(ofKey: key) else { return nil }
        return members[position].value
    }

    /// Whether a member named `key` exists.
    @inlinable
    public func contains(key: String) -> Bool {
        position(ofKey: key) != nil
    }

    /// The position of the member named `key`, or nil.
    @inlinable
    public func position(ofKey key: String) -> Int? {
        if let lookup { return lookup[key] }
        // Comparing byte counts first skips the comparatively slow unequal-string path of `==`.
        let length = key.utf8.count
        var position = 0
        let count = members.count
        while position < count {
            let candidate = members[position].key
            if candidate.utf8.count == length && candidate == key { return position }
            position += 1
        }
        return nil
    }

    /// The position of the member named `key` whose ``JSONPropertyTable/hash(_:)`` is `hash`, or nil.
    @inlinable
    public func position(ofKey key: String, hash: UInt32) -> Int? {
        if let lookup { return lookup[key] }
        var position = 0
        let count = members.count
        while position < count {
            if members[position].keyHash == hash && members[position].key == key { return position }
            position += 1
        }
        return nil
    }

    /// The member names in document order.
    @inlinable
    public var keys: [String] {
        members.map(\.key)
    }

    /// The first position.
    @inlinable public var startIndex: Int { 0 }
    /// One past the last position.
    @inlinable public var endIndex: Int { members.count }
    /// The member at `position`.
    @inlinable public subscript(position: Int) -> Member { members[position] }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object in literal order; a repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONInstance)...) {
        self.init(elements)
    }
}

extension JSONObject: Hashable {
    /// Structural equality: the same names with equal values, regardless of order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for member in lhs.members {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }

    /// An order-independent hash consistent with structural equality.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for member in members {
            var memberHasher = Hasher()
            memberHasher.combine(member.key)
            memberHasher.combine(member.value)
            combined = combined &+ memberHasher.finalize()
        }
        hasher.combine(members.count)
        hasher.combine(combined)
    }
}
