/// Picks the variant of a `oneOf`/`anyOf` union that a value without a discriminator is, by its shape.
///
/// Taking the first variant that decodes loses data whenever variants overlap: object variants whose members are all
/// optional decode from any object (a Spotify episode decodes as a track and its `show` is dropped), and open enums
/// decode any string (an OpenAI `function` message decodes as a `user` message, whose `name` is not the same member).
/// So a union with several object variants decodes in two passes over its variants, in declaration order:
///
/// 1. a variant whose tags (properties restricted to a few strings by `const` or `enum`, e.g. `"role": ["user"]`) the
///    value contradicts (it holds a string the variant does not allow for one of them) is set aside;
/// 2. of the others, the first that decodes, finds every member it requires and declares every key of the value wins;
///    else, of those that decode, one that finds every required member before one that misses some (a required member
///    that may be `null` or has a default decodes when absent, so decoding alone does not tell: GitHub's
///    `locked-issue-event` requires a nullable `lock_reason` and would take every other issue event), then the one
///    leaving the fewest keys of the value undeclared; else the first set-aside one that decodes.
///
/// Values that are not objects, and variants that are not objects (`keys` nil), keep "first that decodes".
@_spi(Generated) public enum UnionDecoding {
    /// One variant of a union: what its objects look like, and how to decode it as the union.
    public struct Variant<Union>: Sendable {
        let keys: Set<String>?
        let required: Set<String>
        let tags: [String: Set<String>]
        let decode: @Sendable (any Decoder) throws -> Union

        /// - Parameters:
        ///   - keys: the member names the variant declares, or nil when it is not an object with declared members.
        ///   - required: the members the variant requires that decode when absent (nullable ones, ones with a default).
        ///   - tags: the members the variant restricts to a few strings, and those strings.
        ///   - decode: decodes the variant and wraps it in the union's case.
        public init(keys: Set<String>? = nil, required: Set<String> = [], tags: [String: Set<String>] = [:],
                    _ decode: @escaping @Sendable (any Decoder) throws -> Union) {
            self.keys = keys
            self.required = required
            self.tags = tags
            self.decode = decode
        }

        /// Whether the value holds, for one of the variant's tags, a string the variant does not allow.
        fileprivate func isContradicted(by object: KeyedDecodingContainer<AnyKey>?) -> Bool {
            guard let object else { return false }
            return tags.contains { key, allowed in
                guard let found = try? object.decodeIfPresent(String.self, forKey: AnyKey(stringValue: key)) else { return false }
                return !allowed.contains(found)
            }
        }
    }

    fileprivate struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes the variant the value is (see the type's documentation).
    /// - Throws: `DecodingError.dataCorrupted` when no variant decodes.
    public static func decode<Union>(from decoder: any Decoder, among variants: [Variant<Union>]) throws -> Union {
        let object = try? decoder.container(keyedBy: AnyKey.self)
        let present = object.map { Set($0.allKeys.map(\.stringValue)) }
        // Ranked by (1 when it misses a required member, undeclared keys): lower is closer.
        var closest: (value: Union, rank: (Int, Int))?
        var contradicted: Union?
        for variant in variants {
            let contradicts = variant.isContradicted(by: object)
            if contradicts && contradicted != nil { continue }
            guard let value = try? variant.decode(decoder) else { continue }
            if contradicts {
                contradicted = value
                continue
            }
            guard let present, let keys = variant.keys else { return value }
            let undeclared = present.subtracting(keys).count
            let missesRequired = !variant.required.isSubset(of: present)
            if undeclared == 0 && !missesRequired { return value }
            let rank = (missesRequired ? 1 : 0, undeclared)
            if closest.map({ rank < $0.rank }) ?? true { closest = (value, rank) }
        }
        if let value = closest?.value ?? contradicted { return value }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "the value matches none of the variants"))
    }
}
