/// Keeps unions that list each other (`A: oneOf [B, X]` and `B: oneOf [A, Y]`) from decoding each other forever.
///
/// A union without a discriminator tries its variants in order; when `A` tries `B` and `B` tries `A` on the same
/// value, neither would ever return (a stack overflow in the app). While a union decodes a value, decoding the same
/// union again at the same coding path fails at once instead, so the union that tried it goes on with its next
/// variant: `{"y": 1}` decoded as `A` is `.b(.y(…))`, and a value matching no variant is a `DecodingError`.
/// Generated code uses it only for unions on such a cycle.
@_spi(Generated) public enum UnionRecursionGuard {
    private struct Attempt: Hashable, Sendable {
        let union: ObjectIdentifier
        let path: [String]
    }

    /// The unions being decoded by this task, with where.
    @TaskLocal private static var attempts: Set<Attempt> = []

    /// Decodes `union` with `body`, unless `union` is already being decoded at the decoder's coding path.
    /// - Throws: `DecodingError.dataCorrupted` when it is, or what `body` throws.
    public static func decode<Union>(_ union: Union.Type, from decoder: any Decoder,
                                     _ body: () throws -> Union) throws -> Union {
        let attempt = Attempt(union: ObjectIdentifier(union), path: decoder.codingPath.map(\.stringValue))
        guard !attempts.contains(attempt) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "\(union) is already being decoded from this value (unions that list each other)"))
        }
        var inProgress = attempts
        inProgress.insert(attempt)
        return try $attempts.withValue(inProgress) { try body() }
    }
}
