/// Choices app code makes for the calls inside a scope, without changing generated method signatures.
///
/// Set through `APIClient.fetch(_:isolation:_:)`, `APIClient.queueing(isolation:_:)` (both in `APIRuntimeStore`) or
/// directly:
///
/// ```swift
/// let options = RequestOptions(fetchPolicy: .cacheFirst)
/// let profile = try await RequestOptions.$current.withValue(options) { try await api.members.getProfile() }
/// ```
public struct RequestOptions: Sendable {
    /// How the response store is used for calls in scope.
    public var fetchPolicy: FetchPolicy
    /// Overrides ``OperationInfo/isQueueable`` for calls in scope; nil keeps each operation's own flag.
    public var isQueueable: Bool?

    /// Set by the offline queue while it replays an entry (so the entry is not queued again).
    package var isReplay = false
    /// The account a replayed entry belongs to, used instead of the client's current account.
    package var replayAccount: String?
    /// Lets a ``CachedThenFresh`` sequence see what the runtime did for the calls it makes.
    package var recorder: FetchRecorder?
    /// Serve expired stored entries for ``FetchPolicy/cacheOnly`` (the first step of cached-then-fresh).
    package var allowsExpired = false

    /// Options with the given policy and queueing override.
    public init(fetchPolicy: FetchPolicy = .networkOnly, isQueueable: Bool? = nil) {
        self.fetchPolicy = fetchPolicy
        self.isQueueable = isQueueable
    }

    /// The options in effect for the current task (defaults outside any scope).
    @TaskLocal public static var current = RequestOptions()
}
