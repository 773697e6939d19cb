/// Exact, allocation-free predicates for JSON Schema keywords, called by generated validators.
///
/// Numeric keywords use ``JSONNumber`` directly (`number >= limit`, ``JSONNumber/isMultiple(of:)``);
/// `pattern` uses ``ECMARegex``; `format` uses ``JSONSchemaFormat``.
@_spi(Generated) public enum SchemaCheck {
    // MARK: - Strings

    /// The length of `string` in Unicode code points, the unit of `minLength`/`maxLength`
    /// (`"😀"` is 1, not 2 UTF-16 units; `"e\u{301}"` is 2, not 1 grapheme).
    @inlinable
    public static func codePointCount(_ string: String) -> Int {
        if let count = string.utf8.withContiguousStorageIfAvailable({ countScalars($0) }) { return count }
        return string.unicodeScalars.count
    }

    /// Whether `string` has at least `limit` code points (`minLength`), stopping early where possible.
    @inlinable
    public static func hasLength(_ string: String, atLeast limit: Int) -> Bool {
        let bytes = string.utf8.count
        if bytes < limit { return false }
        if limit <= 0 || bytes / 4 >= limit { return true }
        return codePointCount(string) >= limit
    }

    /// Whether `string` has at most `limit` code points (`maxLength`), stopping early where possible.
    @inlinable
    public static func hasLength(_ string: String, atMost limit: Int) -> Bool {
        let bytes = string.utf8.count
        if bytes <= limit { return true }
        if bytes / 4 > limit { return false }
        return codePointCount(string) <= limit
    }

    /// Counts the bytes that begin a scalar.
    @usableFromInline
    static func countScalars(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    // MARK: - Equality

    /// JSON Schema equality for `const` and `enum`: `1 == 1.0`, `true != 1`, objects regardless of member
    /// order, arrays in order, strings by code points.
    @inlinable
    public static func equals(_ lhs: JSONInstance, _ rhs: JSONInstance) -> Bool {
        lhs == rhs
    }

    /// Whether `value` equals one of `allowed` (`enum`). For long lists build a `Set<JSONInstance>` once
    /// (hashing is consistent with ``equals(_:_:)``) and call `contains` on it instead.
    @inlinable
    public static func isOneOf(_ value: JSONInstance, _ allowed: [JSONInstance]) -> Bool {
        allowed.contains(value)
    }

    /// Whether the string `value` is one of `allowed`, comparing code points (not canonical equivalence).
    @inlinable
    public static func isOneOf(_ value: String, _ allowed: [String]) -> Bool {
        allowed.contains { JSONInstance.sameCodePoints($0, value) }
    }

    // MARK: - Arrays

    /// The first pair of equal elements (`uniqueItems`), or nil when all are distinct. Small arrays are
    /// compared pairwise; larger ones hash each element once.
    public static func firstDuplicate(in elements: [JSONInstance]) -> (Int, Int)? {
        let count = elements.count
        if count < 2 { return nil }
        if count <= 8 {
            for second in 1..<count {
                for first in 0..<second where elements[first] == elements[second] {
                    return (first, second)
                }
            }
            return nil
        }
        var seen: [JSONInstance: Int] = [:]
        seen.reserveCapacity(count)
        for (index, element) in elements.enumerated() {
            if let first = seen.updateValue(index, forKey: element) { return (first, index) }
        }
        return nil
    }

    /// Whether all elements are distinct (`uniqueItems: true`).
    @inlinable
    public static func hasUniqueItems(_ elements: [JSONInstance]) -> Bool {
        firstDuplicate(in: elements) == nil
    }
}
