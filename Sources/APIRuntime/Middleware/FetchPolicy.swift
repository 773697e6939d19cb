/// How a call uses the local response store (`ResponseStore` in `APIRuntimeStore`). Chosen per call with
/// `APIClient.fetch(_:isolation:_:)` (`APIRuntimeStore`) or ``RequestOptions``; the default is ``networkOnly``.
///
/// Whatever the policy, every successful response of a storable operation is kept, so a later call can use it.
/// An expired entry is never served *instead of* the network, only when the network cannot answer
/// (``networkFirst``) or *ahead of* it (``cachedThenFresh``).
public enum FetchPolicy: String, Sendable, Hashable, CaseIterable {
    /// Always ask the network.
    case networkOnly
    /// Serve an unexpired stored response without contacting the network; otherwise ask the network.
    case cacheFirst
    /// Ask the network; when it is unreachable, serve the stored response (even an expired one).
    case networkFirst
    /// Serve an unexpired stored response or throw ``APIError/notStored(operation:url:)``; never
    /// contacts the network.
    case cacheOnly
    /// Yield the stored response at once (even an expired one), then the network's only if it differs
    /// (see `APIClient.cachedThenFresh(_:)` in `APIRuntimeStore`). A single-value call returns the first of the two.
    case cachedThenFresh
}
