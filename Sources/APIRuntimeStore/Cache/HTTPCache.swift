import APIRuntime
import Foundation
import HTTPTypes

/// The runtime's HTTP cache (a private cache, RFC 9111 subset), needed because FoundationNetworking's
/// `URLSession` on Linux never caches; `URLSessionTransport` keeps `URLSession`'s own cache off everywhere.
///
/// - Stores responses with explicit freshness (`max-age`, `Expires`) or a validator (`ETag`, `Last-Modified`);
///   no heuristic freshness. Never stores `no-store` responses, or `private` ones outside an account partition.
/// - Serves fresh entries without contacting the server; revalidates stale and `no-cache` entries with
///   `If-None-Match`/`If-Modified-Since`, and a `304` returns the stored response (reported as
///   `ResponseSource.revalidated`).
/// - Partitions by account (`RequestContext.account`): the app's account, or a digest of the client's
///   credentials, so a response cached for one user is never served to the next one signing in on the device.
///   A response to a request carrying `Authorization` without an account is stored only when `public` or
///   `must-revalidate` allows it (RFC 9111 §3.5).
/// - Keys entries by method + URL + canonical body + account (``CacheKey``); honours `Vary`.
///
/// Storage failures never fail the call being served: a failed read is a miss (the request goes to the network),
/// a failed write leaves the response unstored; each is emitted as `ClientEvent.storageError(message:)` on the
/// cache's `events` bus. Calls made by the app (``removeAll(_:)``, ``purge()``, ``entry(for:account:)``) throw.
///
/// A `ClientMiddleware`: put it after the auth and retry middlewares (revalidations need the token and may be
/// retried) and before the rate limiter (cache hits should not use up the rate).
public final class HTTPCache: ClientMiddleware {
    /// What is cached.
    public struct Configuration: Sendable {
        /// Methods whose responses may be stored.
        public var methods: Set<HTTPRequest.Method> = [.get, .head]
        /// `operationId`s of query-style operations (usually POST) that may be stored too; their responses need
        /// explicit freshness. Other unsafe methods are never cached: replaying them from a cache would skip the
        /// server-side effect.
        public var operations: Set<String> = []
        /// Response statuses that may be stored.
        public var statuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
        /// Store `private` responses of anonymous requests too (the anonymous partition is shared by every user
        /// of the device, so this is off by default).
        public var storesPrivateResponsesWithoutAccount = false
        /// Mixed into every key.
        public var namespace = ""
        /// Purge limits applied by ``HTTPCache/purge()``.
        public var limits = PurgeLimits(maxAge: 30 * 86_400, maxCount: 2_000, maxBytes: 50 * 1_024 * 1_024)
        /// Purge automatically after this many stores; 0 purges only when asked.
        public var purgeInterval = 50

        /// The defaults described on each property.
        public init() {}
    }

    /// The settings in effect.
    public let configuration: Configuration
    private let storage: any ResponseStorage
    private let clock: any RuntimeClock
    private let events: EventBus?
    private let storeCount = Locked(0)

    /// A cache over `storage` (shared with a ``ResponseStore`` if wanted: they use separate areas).
    public init(
        storage: any ResponseStorage, configuration: Configuration = Configuration(),
        clock: any RuntimeClock = SystemClock(), events: EventBus? = nil
    ) {
        self.storage = storage
        self.configuration = configuration
        self.clock = clock
        self.events = events
    }

    /// Serves `request` from the cache, revalidates, or sends it and stores the response.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        let context = RequestContext.current
        let account = context?.account
        let requestControl = CacheControl(request.headerFields)
        let isConditional = [HTTPField.Name.ifNoneMatch, .ifModifiedSince, .ifMatch, .ifUnmodifiedSince, .range]
            .contains { request.headerFields.contains($0) }
        guard isCacheable(request, operation), !requestControl.noStore, !isConditional else {
            let response = try await next(request)
            await invalidateIfUnsafe(request, response, account: account)
            return response
        }

