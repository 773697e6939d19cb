import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends generated operations' requests through the middlewares and the transport and decodes responses.
///
/// Immutable after `init`, so one client can be shared by any number of tasks.
public final class APIClient: Sendable {
    /// The server URL every operation path is appended to (its path, if any, is kept).
    public let baseURL: URL
    /// Sends the built requests.
    public let transport: any HTTPTransport
    /// Run in order around the transport: the first one sees the request first and the response last.
    public let middlewares: [any ClientMiddleware]
    /// Encodes JSON request bodies. Generated models encode dates themselves, so no date strategy is needed.
    public let encoder: JSONEncoder
    /// Decodes JSON responses. Generated models decode dates and nulls themselves; a default decoder works.
    ///
    /// With default key, date, data and float strategies, responses are decoded from the tree their validation already
    /// parsed (the same values and errors, the body read once), with this decoder's `userInfo`; with any other
    /// strategy this decoder decodes the body itself.
    public let decoder: JSONDecoder
    /// Whether ``decoder`` decodes as the parsed-tree decoder does (read once: the decoder is not changed later, and its
    /// strategy getters take a lock each).
    let decodesFromParsedTree: Bool
    /// Receives a started event and a finished or failed event for every request (see ``ClientEvent``).
    public let events: EventBus
    /// The account requests are made for (nil: anonymous). The response store, the HTTP cache and the offline
    /// queue keep each account's data apart; called once per request. When it returns nil and ``credentials``
    /// has values, the partition is a digest of those values (see ``currentAccount()``).
    public let accountProvider: @Sendable () -> String?
    /// The credentials the client attaches to operations whose security requirements need them (nil: the
    /// runtime attaches none; a middleware such as `AuthMiddleware` may).
    public var credentials: CredentialSet? { credentialManager?.set }

    let credentialManager: CredentialManager?
    let validationReporting = Locked<(@Sendable (ResponseValidationFailure) -> Void)?>(nil)

    let requestCounter = Locked<UInt64>(0)
    /// What was validated and decoded from bodies served locally, so a cache hit skips that work.
    let localResults = LocalResultMemo()

