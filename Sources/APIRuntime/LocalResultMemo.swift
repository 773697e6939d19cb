import Foundation
import HTTPTypes

/// What a client validated and decoded from bodies the runtime served locally (``APIResponse/isLocal``), keyed by
/// operation, step and the exact bytes. A fresh cache hit then costs a lookup instead of a parse, a validation and a
/// decode: validating and decoding are functions of the bytes, so the stored result is the one the work would give.
/// Network responses never use it, so every response from the server is validated and decoded.
final class LocalResultMemo: @unchecked Sendable {
    /// The step a result belongs to.
    enum Kind: Hashable {
        case valid, envelopeStatus, body, envelope
    }

    private struct Key: Hashable {
        let kind: Kind
        let operation: String
        let type: ObjectIdentifier
        let body: Data

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.kind == rhs.kind && lhs.type == rhs.type && lhs.operation == rhs.operation
                && (LocalResultMemo.sameBuffer(lhs.body, rhs.body) || lhs.body == rhs.body)
        }

        // Hashing a whole body on every lookup costs more than the rest of a hit; the length and both ends spread
        // keys well enough, and equality still compares every byte.
        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(operation)
            hasher.combine(type)
            hasher.combine(body.count)
            body.withUnsafeBytes { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.prefix(64)))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.suffix(64)))
            }
        }
    }

    /// Bodies larger than this are not kept (memory); they are rare in lists the cache serves repeatedly.
    static let maxBodySize = 512 * 1_024
    /// Results kept, least recently stored dropped first.
    static let capacity = 64

    private let lock = NSLock()
    // Values are the decoded models (value types) the generated code returns; they are only handed out as copies.
    private var results: [Key: Any] = [:]
    private var order: [Key] = []
    /// The body of the last hit and the equal body the matching key holds. A generated method looks up several
    /// steps (validation, envelope status, body) with the same response body: comparing it in full with the
    /// stored one once is enough. Holding `probe` keeps its buffer alive, so its address cannot be reused by
    /// other bytes while it is remembered.
    private var lastHit: (probe: Data, stored: Data)?

    func value<T>(_ type: T.Type, kind: Kind, operation: String, body: Data) -> T? {
        guard body.count <= Self.maxBodySize else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let known = lastHit.flatMap { Self.sameBuffer($0.probe, body) ? $0.stored : nil }
        let key = Key(kind: kind, operation: operation, type: ObjectIdentifier(type), body: known ?? body)
        // Unwrap first: casting an absent `Any?` to an optional `T` would succeed with nil.
        guard let index = results.index(forKey: key) else { return nil }
        if known == nil { lastHit = (body, results[index].key.body) }
        return results[index].value as? T
    }

    /// Whether two bodies are the same bytes in memory (then they are equal without comparing them). Only for
    /// bodies stored out of line: a small `Data` keeps its bytes inline, at an address that means nothing.
    static func sameBuffer(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count, lhs.count > 64 else { return false }
        return lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.baseAddress == right.baseAddress } }
    }

    func store<T>(_ value: T, kind: Kind, operation: String, body: Data) {
        guard body.count <= Self.maxBodySize else { return }
        let key = Key(kind: kind, operation: operation, type: ObjectIdentifier(T.self), body: body)
        lock.lock()
        defer { lock.unlock() }
        if results.updateValue(value, forKey: key) == nil {
            order.append(key)
            if order.count > Self.capacity { results[order.removeFirst()] = nil }
        }
    }
}