        let key = CacheKey.make(for: request, account: account, namespace: configuration.namespace)
        var entry = await load(key)
        if let stored = entry, !Self.varyMatches(stored, request) {
            entry = nil
        }
        if let entry {
            let now = clock.now()
            let age = CacheFreshness.currentAge(
                of: entry.response.headerFields, requestTime: entry.requestTime, responseTime: entry.responseTime, now: now)
            let responseControl = CacheControl(entry.response.headerFields)
            let lifetime = CacheFreshness.lifetime(of: entry.response.headerFields, control: responseControl, responseTime: entry.responseTime) ?? 0
            let isFresh = age < lifetime && !responseControl.noCache && !requestControl.noCache
                && requestControl.maxAge.map { age <= TimeInterval($0) } ?? true
            if isFresh {
                context?.report.source = .httpCache
                events?.emit(.servedFromCache(RequestEvent(
                    id: context?.id ?? 0, operation: operation.id, method: request.method.rawValue, url: request.url,
                    account: account, status: entry.response.status, source: .httpCache)))
                var response = entry.response
                response.headerFields[.age] = String(Int(age))
                response.isLocal = true
                return response
            }
            if let conditional = Self.conditionalRequest(for: request, entry: entry) {
                return try await revalidate(
                    conditional, original: request, entry: entry, key: key, operation: operation, context: context,
                    next: next)
            }
        }

