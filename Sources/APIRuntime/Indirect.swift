/// A value box that lets a struct contain itself (`struct Node { var next: Indirect<Node>? }`).
///
/// It encodes and decodes exactly as `Wrapped` would, so the wire format does not change.
@_spi(Generated) public struct Indirect<Wrapped> {
    // An indirect enum case is stored out of line, which gives the struct a fixed size.
    fileprivate indirect enum Storage {
        case value(Wrapped)
    }

    private var storage: Storage

    /// Boxes `value`.
    public init(_ value: Wrapped) {
        storage = .value(value)
    }

    /// The boxed value.
    public var value: Wrapped {
        get {
            switch storage {
            case .value(let value): value
            }
        }
        set {
            storage = .value(newValue)
        }
    }
}

extension Indirect: Equatable where Wrapped: Equatable {
    /// Compares the boxed values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.value == rhs.value
    }
}

extension Indirect: Hashable where Wrapped: Hashable {
    /// Hashes the boxed value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}

extension Indirect: Sendable where Wrapped: Sendable {}
extension Indirect.Storage: Sendable where Wrapped: Sendable {}

extension Indirect: Decodable where Wrapped: Decodable {
    /// Decodes a `Wrapped`.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(Wrapped.self))
    }
}

extension Indirect: Encodable where Wrapped: Encodable {
    /// Encodes the boxed value as itself.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

extension Indirect: CustomStringConvertible {
    /// The boxed value's description.
    public var description: String {
        String(describing: value)
    }
}
