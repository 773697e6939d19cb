/// The members of an object being decoded by ``JSONInstanceDecoder``.
///
/// `decodeIfPresent` looks each key up once (the protocol's default asks `contains`, then `decodeNil`, then `decode`).
struct JSONInstanceKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONInstanceDecoder
    let object: JSONObject

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { object.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.contains(key: key.stringValue) }

    private func member(_ key: Key) throws -> JSONInstanceDecoder {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(value, .key(key))
    }

    /// The member's decoder, nil when the member is absent or null.
    private func presentMember(_ key: Key) -> JSONInstanceDecoder? {
        guard let value = object[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return decoder.child(value, .key(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).decodeNil() }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try member(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try member(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try member(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try member(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try member(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try member(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try member(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try member(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try member(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try member(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try member(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try member(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try member(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try member(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try member(key).decodeValue(type) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentMember(key)?.decode(type) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentMember(key)?.decode(type) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentMember(key)?.decodeValue(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try member(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try member(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(object["super"] ?? .null, .key(SuperCodingKey()))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(object[key.stringValue] ?? .null, .key(key))
    }
}

/// The elements of an array being decoded by ``JSONInstanceDecoder``.
struct JSONInstanceUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONInstanceDecoder
    let elements: [JSONInstance]
    private(set) var currentIndex = 0

    init(decoder: JSONInstanceDecoder, elements: [JSONInstance]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The next element's decoder; the index moves on only once it decoded.
    private func next(_ type: Any.Type) throws -> JSONInstanceDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(
                codingPath: codingPath + [IndexCodingKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return decoder.child(elements[currentIndex], .index(currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never.self).decodeNil() else { return false }
        currentIndex += 1
        return true
    }

    private mutating func advance<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { advance(try next(type).decode(type)) }
    mutating func decode(_ type: String.Type) throws -> String { advance(try next(type).decode(type)) }
    mutating func decode(_ type: Double.Type) throws -> Double { advance(try next(type).decode(type)) }
    mutating func decode(_ type: Float.Type) throws -> Float { advance(try next(type).decode(type)) }
    mutating func decode(_ type: Int.Type) throws -> Int { advance(try next(type).decode(type)) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { advance(try next(type).decode(type)) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { advance(try next(type).decode(type)) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { advance(try next(type).decode(type)) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { advance(try next(type).decode(type)) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { advance(try next(type).decode(type)) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { advance(try next(type).decode(type)) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { advance(try next(type).decode(type)) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { advance(try next(type).decode(type)) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { advance(try next(type).decode(type)) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { advance(try next(type).decodeValue(type)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        advance(try next([String: Any].self).container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        advance(try next([Any].self).unkeyedContainer())
    }

    mutating func superDecoder() throws -> any Decoder {
        advance(try next((any Decoder).self))
    }
}

/// The key `superDecoder()` reads, as `JSONDecoder` spells it.
private struct SuperCodingKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
