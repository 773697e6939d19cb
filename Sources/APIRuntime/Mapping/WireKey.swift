/// The coding key of generated models: a member name exactly as it is on the wire, written as a string literal
/// (`try container.decode(Int64.self, forKey: "id")`).
///
/// One key type shared by every model instead of a `CodingKeys` enum per model: such an enum makes the compiler
/// synthesize its `RawRepresentable` and `CodingKey` witnesses (string switches) for every model; sharing one key
/// type took 9% off the CPU time of building the generated GitHub client (four paired builds, Docs/performance.md). Decoding is unchanged: `JSONDecoder` looks
/// members up by `stringValue` either way.
@_spi(Generated) public struct WireKey: CodingKey, Sendable, ExpressibleByStringLiteral {
    /// The member name on the wire.
    public let stringValue: String

    /// A key for the member named `stringValue`.
    public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// A key for the member named by the literal.
    @inlinable
    public init(stringLiteral value: String) {
        stringValue = value
    }

    /// Always nil: generated models only have named members.
    public var intValue: Int? { nil }

    /// Always nil: generated models only have named members.
    public init?(intValue: Int) {
        nil
    }
}
