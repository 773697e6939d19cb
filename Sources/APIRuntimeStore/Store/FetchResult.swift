import APIRuntime

/// A value delivered by ``CachedThenFresh``, with where its response came from.
public struct FetchResult<Value: Sendable>: Sendable {
    /// The decoded value.
    public let value: Value
    /// `ResponseSource.store` for the stored value; otherwise where the fresh response came from
    /// (`ResponseSource.network`, `ResponseSource.httpCache` or `ResponseSource.revalidated`).
    public let source: ResponseSource

    /// Creates a result.
    public init(value: Value, source: ResponseSource) {
        self.value = value
        self.source = source
    }

    /// Whether this is the stored value (more may follow).
    public var isFromStore: Bool {
        source == .store
    }
}

extension FetchResult: Equatable where Value: Equatable {}
