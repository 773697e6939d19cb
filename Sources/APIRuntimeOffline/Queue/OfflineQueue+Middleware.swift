import APIRuntime
import APIRuntimeStore
import Foundation

extension OfflineQueue: ClientMiddleware {
    /// For queueable calls: adds the idempotency key, stores the call instead of sending it when the account
    /// has pending entries, and stores it when sending fails for lack of connectivity. Either way the caller
    /// gets ``RequestQueuedError``. Other calls and replays pass through unchanged.
    public nonisolated func intercept(
        _ request: HTTPRequest, operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        guard let context = RequestContext.current, context.isQueueable, !context.options.isReplay else {
            return try await next(request)
        }
        let calledAt = clock.now()
        var request = request
        if request.headers[configuration.idempotencyHeader] == nil {
            request.headers[configuration.idempotencyHeader] = UUID().uuidString.lowercased()
        }
        // A storage failure here (already reported as an event) must not stop the call: it is then sent directly.
        if let entry = try? await enqueueBehindPending(
            request, operation: operation, account: context.account, calledAt: calledAt) {
            context.report.isDeferred = true
            throw RequestQueuedError(entry: entry)
        }
        do {
            return try await next(request)
        } catch where NetworkFailure.isConnectivity(error) {
            guard let entry = try? await enqueue(
                request, operation: operation, account: context.account, calledAt: calledAt)
            else { throw error }
            context.report.isDeferred = true
            throw RequestQueuedError(entry: entry)
        }
    }
}
