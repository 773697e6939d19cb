/// Converts a plan value into the objects and arrays swift-mustache reads, once per file.
///
/// swift-mustache resolves `{{key}}` on a struct by reflecting all its stored properties for every lookup; on the
/// GitHub spec that was 37% of apigen's time. The plan types are `Encodable` (for `apigen plan --json`), so one
/// encoding pass per file turns them into trees of ``TemplateObject``s and arrays without any reflection: `nil`
/// optionals are left out (`encodeIfPresent`), so lookups fall through the context stack as they did on the structs.
enum MustacheContext {
    static func convert(_ value: any Encodable) -> Any? { tree(value) }

    /// `value` converted. The leaf types are recognised by their static type (for an `any Encodable`, the opened
    /// dynamic type): comparing metadata is free, a cast of an existential costs a runtime lookup.
    static func tree<T: Encodable>(_ value: T) -> Any? {
        if T.self == String.self { return TemplateText(unsafeBitCast(value, to: String.self)) }
        if T.self == Bool.self { return unsafeBitCast(value, to: Bool.self) }
        if T.self == Int.self { return unsafeBitCast(value, to: Int.self) }
        if T.self == [String].self { return unsafeBitCast(value, to: [String].self).map(TemplateText.init) }
        let encoder = TreeEncoder()
        do {
            try value.encode(to: encoder)
        } catch {
            return nil
        }
        return encoder.storage?.resolved
    }
}

/// What an encoder produced: a finished value, or a container still being filled.
private enum TreeValue {
    case value(Any)
    case keyed(KeyedStorage)
    case unkeyed(UnkeyedStorage)

    var resolved: Any {
        switch self {
        case .value(let value): return value
        case .keyed(let storage): return storage.resolved
        case .unkeyed(let storage): return storage.resolved
        }
    }
}

private final class KeyedStorage {
    /// Fields in the order they were encoded; a key encoded twice is found at its last position.
    private var keys: [String] = []
    private var items: [Any] = []
    /// Containers handed out by `nestedContainer`, resolved at the end (the synthesized code never asks for them).
    var pending: [(key: String, value: TreeValue)] = []

    func set(_ value: Any, forKey key: String) {
        keys.append(key)
        items.append(value)
    }

    var resolved: TemplateObject {
        guard !pending.isEmpty else { return TemplateObject(keys: keys, items: items) }
        var keys = keys, items = items
        for (key, value) in pending {
            keys.append(key)
            items.append(value.resolved)
        }
        return TemplateObject(keys: keys, items: items)
    }
}

private final class UnkeyedStorage {
    var values: [TreeValue] = []
    var resolved: [Any] { values.map(\.resolved) }
}

private final class TreeEncoder: Encoder {
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var storage: TreeValue?

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed(let existing) = storage { return KeyedEncodingContainer(KeyedTreeContainer(storage: existing)) }
        let keyed = KeyedStorage()
        storage = .keyed(keyed)
        return KeyedEncodingContainer(KeyedTreeContainer(storage: keyed))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed(let existing) = storage { return UnkeyedTreeContainer(storage: existing) }
        let unkeyed = UnkeyedStorage()
        storage = .unkeyed(unkeyed)
        return UnkeyedTreeContainer(storage: unkeyed)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleTreeContainer(encoder: self) }

    /// A nested value, fully encoded.
    static func tree<T: Encodable>(_ value: T) -> Any? { MustacheContext.tree(value) }
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: KeyedStorage
    var codingPath: [any CodingKey] { [] }

    func encodeNil(forKey key: Key) {}
    func encode(_ value: Bool, forKey key: Key) { storage.set(value, forKey: key.stringValue) }
    func encode(_ value: String, forKey key: Key) { storage.set(TemplateText(value), forKey: key.stringValue) }
    func encode(_ value: Int, forKey key: Key) { storage.set(value, forKey: key.stringValue) }
    func encode(_ value: Double, forKey key: Key) { storage.set(value, forKey: key.stringValue) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) {
        if let tree = TreeEncoder.tree(value) { storage.set(tree, forKey: key.stringValue) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = KeyedStorage()
        storage.pending.append((key.stringValue, .keyed(nested)))
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(storage: nested))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = UnkeyedStorage()
        storage.pending.append((key.stringValue, .unkeyed(nested)))
        return UnkeyedTreeContainer(storage: nested)
    }

    func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    func superEncoder(forKey key: Key) -> any Encoder {
        let encoder = TreeEncoder()
        let nested = KeyedStorage()
        encoder.storage = .keyed(nested)
        storage.pending.append((key.stringValue, .keyed(nested)))
        return encoder
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let storage: UnkeyedStorage
    var codingPath: [any CodingKey] { [] }
    var count: Int { storage.values.count }

    func encodeNil() {}
    func encode(_ value: Bool) { storage.values.append(.value(value)) }
    func encode(_ value: String) { storage.values.append(.value(TemplateText(value))) }
    func encode(_ value: Int) { storage.values.append(.value(value)) }
    func encode(_ value: Double) { storage.values.append(.value(value)) }
    func encode<T: Encodable>(_ value: T) {
        if let tree = TreeEncoder.tree(value) { storage.values.append(.value(tree)) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = KeyedStorage()
        storage.values.append(.keyed(nested))
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(storage: nested))
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = UnkeyedStorage()
        storage.values.append(.unkeyed(nested))
        return UnkeyedTreeContainer(storage: nested)
    }

    func superEncoder() -> any Encoder {
        let encoder = TreeEncoder()
        let nested = KeyedStorage()
        encoder.storage = .keyed(nested)
        storage.values.append(.keyed(nested))
        return encoder
    }
}

private struct SingleTreeContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { [] }

    func encodeNil() {}
    func encode(_ value: Bool) { encoder.storage = .value(value) }
    func encode(_ value: String) { encoder.storage = .value(TemplateText(value)) }
    func encode(_ value: Int) { encoder.storage = .value(value) }
    func encode(_ value: Double) { encoder.storage = .value(value) }
    func encode<T: Encodable>(_ value: T) {
        if let tree = TreeEncoder.tree(value) { encoder.storage = .value(tree) }
    }
}
