import Foundation

/// A response body's parse, handed to ``JSONValue``'s `init(from:)` through a decoder's `userInfo`, so free-form
/// values are read from the ``JSONInstance`` the response validator already parsed instead of through the decoder.
///
/// A `Decoder` cannot say what kind of value comes next, so decoding ``JSONValue`` through one means trying `Bool`,
/// `Int64`, `Double` and `String` before an array or object; each failed try builds an error whose coding path is as
/// long as the value is deep, which made 10 kB of nested arrays cost seconds (Docs/robustness.md, finding 6). With a
/// source, `init(from:)` walks the decoder's coding path through the parsed tree (linear in the depth) and converts
/// the subtree it finds in one pass.
///
/// Only decoders the runtime creates for one response carry a source (``JSONDecoder/decoding(_:)``), so a decoder
/// that a generated or user type creates while decoding never sees another document's tree.
final class ParsedBodySource: Sendable {
    /// The `userInfo` key under which a per-response decoder carries its source.
    static let userInfoKey = CodingUserInfoKey(rawValue: "apigen.parsedBodySource")!

    private let body: Data
    private let memo: ParsedBodyMemo?
    // The tree once looked up (nil inside: the body is not JSON), so later lookups neither parse nor compare bodies.
    private let root = Locked<JSONInstance??>(nil)

    /// A source for `body`, sharing `memo` (the response's, when it has one) so the body is parsed at most once.
    init(body: Data, memo: ParsedBodyMemo?) {
        self.body = body
        self.memo = memo
    }

    private func parsedRoot() -> JSONInstance? {
        root.withLock { root in
            if let known = root { return known }
            let parsed = memo.map { try? $0.instance(of: body) } ?? (try? JSONParser.parse(body))
            root = .some(parsed)
            return parsed
        }
    }

    /// The value at `codingPath`, converted to ``JSONValue``; nil when the body is not JSON the runtime's parser
    /// accepts, the path leads nowhere in it, or the subtree holds a number `JSONDecoder` would refuse (not finite
    /// as a `Double`). The caller then decodes through the decoder, which reports such cases itself.
    func value(at codingPath: [any CodingKey]) -> JSONValue? {
        guard var node = parsedRoot() else { return nil }
        for key in codingPath {
            switch node {
            case .object(let object):
                guard let member = object[key.stringValue] else { return nil }
                node = member
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return JSONValue.converting(node, refusingNonFinite: true)
    }
}

extension JSONDecoder {
    /// A copy of this decoder whose `userInfo` carries `source`; the copy is made per response because a
    /// `JSONDecoder` shared by concurrent calls must not be mutated. A decoder that renames keys
    /// (`keyDecodingStrategy` other than `.useDefaultKeys`) gets no source: its coding paths name keys the body
    /// does not spell.
    func decoding(_ source: ParsedBodySource) -> JSONDecoder {
        guard case .useDefaultKeys = keyDecodingStrategy else { return self }
        let copy = JSONDecoder()
        copy.dateDecodingStrategy = dateDecodingStrategy
        copy.dataDecodingStrategy = dataDecodingStrategy
        copy.nonConformingFloatDecodingStrategy = nonConformingFloatDecodingStrategy
        copy.allowsJSON5 = allowsJSON5
        copy.assumesTopLevelDictionary = assumesTopLevelDictionary
        var info = userInfo
        info[ParsedBodySource.userInfoKey] = source
        copy.userInfo = info
        return copy
    }
}
