import Foundation

/// What a client validated and decoded from bodies the runtime served locally (``HTTPResponse/isLocal``), keyed by
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
            lhs.kind == rhs.kind && lhs.type == rhs.type && lhs.operation == rhs.operation && lhs.body == rhs.body
        }

        // Hashing a whole body on every lookup costs more than the rest of a hit; the length and both ends spread
        // keys well enough, and equality still compares every byte.
        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(operation)
            hasher.combine(type)
            hasher.combine(body.count)
            body.prefix(64).withUnsafeBytes { hasher.combine(bytes: $0) }
            body.suffix(64).withUnsafeBytes { hasher.combine(bytes: $0) }
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

    func value<T>(_ type: T.Type, kind: Kind, operation: String, body: Data) -> T? {
        guard body.count <= Self.maxBodySize else { return nil }
        let key = Key(kind: kind, operation: operation, type: ObjectIdentifier(type), body: body)
        lock.lock()
        defer { lock.unlock() }
        // Unwrap first: casting an absent `Any?` to an optional `T` would succeed with nil.
        guard let stored = results[key] else { return nil }
        return stored as? T
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
