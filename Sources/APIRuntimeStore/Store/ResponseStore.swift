import APIRuntime
import Foundation
import HTTPTypes

/// The local response store: keeps every successful response of storable operations per account and serves
/// them according to each call's `FetchPolicy`. A `ClientMiddleware`: put it after
/// `BaseParametersMiddleware` (so keys include the base parameters) and before the auth and retry middlewares.
///
/// ```swift
/// let store = ResponseStore(storage: try SQLiteStorage(path: cachePath, events: events), events: events)
/// let client = APIClient(baseURL: url, middlewares: [logging, base, store, auth, retry, cache], events: events,
///                        accountProvider: { session.userID })
/// let members = try await client.fetch(.cacheFirst) { try await api.members.getFriends(memberID: 7) }
/// ```
///
/// Storage failures never fail the call being served: a failed read is a miss, a failed write leaves the response
/// unstored; each is emitted as `ClientEvent.storageError(message:)`. Calls made by the app (``removeAll(account:)``,
/// ``purge()``, ``usage()``, ``storedResponse(for:account:)``) throw.
public final class ResponseStore: ClientMiddleware {
    /// What is stored and for how long.
    public struct Configuration: Sendable {
        /// Methods whose successful responses are stored.
        public var methods: Set<HTTPRequest.Method> = [.get]
        /// Further `operationId`s whose responses are stored whatever their method (query-style POSTs).
        public var operations: Set<String> = []
        /// How long an entry stays fresh when the server gives no `max-age`/`Expires`, in seconds.
        public var defaultTTL: TimeInterval = 3_600
        /// Use the server's freshness (`max-age`, `Expires`, `no-cache` meaning expired at once) when it gives one;
        /// false always uses ``defaultTTL``.
        public var usesServerExpiry = true
        /// Purge entries stored longer ago than this many seconds.
        public var maxAge: TimeInterval? = 7 * 86_400
        /// Keep at most this many entries (least recently used removed first).
        public var maxCount: Int? = 1_000
        /// Keep at most this many bytes (least recently used removed first).
        public var maxBytes: Int? = 50 * 1_024 * 1_024
        /// Purge automatically after this many saves (and at creation); 0 purges only when asked.
        public var purgeInterval = 50
        /// Mixed into every key; change it (e.g. to the API version) when stored responses must not be reused.
        public var namespace = ""
        /// Do not store a response declared as JSON whose body does not parse (truncated or wrong-typed bodies).
        public var requiresValidJSON = true

        /// The defaults described on each property.
        public init() {}
    }

    /// The settings in effect.
    public let configuration: Configuration
    private let storage: any ResponseStorage
    private let clock: any RuntimeClock
    private let events: EventBus?
    private let saveCount = Locked(0)
    private let isInitialPurgeDue: Locked<Bool>

    /// A store over `storage`; purges once, before the first request it handles.
    public init(
        storage: any ResponseStorage, configuration: Configuration = Configuration(),
        clock: any RuntimeClock = SystemClock(), events: EventBus? = nil
    ) {
        self.storage = storage
        self.configuration = configuration
        self.clock = clock
        self.events = events
        self.isInitialPurgeDue = Locked(configuration.purgeInterval > 0)
    }

    /// Serves `request` according to the fetch policy in `RequestContext.current` and stores what the network
    /// returns.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        guard isStorable(request, operation) else { return try await next(request) }
        if isInitialPurgeDue.withLock({ due in defer { due = false }; return due }) {
            await reportingFailure("purging") { try await purge() }
        }
        let context = RequestContext.current
        let policy = context?.options.fetchPolicy ?? .networkOnly
        let account = context?.account
        context?.report.handledByStore = true
        let key = CacheKey.make(for: request, account: account, namespace: configuration.namespace)

