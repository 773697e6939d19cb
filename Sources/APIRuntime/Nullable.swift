/// A value that is either JSON `null` or a `Wrapped`.
///
/// A property that may be absent *and* may be null is generated as `Nullable<T>?`: `nil` means absent,
/// ``null`` means present and null. Decode it with `KeyedDecodingContainer.decodeNullable(_:forKey:)`
/// because `decodeIfPresent` reads null as absent.
public enum Nullable<Wrapped> {
    /// JSON `null`.
    case null
    /// A present value.
    case value(Wrapped)
}

extension Nullable {
    /// ``null`` for nil, ``value(_:)`` otherwise.
    public init(_ optional: Wrapped?) {
        if let optional { self = .value(optional) } else { self = .null }
    }

    /// The wrapped value, or nil for ``null``.
    public var optional: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Transforms the wrapped value, keeping ``null``.
    public func map<T>(_ transform: (Wrapped) throws -> T) rethrows -> Nullable<T> {
        switch self {
        case .null: .null
        case .value(let value): .value(try transform(value))
        }
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}
extension Nullable: Sendable where Wrapped: Sendable {}

extension Nullable: Decodable where Wrapped: Decodable {
    /// Decodes `null` as ``null`` and anything else as ``value(_:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else {
            self = .value(try container.decode(Wrapped.self))
        }
    }
}

extension Nullable: Encodable where Wrapped: Encodable {
    /// Encodes ``null`` as `null` and ``value(_:)`` as the wrapped value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let value): try container.encode(value)
        }
    }
}
