import Foundation
import HTTPTypes

/// What a client validated and decoded from bodies the runtime served locally (``APIResponse/isLocal``), keyed by
/// operation and the exact bytes, then by step and type. A fresh cache hit then costs a lookup instead of a parse, a validation and a
/// decode: validating and decoding are functions of the bytes, so the stored result is the one the work would give.
/// Network responses never use it, so every response from the server is validated and decoded.
final class LocalResultMemo: @unchecked Sendable {
    /// The step a result belongs to.
    enum Kind: Hashable {
        case valid, envelopeStatus, body, envelope
    }

    private struct Key: Hashable {
        let operation: String
        let body: Data

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.operation == rhs.operation && (LocalResultMemo.sameBuffer(lhs.body, rhs.body) || lhs.body == rhs.body)
        }

        // Hashing a whole body on every lookup costs more than the rest of a hit; the length and both ends spread
        // keys well enough, and equality still compares every byte.
        func hash(into hasher: inout Hasher) {
            hasher.combine(operation)
            hasher.combine(body.count)
            body.withUnsafeBytes { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.prefix(64)))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.suffix(64)))
            }
        }
    }

    /// The results of one body: a few steps, each with the type it was decoded as.
    private final class Results {
        var values: [(kind: Kind, type: ObjectIdentifier, value: Any)] = []

        func value<T>(_ type: T.Type, kind: Kind) -> T? {
            let id = ObjectIdentifier(type)
            // Unwrap first: casting an absent `Any?` to an optional `T` would succeed with nil.
            guard let found = values.first(where: { $0.kind == kind && $0.type == id }) else { return nil }
            return found.value as? T
        }

        func set<T>(_ value: T, kind: Kind) {
            let id = ObjectIdentifier(T.self)
            if let index = values.firstIndex(where: { $0.kind == kind && $0.type == id }) {
                values[index].value = value
            } else {
                values.append((kind, id, value))
            }
        }
    }

    /// Bodies larger than this are not kept (memory); they are rare in lists the cache serves repeatedly.
    static let maxBodySize = 512 * 1_024
    /// Bodies whose results are kept, least recently stored dropped first.
    static let capacity = 32

    private let lock = NSLock()
    // Values are the decoded models (value types) the generated code returns; they are only handed out as copies.
    private var results: [Key: Results] = [:]
    private var order: [Key] = []
    /// The body of the last hit and its results. A generated method looks up several steps (validation, envelope
    /// status, body) with the same response body: finding it by comparing every byte once is enough. Holding
    /// `probe` keeps its buffer alive, so its address cannot be reused by other bytes while it is remembered.
    private var lastHit: (probe: Data, operation: String, results: Results)?

    func value<T>(_ type: T.Type, kind: Kind, operation: String, body: Data) -> T? {
        guard body.count <= Self.maxBodySize else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let lastHit, lastHit.operation == operation, Self.sameBuffer(lastHit.probe, body) {
            return lastHit.results.value(type, kind: kind)
        }
        guard let found = results[Key(operation: operation, body: body)] else { return nil }
        lastHit = (body, operation, found)
        return found.value(type, kind: kind)
    }

    /// Whether two bodies are the same bytes in memory (then they are equal without comparing them). Only for
    /// bodies stored out of line: a small `Data` keeps its bytes inline, at an address that means nothing.
    static func sameBuffer(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count, lhs.count > 64 else { return false }
        return lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.baseAddress == right.baseAddress } }
    }

    func store<T>(_ value: T, kind: Kind, operation: String, body: Data) {
        guard body.count <= Self.maxBodySize else { return }
        let key = Key(operation: operation, body: body)
        lock.lock()
        defer { lock.unlock() }
        if let known = results[key] {
            known.set(value, kind: kind)
            return
        }
        let fresh = Results()
        fresh.set(value, kind: kind)
        // The last hit may hold results evicted since; lookups must find the new ones.
        lastHit = nil
        results[key] = fresh
        order.append(key)
        if order.count > Self.capacity { results[order.removeFirst()] = nil }
    }
}