        switch policy {
        case .cacheOnly, .cacheFirst, .cachedThenFresh:
            let allowsExpired = policy == .cachedThenFresh
                || (policy == .cacheOnly && context?.options.allowsExpired == true)
            if let entry = await load(key), allowsExpired || !entry.isExpired(at: clock.now()) {
                return served(entry, operation: operation, context: context)
            }
            if policy == .cacheOnly {
                throw APIError.notStored(operation: operation.id, url: request.url)
            }
            return try await fetch(request, key: key, account: account, context: context, next: next)
        case .networkFirst:
            do {
                return try await fetch(request, key: key, account: account, context: context, next: next)
            } catch where APIError.isConnectivityFailure(error) {
                guard let entry = await load(key) else { throw error }
                return served(entry, operation: operation, context: context)
            }
        case .networkOnly:
            return try await fetch(request, key: key, account: account, context: context, next: next)
        }
    }

    /// The stored response for `request` in `account`'s partition (expired or not), refreshing its access time.
    /// Throws what the storage threw.
    public func storedResponse(for request: APIRequest, account: String?) async throws -> StoredResponse? {
        try await storage.loadResponse(
            key: CacheKey.make(for: request, account: account, namespace: configuration.namespace), area: .responses,
            accessedAt: clock.now())
    }

    /// Removes every stored response of `account` (nil: the anonymous partition) in one call.
    public func removeAll(account: String?) async throws {
        try await storage.removeResponses(.account(account), area: .responses)
    }

    /// Removes every stored response of `account` (``removeAll(account:)``); `APIClient.removeStoredData(for:)`
    /// calls this.
    public func removeData(for account: String?) async throws {
        try await removeAll(account: account)
    }

    /// Removes every stored response of every account.
    public func removeAll() async throws {
        try await storage.removeResponses(.all, area: .responses)
    }

    /// Removes entries older than ``Configuration/maxAge``, then the least recently used ones beyond
    /// ``Configuration/maxCount`` and ``Configuration/maxBytes``; returns how many were removed and throws what
    /// the storage threw. (The automatic purges report a failure as `ClientEvent.storageError(message:)`.)
    @discardableResult
    public func purge() async throws -> Int {
        let limits = PurgeLimits(
            maxAge: configuration.maxAge, maxCount: configuration.maxCount, maxBytes: configuration.maxBytes)
        return try await storage.purgeResponses(area: .responses, limits: limits, now: clock.now())
    }

    /// Entries and bytes currently stored.
    public func usage() async throws -> StorageUsage {
        try await storage.responseUsage(area: .responses)
    }

    private func isStorable(_ request: APIRequest, _ operation: OperationInfo) -> Bool {
        configuration.methods.contains(request.method) || configuration.operations.contains(operation.id)
    }

    /// The entry under `key`; a read that fails is a miss, reported as an event.
    private func load(_ key: String) async -> StoredResponse? {
        await reportingFailure("reading an entry") {
            try await storage.loadResponse(key: key, area: .responses, accessedAt: clock.now())
        } ?? nil
    }

    @discardableResult
    private func reportingFailure<Value>(_ step: String, _ body: () async throws -> Value) async -> Value? {
        await events.reportingStorageFailure("response store", step, body)
    }

    private func served(_ entry: StoredResponse, operation: OperationInfo, context: RequestContext?) -> APIResponse {
        context?.report.source = .store
        events?.emit(.servedFromCache(RequestEvent(
            id: context?.id ?? 0, operation: operation.id, method: operation.method, url: entry.url,
            account: entry.account, status: entry.response.status, source: .store)))
        var response = entry.response
        response.isLocal = true
        return response
    }

    private func fetch(
        _ request: APIRequest, key: String, account: String?, context: RequestContext?,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        let requestTime = clock.now()
        let response = try await next(request)
        let responseTime = clock.now()
        let control = CacheControl(response.headerFields)
        // `private` data is kept only in an account's partition: the anonymous one is shared by every user.
        guard response.isSuccess, !control.noStore, !control.isPrivate || account != nil, isWellFormed(response) else {
            return response
        }
        if context?.options.recorder != nil {
            // An unreadable previous entry counts as changed: the fresh value is delivered.
            let previous = await reportingFailure("reading the previous entry") {
                try await storage.loadResponse(key: key, area: .responses, accessedAt: responseTime)
            } ?? nil
            context?.report.unchangedFromStored = previous?.response.body == response.body
        }
        let entry = StoredResponse(
            key: key, account: account, method: request.method.rawValue, url: request.url, response: response,
            requestTime: requestTime, responseTime: responseTime,
            expiresAt: expiry(of: response, requestTime: requestTime, responseTime: responseTime),
            lastAccessedAt: responseTime)
        await reportingFailure("storing a response") { try await storage.saveResponse(entry, area: .responses) }
        await purgeIfDue()
        return response
    }

    private func expiry(of response: APIResponse, requestTime: Date, responseTime: Date) -> Date {
        if configuration.usesServerExpiry {
            if CacheControl(response.headerFields).noCache {
                return responseTime
            }
            if let expiry = CacheFreshness.expiry(
                of: response.headerFields, requestTime: requestTime, responseTime: responseTime) {
                return expiry
            }
        }
        return responseTime.addingTimeInterval(configuration.defaultTTL)
    }

    private func isWellFormed(_ response: APIResponse) -> Bool {
        guard configuration.requiresValidJSON,
              let type = response.headerFields[.contentType]?.lowercased(), type.contains("json")
        else { return true }
        return (try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed])) != nil
    }

    private func purgeIfDue() async {
        guard configuration.purgeInterval > 0 else { return }
        let due = saveCount.withLock { count -> Bool in
            count += 1
            return count % configuration.purgeInterval == 0
        }
        if due {
            await reportingFailure("purging") { try await purge() }
        }
    }
}
