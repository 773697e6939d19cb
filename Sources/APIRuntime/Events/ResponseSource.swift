/// Where the response a caller received came from.
public enum ResponseSource: String, Sendable, Hashable, CaseIterable {
    /// The server answered with a full response.
    case network
    /// The runtime's HTTP cache answered without contacting the server (the entry was fresh).
    case httpCache
    /// The server confirmed the HTTP cache's entry with `304 Not Modified`; its stored body was returned.
    case revalidated
    /// The local response store answered (``FetchPolicy/cacheFirst``, ``FetchPolicy/cacheOnly``, the offline
    /// fallback of ``FetchPolicy/networkFirst``, or the first value of ``FetchPolicy/cachedThenFresh``).
    case store
}
