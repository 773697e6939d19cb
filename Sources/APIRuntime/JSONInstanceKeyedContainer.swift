/// The members of an object being decoded by ``JSONInstanceDecoder``.
///
/// `decodeIfPresent` looks each key up once (the protocol's default asks `contains`, then `decodeNil`, then `decode`).
struct JSONInstanceKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONInstanceDecoder
    let object: JSONObject

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { object.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.contains(key: key.stringValue) }

    /// The member's value; `keyNotFound` when it is absent.
    private func value(_ key: Key) throws -> JSONInstance {
        guard let value = object[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(
                codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    private func member(_ key: Key) throws -> JSONInstanceDecoder {
        decoder.child(try value(key), .key(key))
    }

    /// The member's value, nil when the member is absent or null.
    private func presentValue(_ key: Key) -> JSONInstance? {
        guard let value = object[key.stringValue] else { return nil }
        if case .null = value { return nil }
        return value
    }

    /// Reads a scalar member in place (``JSONInstanceDecoder/scalar(_:from:)``); anything else, and a value of the
    /// wrong kind, through a decoder of its own, which also builds the error with the member's coding path.
    private func read<T: Decodable>(_ type: T.Type, _ value: JSONInstance, _ key: Key) throws -> T {
        try JSONInstanceDecoder.scalar(type, from: value) { try decoder.child(value, .key(key)).decodeValue(type) }
    }

    /// ``read(_:_:_:)`` of the member when it is present and not null.
    private func readIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let value = presentValue(key) else { return nil }
        return try read(type, value, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(key) { return true }
        return false
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, try value(key), key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, try value(key), key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, try value(key), key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, try value(key), key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, try value(key), key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, try value(key), key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, try value(key), key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, try value(key), key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, try value(key), key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, try value(key), key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, try value(key), key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, try value(key), key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, try value(key), key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, try value(key), key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, try value(key), key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try readIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try readIfPresent(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try readIfPresent(type, key) }

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

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    mutating func decode(_ type: String.Type) throws -> String { try read(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try read(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try read(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try read(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }

    /// The next element, read in place when it is a scalar (``JSONInstanceDecoder/scalar(_:from:)``), else (and to
    /// report a value of the wrong kind) through a decoder of its own.
    private mutating func read<T: Decodable>(_ type: T.Type) throws -> T {
        guard currentIndex < elements.count else { return try next(type).decodeValue(type) }  // throws: at end
        let element = elements[currentIndex]
        let value = try JSONInstanceDecoder.scalar(type, from: element) {
            try decoder.child(element, .index(currentIndex)).decodeValue(type)
        }
        currentIndex += 1
        return value
    }

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
