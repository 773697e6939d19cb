import Foundation

/// Decodes `Decodable` values from the ``JSONInstance`` a response's validation already parsed, so a validated body is
/// read once: `JSONDecoder` would scan the bytes again and build a dictionary per object it enters, where the parsed
/// tree already holds each object's members (found by a short scan, or the index large objects carry).
///
/// It decodes as a `JSONDecoder` with default strategies does (``decodesLikeDefault(_:)`` says when the client's decoder
/// is one): numbers must fit the requested type exactly, `Data` is Base64 text, `URL` is a string, `Date` is seconds
/// since 2001 (generated models decode date-times themselves). Errors are the same `DecodingError` cases with the full
/// coding path, which is built only when an error is thrown: a decoder knows its parent and its step instead.
final class JSONInstanceDecoder: Decoder, SingleValueDecodingContainer {
    /// How a decoder's value is reached from its parent's.
    enum Step {
        case key(any CodingKey)
        case index(Int)
    }

    let node: JSONInstance
    private let parent: JSONInstanceDecoder?
    private let step: Step?
    let userInfo: [CodingUserInfoKey: Any]

    private init(node: JSONInstance, parent: JSONInstanceDecoder?, step: Step?, userInfo: [CodingUserInfoKey: Any]) {
        self.node = node
        self.parent = parent
        self.step = step
        self.userInfo = userInfo
    }

    /// Decodes `type` from `root`.
    static func decode<T: Decodable>(_ type: T.Type, from root: JSONInstance, userInfo: [CodingUserInfoKey: Any]) throws -> T {
        try JSONInstanceDecoder(node: root, parent: nil, step: nil, userInfo: userInfo).decodeValue(type)
    }

    /// Whether `decoder` is configured as a default `JSONDecoder` in everything that changes what a body decodes to.
    static func decodesLikeDefault(_ decoder: JSONDecoder) -> Bool {
        guard case .useDefaultKeys = decoder.keyDecodingStrategy, case .deferredToDate = decoder.dateDecodingStrategy,
              case .base64 = decoder.dataDecodingStrategy, case .throw = decoder.nonConformingFloatDecodingStrategy
        else { return false }
        return true
    }

    var codingPath: [any CodingKey] {
        var steps: [any CodingKey] = []
        var current: JSONInstanceDecoder? = self
        while let decoder = current, let step = decoder.step {
            switch step {
            case .key(let key): steps.append(key)
            case .index(let index): steps.append(IndexCodingKey(index))
            }
            current = decoder.parent
        }
        return steps.reversed()
    }

    func child(_ node: JSONInstance, _ step: Step) -> JSONInstanceDecoder {
        JSONInstanceDecoder(node: node, parent: self, step: step, userInfo: userInfo)
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = node else {
            throw mismatch([String: Any].self)
        }
        return KeyedDecodingContainer(JSONInstanceKeyedContainer<Key>(decoder: self, object: object))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node else { throw mismatch([Any].self) }
        return JSONInstanceUnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Values

    /// A value of `type` from this decoder's node, with the types `JSONDecoder` reads in its own way.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Data.self {
            guard case .string(let text) = node else { throw mismatch(String.self) }
            guard let data = Data(base64Encoded: text) else { throw corrupted("Encountered Data is not valid Base64.") }
            return data as! T
        }
        if T.self == URL.self {
            guard case .string(let text) = node else { throw mismatch(String.self) }
            guard let url = URL(string: text) else { throw corrupted("Invalid URL string.") }
            return url as! T
        }
        if T.self == Decimal.self {
            guard case .number(let number) = node else { throw mismatch(Decimal.self) }
            guard let decimal = Decimal(string: number.description, locale: Locale(identifier: "en_US_POSIX")) else {
                throw corrupted("Parsed JSON number <\(number)> does not fit in Decimal.")
            }
            return decimal as! T
        }
        return try T(from: self)
    }

    /// `node` as `type` when `type` is `String`, `Bool`, `Int`, `Int64`, `Int32`, `Double` or `URL` and the node
    /// holds such a value as ``decodeValue(_:)`` would read it; otherwise what `orElse` returns: a decoder for the
    /// node reads it (or says why it cannot). Containers read their scalar members through it: a decoder of its own
    /// for every string and number (a class instance, its coding-path step boxed, then released) cost more than the
    /// read.
    ///
    /// `unsafeBitCast` is a copy here (each cast follows a check that `T` is that very type); `as? T` would look the
    /// cast up at run time, and an optional result would instantiate `Optional<T>`'s metadata on every call.
    @inline(__always)
    static func scalar<T>(_ type: T.Type, from node: JSONInstance, orElse slowPath: () throws -> T) rethrows -> T {
        switch node {
        case .string(let text):
            if T.self == String.self { return unsafeBitCast(text, to: T.self) }
            if T.self == URL.self, let url = URL(string: text) { return unsafeBitCast(url, to: T.self) }
        case .number(let number):
            if T.self == Double.self, number.doubleValue.isFinite { return unsafeBitCast(number.doubleValue, to: T.self) }
            if let whole = number.int64Value {
                if T.self == Int.self, let value = Int(exactly: whole) { return unsafeBitCast(value, to: T.self) }
                if T.self == Int64.self { return unsafeBitCast(whole, to: T.self) }
                if T.self == Int32.self, let value = Int32(exactly: whole) { return unsafeBitCast(value, to: T.self) }
            }
        case .bool(let flag):
            if T.self == Bool.self { return unsafeBitCast(flag, to: T.self) }
        default:
            break
        }
        return try slowPath()
    }

    func mismatch(_ type: Any.Type) -> DecodingError {
        if case .null = node {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath,
                                         debugDescription: "Expected to decode \(type) but found \(node.decoderKindName) instead."))
    }

    func corrupted(_ description: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool {
        if case .null = node { return true }
        return false
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node else { throw mismatch(type) }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let value) = node else { throw mismatch(type) }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double {
        guard case .number(let number) = node else { throw mismatch(type) }
        guard number.doubleValue.isFinite else { throw corrupted("Parsed JSON number <\(number)> does not fit in Double.") }
        return number.doubleValue
    }

    func decode(_ type: Float.Type) throws -> Float {
        let value = try decode(Double.self)
        guard abs(value) <= Double(Float.greatestFiniteMagnitude) else {
            throw corrupted("Parsed JSON number <\(value)> does not fit in Float.")
        }
        return Float(value)
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    /// An integer of `type`, exactly: `1.0` and `1e2` are integers to JSON and decode, `2.5` or `300` as `Int8` do not.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard case .number(let number) = node else { throw mismatch(type) }
        if let value = number.int64Value {
            if let exact = T(exactly: value) { return exact }
        } else if number.isInteger, let exact = T(number.description) ?? T(exactly: number.doubleValue) {
            return exact
        }
        throw corrupted("Parsed JSON number <\(number)> does not fit in \(type).")
    }
}

extension JSONInstance {
    /// The kind of value, as `JSONDecoder`'s messages name it.
    fileprivate var decoderKindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}
