import APIRuntime
import APIRuntimeStore
import Foundation
import HTTPTypes

extension OfflineQueue: ClientMiddleware {
    /// For queueable calls: adds the idempotency key, stores the call instead of sending it when the account
    /// has pending entries, and stores it when sending fails for lack of connectivity. Either way the caller
    /// gets ``RequestQueuedError``. Other calls and replays pass through unchanged.
    ///
    /// When storage fails the call is not lost silently: the failure is emitted as
    /// `ClientEvent.storageError(message:)`, and the call is sent directly (checking for pending entries
    /// failed) or its network error is thrown to the caller (storing it failed).
    public nonisolated func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        guard let context = RequestContext.current, context.isQueueable, !context.options.isReplay else {
            return try await next(request)
        }
        let calledAt = clock.now()
        var request = request
        if request.headerFields[configuration.idempotencyHeader] == nil {
            request.headerFields[configuration.idempotencyHeader] = UUID().uuidString.lowercased()
        }
        // A storage failure must not stop the call: it is reported as an event and the call is sent directly.
        let queuedBehind: QueuedRequest?
        do {
            queuedBehind = try await enqueueBehindPending(
                request, operation: operation, account: context.account, calledAt: calledAt)
        } catch {
            events?.emit(.storageError(message: "\(operation.id) could not be queued behind pending entries; sending it now: \(error)"))
            queuedBehind = nil
        }
        if let entry = queuedBehind {
            context.report.isDeferred = true
            throw RequestQueuedError(entry: entry)
        }
        do {
            return try await next(request)
        } catch where APIError.isConnectivityFailure(error) {
            let entry: QueuedRequest
            do {
                entry = try await enqueue(request, operation: operation, account: context.account, calledAt: calledAt)
            } catch let storageError {
                // The caller gets the network error (the call was not kept); the event says why it was not.
                events?.emit(.storageError(message: "\(operation.id) failed offline and could not be queued: \(storageError)"))
                throw error
            }
            context.report.isDeferred = true
            throw RequestQueuedError(entry: entry)
        }
    }
}