        let requestTime = clock.now()
        let response = try await next(request)
        await store(response, for: request, key: key, account: account, requestTime: requestTime, operation: operation)
        return response
    }

    /// Removes the entries of `scope` (one account, or all); throws what the storage threw.
    public func removeAll(_ scope: AccountScope = .all) async throws {
        try await storage.removeResponses(scope, area: .httpCache)
    }

    /// Removes the entries of `account`'s partition (nil: the anonymous one); `APIClient.removeStoredData(for:)`
    /// calls this.
    public func removeData(for account: String?) async throws {
        try await removeAll(.account(account))
    }

    /// Removes the entries beyond ``Configuration/limits``, least recently used first; returns how many were
    /// removed and throws what the storage threw. (The automatic purge every ``Configuration/purgeInterval`` stores
    /// reports a failure as `ClientEvent.storageError(message:)` instead.)
    @discardableResult
    public func purge() async throws -> Int {
        try await storage.purgeResponses(area: .httpCache, limits: configuration.limits, now: clock.now())
    }

    /// The stored entry for `request` in `account`'s partition, if any (for diagnostics and tests).
    public func entry(for request: APIRequest, account: String?) async throws -> StoredResponse? {
        try await storage.loadResponse(
            key: CacheKey.make(for: request, account: account, namespace: configuration.namespace), area: .httpCache,
            accessedAt: clock.now())
    }

    // MARK: - Steps

    private func revalidate(
        _ conditional: APIRequest, original: APIRequest, entry: StoredResponse, key: String,
        operation: OperationInfo, context: RequestContext?, next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        let requestTime = clock.now()
        let response = try await next(conditional)
        guard response.status == 304 else {
            await store(response, for: original, key: key, account: entry.account, requestTime: requestTime, operation: operation)
            return response
        }
        let responseTime = clock.now()
        var updated = entry
        for field in response.headerFields where !Self.unmergedFields.contains(field.name.canonicalName) {
            updated.response.headerFields[field.name] = field.value
        }
        updated.requestTime = requestTime
        updated.responseTime = responseTime
        updated.lastAccessedAt = responseTime
        updated.expiresAt = CacheFreshness.expiry(
            of: updated.response.headerFields, requestTime: requestTime, responseTime: responseTime)
        if CacheControl(updated.response.headerFields).noStore {
            await reportingFailure("removing a no-store entry") { try await storage.removeResponse(key: key, area: .httpCache) }
        } else {
            await reportingFailure("updating a revalidated entry") { try await storage.saveResponse(updated, area: .httpCache) }
        }
        context?.report.source = .revalidated
        events?.emit(.revalidated(RequestEvent(
            id: context?.id ?? 0, operation: operation.id, method: original.method.rawValue, url: original.url,
            account: entry.account, status: updated.response.status, source: .revalidated)))
        return updated.response
    }

    private func store(
        _ response: APIResponse, for request: APIRequest, key: String, account: String?, requestTime: Date,
        operation: OperationInfo
    ) async {
        let responseTime = clock.now()
        let control = CacheControl(response.headerFields)
        let lifetime = CacheFreshness.lifetime(of: response.headerFields, responseTime: responseTime)
        let hasValidator = response.headerFields.contains(.eTag) || response.headerFields.contains(.lastModified)
        let isQueryOperation = !configuration.methods.contains(request.method)
        let vary = response.headerFields[values: .vary].flatMap { $0.split(separator: ",").map { $0.trimmingSpaces } }
        let isStorable = configuration.statuses.contains(response.status) && !control.noStore
            && (!control.isPrivate || account != nil || configuration.storesPrivateResponsesWithoutAccount)
            // RFC 9111 §3.5: the anonymous partition is shared by everyone using the device, so an authenticated
            // response goes there only when the server says any user may reuse it.
            && (account != nil || !request.headerFields.contains(.authorization) || control.isPublic || control.mustRevalidate)
            && !vary.contains("*")
            && (isQueryOperation ? (lifetime ?? 0) > 0 : ((lifetime ?? 0) > 0 || hasValidator))
        guard isStorable else {
            await reportingFailure("removing a replaced entry") { try await storage.removeResponse(key: key, area: .httpCache) }
            return
        }
        var varyHeaders = HTTPFields()
        for name in vary.compactMap({ HTTPField.Name(String($0)) }) {
            if let value = request.headerFields[name] {
                varyHeaders.append(HTTPField(name: name, value: value))
            }
        }
        let entry = StoredResponse(
            key: key, account: account, method: request.method.rawValue, url: request.url, response: response,
            requestTime: requestTime, responseTime: responseTime,
            expiresAt: CacheFreshness.expiry(of: response.headerFields, requestTime: requestTime, responseTime: responseTime),
            lastAccessedAt: responseTime, varyHeaders: varyHeaders)
        await reportingFailure("storing a response") { try await storage.saveResponse(entry, area: .httpCache) }
        let isPurgeDue = configuration.purgeInterval > 0 && storeCount.withLock { count -> Bool in
            count += 1
            return count % configuration.purgeInterval == 0
        }
        if isPurgeDue {
            await reportingFailure("purging") { try await purge() }
        }
    }

    // RFC 9111 §4.4: a successful unsafe request invalidates the stored responses for its URL.
    private func invalidateIfUnsafe(_ request: APIRequest, _ response: APIResponse, account: String?) async {
        let method = request.method
        guard ![.get, .head, .options, .trace].contains(method), (200..<400).contains(response.status) else { return }
        for safeMethod in [HTTPRequest.Method.get, .head] {
            let target = APIRequest(method: safeMethod, url: request.url)
            let key = CacheKey.make(for: target, account: account, namespace: configuration.namespace)
            await reportingFailure("invalidating after \(method)") { try await storage.removeResponse(key: key, area: .httpCache) }
        }
    }

    private func isCacheable(_ request: APIRequest, _ operation: OperationInfo) -> Bool {
        configuration.methods.contains(request.method) || configuration.operations.contains(operation.id)
    }

    /// The entry under `key`; a read that fails is a miss (the request goes to the network), reported as an event.
    private func load(_ key: String) async -> StoredResponse? {
        await reportingFailure("reading an entry") {
            try await storage.loadResponse(key: key, area: .httpCache, accessedAt: clock.now())
        } ?? nil
    }

    @discardableResult
    private func reportingFailure<Value>(_ step: String, _ body: () async throws -> Value) async -> Value? {
        await events.reportingStorageFailure("HTTP cache", step, body)
    }

    // Header fields a 304 must not overwrite in the stored response (RFC 9111 §3.2).
    private static let unmergedFields: Set<String> = [
        "content-length", "content-encoding", "transfer-encoding", "content-range", "connection", "keep-alive",
    ]

    private static func conditionalRequest(for request: APIRequest, entry: StoredResponse) -> APIRequest? {
        let etag = entry.response.headerFields[.eTag]
        let lastModified = entry.response.headerFields[.lastModified]
        guard etag != nil || lastModified != nil else { return nil }
        var conditional = request
        if let etag {
            conditional.headerFields[.ifNoneMatch] = etag
        }
        if let lastModified {
            conditional.headerFields[.ifModifiedSince] = lastModified
        }
        return conditional
    }

    private static func varyMatches(_ entry: StoredResponse, _ request: APIRequest) -> Bool {
        let names = entry.response.headerFields[values: .vary]
            .flatMap { $0.split(separator: ",").compactMap { HTTPField.Name(String($0.trimmingSpaces)) } }
        return names.allSatisfy { entry.varyHeaders[$0] == request.headerFields[$0] }
    }
}
