import Foundation
import HTTPTypes

extension APIClient {
    /// Builds `request` against ``baseURL`` (adding `Accept: accept` unless an `Accept` header is set) and sends it
    /// through ``middlewares`` and ``transport``, returning once the response head arrived; the body follows as it
    /// is received. Any status is returned.
    ///
    /// Credentials, retries (only before the head arrived: a body that broke off is never replayed) and every
    /// middleware apply as for ``send(_:operation:)``; middlewares that do not implement
    /// ``ClientMiddleware/interceptStream(_:operation:next:)`` see the head with an empty body. ``HTTPCache``, ``ResponseStore`` and ``OfflineQueue`` pass streams through
    /// untouched: a streamed body is never stored. ``ClientEvent/requestFinished(_:)`` is emitted when the head
    /// arrived. Throws like ``send(_:operation:)``.
    @_spi(Generated) public func stream(_ request: RequestBuilder, operation: OperationInfo, accept: String) async throws -> StreamedHTTPResponse {
        try Task.checkCancellation()
        var httpRequest = try request.build(baseURL: baseURL)
        if !httpRequest.headerFields.contains(.accept) {
            httpRequest.headerFields[.accept] = try HTTPFieldCheck.field(name: "Accept", value: accept).value
        }
        return try await stream(httpRequest, operation: operation)
    }

    /// Runs an already built request through ``middlewares`` and ``transport`` as a stream, returning once the
    /// response head arrived; the body follows as it is received. Any status is returned.
    ///
    /// Credentials, retries (only before the head arrived: a body that broke off is never replayed) and every
    /// middleware apply as for ``send(_:operation:)``; middlewares that do not implement
    /// ``ClientMiddleware/interceptStream(_:operation:next:)`` see the head with an empty body. Throws like ``send(_:operation:)``.
    public func stream(_ request: APIRequest, operation: OperationInfo) async throws -> StreamedHTTPResponse {
        try await stream(request, operation: operation, uploadProgress: nil)
    }

    /// ``stream(_:operation:)`` reporting the bytes sent of a body read from ``APIRequest/bodyFile``; with
    /// `downloadTarget`, a transport that adopts ``FileDownloadingTransport`` writes the body to its file and returns
    /// once it is complete.
    func stream(_ request: APIRequest, operation: OperationInfo,
                uploadProgress: (@Sendable (TransferProgress) -> Void)?,
                downloadTarget: DownloadTarget? = nil) async throws -> StreamedHTTPResponse {
        try Task.checkCancellation()
        let options = RequestOptions.current
        let id = requestCounter.withLock { counter -> UInt64 in
            counter += 1
            return counter
        }
        var event = RequestEvent(id: id, operation: operation.id, method: request.method.rawValue, url: request.url, account: nil)
        let context: RequestContext
        do {
            let selection = try await credentialManager?.select(for: operation)
            let account = try await currentAccount()
            event.account = account
            context = RequestContext(id: id, operation: operation, account: account, options: options, credentials: selection)
        } catch {
            event.error = String(describing: error)
            events.emit(.requestStarted(event))
            events.emit(.requestFailed(event))
            throw error
        }
        options.recorder?.record(context.report)
        events.emit(.requestStarted(event))
        let start = ContinuousClock.now
        do {
            let response = try await RequestContext.$current.withValue(context) {
                try await streamChain(for: operation, context: context, uploadProgress: uploadProgress,
                                      downloadTarget: downloadTarget)(request)
            }
            event.status = response.status
            event.source = .network
            event.duration = ContinuousClock.now - start
            events.emit(.requestFinished(event))
            return response
        } catch {
            event.duration = ContinuousClock.now - start
            event.error = error is CancellationError ? "cancelled" : String(describing: error)
            events.emit(.requestFailed(event))
            throw error
        }
    }

    private func streamChain(
        for operation: OperationInfo, context: RequestContext, uploadProgress: (@Sendable (TransferProgress) -> Void)?,
        downloadTarget: DownloadTarget?
    ) -> @Sendable (APIRequest) async throws -> StreamedHTTPResponse {
        let transport = transport
        let manager = credentialManager
        var next: @Sendable (APIRequest) async throws -> StreamedHTTPResponse = { request in
            if context.options.fetchPolicy == .cacheOnly {
                throw APIError.notStored(operation: operation.id, url: request.url)
            }
            guard let selection = context.credentials, let manager else {
                return try await Self.stream(request, through: transport, uploadProgress: uploadProgress,
                                             downloadTarget: downloadTarget)
            }
            let response = try await Self.stream(try selection.apply(to: request), through: transport,
                                                 uploadProgress: uploadProgress, downloadTarget: downloadTarget)
            guard response.status == 401, selection.isRefreshable, !CredentialRefresh.isActive else { return response }
            response.body.cancel()
            let renewed = try await manager.refreshed(selection)
            return try await Self.stream(try renewed.apply(to: request), through: transport, uploadProgress: uploadProgress,
                                         downloadTarget: downloadTarget)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request in
                try await middleware.interceptStream(request, operation: operation, next: inner)
            }
        }
        return next
    }

    private static func stream(_ request: APIRequest, through transport: any HTTPTransport,
                               uploadProgress: (@Sendable (TransferProgress) -> Void)?,
                               downloadTarget: DownloadTarget?) async throws -> StreamedHTTPResponse {
        do {
            if let downloadTarget, let downloading = transport as? any FileDownloadingTransport {
                return try await downloading.download(request, to: downloadTarget)
            }
            return try await transport.stream(request, uploadProgress: uploadProgress)
        } catch let error as CancellationError {
            throw error
        } catch let error as APIError {
            throw error
        } catch let error as CocoaError where error.code == .fileWriteOutOfSpace {
            throw error  // the disk, not the network (DiskSpace)
        } catch {
            if Task.isCancelled, (error as? URLError)?.code == .cancelled {
                throw CancellationError()
            }
            throw APIError.transport(error)
        }
    }
}

@_spi(Generated) extension APIClient {
    /// Reads the whole body of a streamed response that is not the stream the caller wanted (a documented error, an
    /// unexpected status) into an ``APIResponse`` for the generated status switch; at most
    /// ``URLSessionTransport/defaultMaxResponseSize`` bytes (more throws ``APIError/responseTooLarge(url:limit:announcedLength:)``).
    public func collect(_ response: StreamedHTTPResponse, operation: OperationInfo) async throws -> APIResponse {
        let url = baseURL.appendingPathComponent(operation.path)
        var collected = try await response.collected(url: url)
        collected.parsedBodyMemo = ParsedBodyMemo()
        return collected
    }
}