    /// Creates a client; `encoder` and `decoder` must not be changed after they are handed over.
    ///
    /// With `credentials`, each operation carries exactly the credentials its security requirements ask for
    /// (``OperationInfo/securityDescription`` names them), and a missing one throws ``APIError/missingCredentials(operation:alternatives:)`` before anything is sent.
    ///
    /// Give the same `events` bus to the runtime pieces in `middlewares` so one stream shows everything. Each
    /// of `middlewares` is attached to this client (``ClientMiddleware/attach(to:)``) (an offline queue then replays its
    /// entries through it).
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        middlewares: [any ClientMiddleware] = [],
        encoder: JSONEncoder = JSONEncoder(),
        decoder: JSONDecoder = JSONDecoder(),
        events: EventBus = EventBus(),
        accountProvider: @escaping @Sendable () -> String? = { nil },
        credentials: CredentialSet? = nil
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.middlewares = middlewares
        self.encoder = encoder
        self.decoder = decoder
        self.decodesFromParsedTree = JSONInstanceDecoder.decodesLikeDefault(decoder)
        self.events = events
        self.accountProvider = accountProvider
        self.credentialManager = credentials.map { CredentialManager($0, events: events) }
        // An offline queue replays through this client; it holds the client weakly.
        for middleware in middlewares {
            middleware.attach(to: self)
        }
    }

    /// Builds `request` against ``baseURL``, adds `Accept: application/json` unless an `Accept` header is set,
    /// and runs it through ``middlewares`` and ``transport``. Any status is returned as a response.
    ///
    /// Throws ``APIError/invalidRequest(_:)`` when the request cannot be built, ``APIError/invalidHeaderValue(name:byte:)`` (or another `invalid…` case) when its
    /// method, a header parameter, a cookie or a credential holds CR, LF, NUL or another byte HTTP forbids there
    /// (the transport is never called; a value a middleware sets in `HTTPFields` has such bytes made spaces by
    /// swift-http-types), ``APIError/responseTooLarge(url:limit:announcedLength:)``, ``APIError/transport(_:)`` wrapping
    /// what else the transport threw, errors thrown by middlewares unchanged, and `CancellationError` when the task is
    /// cancelled (also when `URLSession` reports the cancellation as `URLError.cancelled`).
    ///
    /// A multipart body with parts read from files (``RequestBuilder/fileBackedForm``) is written to a temporary file
    /// and uploaded from disk (see ``sendFileBackedForm(_:_:operation:uploadProgress:)``), reporting `uploadProgress`
    /// as it is sent. Any other body is in memory: `uploadProgress` is told once, when the response arrived.
    @_spi(Generated) public func send(
        _ request: RequestBuilder, operation: OperationInfo, uploadProgress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> APIResponse {
        try Task.checkCancellation()
        if let form = request.fileBackedForm {
            return try await sendFileBackedForm(form, request.withoutFileBackedForm, operation: operation,
                                                uploadProgress: uploadProgress)
        }
        var httpRequest = try request.build(baseURL: baseURL)
        if !httpRequest.headerFields.contains(.accept) {
            httpRequest.headerFields[.accept] = "application/json"
        }
        let response = try await send(httpRequest, operation: operation)
        if let uploadProgress {
            let size = Int64(httpRequest.body?.count ?? 0)
            uploadProgress(TransferProgress(completedBytes: size, expectedBytes: size))
        }
        return response
    }

    /// Runs an already built request through ``middlewares`` and ``transport`` as part of `operation`, with the
    /// ``RequestOptions`` of the current task; used by the offline queue to replay stored requests.
    ///
    /// Emits ``ClientEvent/requestStarted(_:)`` and then ``ClientEvent/requestFinished(_:)`` or
    /// ``ClientEvent/requestFailed(_:)`` (nothing more when the request was queued: the queue emits
    /// ``ClientEvent/queued(_:)``). Throws like the `RequestBuilder` overload.
    public func send(_ request: APIRequest, operation: OperationInfo) async throws -> APIResponse {
        try Task.checkCancellation()
        let options = RequestOptions.current
        let id = requestCounter.withLock { counter -> UInt64 in
            counter += 1
            return counter
        }
        let selection: CredentialSelection?
        let account: String?
        do {
            selection = try await credentialManager?.select(for: operation)
            account = options.isReplay ? options.replayAccount : try await currentAccount()
        } catch {
            // Nothing was sent, but observers still see the call and why it failed.
            var event = RequestEvent(id: id, operation: operation.id, method: request.method.rawValue, url: request.url, account: nil)
            event.error = String(describing: error)
            events.emit(.requestStarted(event))
            events.emit(.requestFailed(event))
            throw error
        }
        let context = RequestContext(
            id: id, operation: operation, account: account, options: options, credentials: selection)
        options.recorder?.record(context.report)
        var event = RequestEvent(
            id: id, operation: operation.id, method: request.method.rawValue, url: request.url, account: account)
        events.emit(.requestStarted(event))
        let start = ContinuousClock.now
        do {
            var response = try await RequestContext.$current.withValue(context) {
                try await chain(for: operation, context: context)(request)
            }
            response.parsedBodyMemo = ParsedBodyMemo()
            event.status = response.status
            event.source = context.report.source
            event.duration = ContinuousClock.now - start
            events.emit(.requestFinished(event))
            return response
        } catch where context.report.isDeferred {
            throw error   // kept for later (the queue emits its own event): not a failure
        } catch {
            event.duration = ContinuousClock.now - start
            event.error = error is CancellationError ? "cancelled" : String(describing: error)
            events.emit(.requestFailed(event))
            throw error
        }
    }

    /// The partition the HTTP cache, the response store and the offline queue use for requests made now:
    /// ``accountProvider``'s account, else a digest of the credential values available now (so two people
    /// signing in on one device never share stored data even when the app names no account), else nil.
    ///
    /// A token refreshed through this client keeps the partition it replaced; a token obtained otherwise (a new
    /// sign-in) starts a new one. Give an ``accountProvider`` when data must stay in one partition across both.
    public func currentAccount() async throws -> String? {
        if let account = accountProvider() { return account }
        return try await credentialManager?.identity()
    }

    /// Removes what ``middlewares`` (HTTP caches, response stores, offline queues:
    /// ``ClientMiddleware/removeData(for:)``) hold for `account` (nil: the anonymous partition), e.g. on sign-out: `try await
    /// client.removeStoredData(for: client.currentAccount())` before the credentials are cleared.
    ///
    /// Every middleware is asked even when one fails (so one broken file does not keep another user's data on the
    /// device); each failure is emitted as ``ClientEvent/storageError(message:)`` and the first one is thrown.
    public func removeStoredData(for account: String?) async throws {
        var firstError: (any Error)?
        for middleware in middlewares {
            do {
                try await middleware.removeData(for: account)
            } catch {
                events.emit(.storageError(message: "removing stored data failed: \(error)"))
                firstError = firstError ?? error
            }
        }
        if let firstError { throw firstError }
    }

    /// Decodes `response.body` as JSON into `type` with ``decoder``.
    ///
    /// An empty or malformed body or a body of the wrong shape throws ``APIError/decoding(operation:status:message:)``
    /// whose message names the JSON path, e.g. `members[3].ident: expected String, found number`.
    @_spi(Generated) public func decode<T: Decodable>(_ type: T.Type, from response: APIResponse, operation: OperationInfo) throws -> T {
        guard !response.body.isEmpty else {
            throw APIError.decoding(
                operation: operation.id, status: response.status, message: "empty body, expected JSON for \(T.self)")
        }
        if response.isLocal, let known = localResults.value(T.self, kind: .body, operation: operation.id, body: response.body) {
            return known
        }
        do {
            let value: T
            // The tree validation parsed; a body the runtime's parser refuses goes to JSONDecoder, whose error says why.
            if decodesFromParsedTree, let instance = try? response.parsedBody() {
                value = try JSONInstanceDecoder.decode(T.self, from: instance, userInfo: decoder.userInfo)
            } else {
                value = try decoder.decoding(ParsedBodySource(body: response.body, memo: response.parsedBodyMemo))
                    .decode(T.self, from: response.body)
            }
            if response.isLocal { localResults.store(value, kind: .body, operation: operation.id, body: response.body) }
            return value
        } catch let error as DecodingError {
            throw APIError.decoding(
                operation: operation.id, status: response.status,
                message: DecodingErrorMessage.describe(error, body: response.body))
        } catch {
            throw APIError.decoding(
                operation: operation.id, status: response.status, message: String(describing: error))
        }
    }

    private func chain(
        for operation: OperationInfo, context: RequestContext
    ) -> @Sendable (APIRequest) async throws -> APIResponse {
        let transport = transport
        let manager = credentialManager
        var next: @Sendable (APIRequest) async throws -> APIResponse = { request in
            // cacheOnly must never reach the network, even when no response store is configured.
            if context.options.fetchPolicy == .cacheOnly, !context.report.handledByStore {
                throw APIError.notStored(operation: operation.id, url: request.url)
            }
            guard let selection = context.credentials, let manager else {
                return try await Self.send(request, through: transport)
            }
            let response = try await Self.send(try selection.apply(to: request), through: transport)
            // Only operations authenticated by a refreshable token refresh, and never the refresh's own calls.
            guard response.status == 401, selection.isRefreshable, !CredentialRefresh.isActive else { return response }
            let renewed = try await manager.refreshed(selection)
            return try await Self.send(try renewed.apply(to: request), through: transport)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request in
                try await middleware.intercept(request, operation: operation, next: inner)
            }
        }
        return next
    }

    private static func send(_ request: APIRequest, through transport: any HTTPTransport) async throws -> APIResponse {
        do {
            return try await transport.send(request)
        } catch let error as CancellationError {
            throw error
        } catch let error as APIError {
            throw error
        } catch {
            // URLSession reports a cancelled task as URLError.cancelled; callers expect CancellationError.
            if Task.isCancelled, (error as? URLError)?.code == .cancelled {
                throw CancellationError()
            }
            throw APIError.transport(error)
        }
    }
}
