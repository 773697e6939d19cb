@_spi(Generated) @testable import APIRuntime
import Foundation

/// A middleware that records, after each request, where the runtime says its response came from.
struct SourceProbe: ClientMiddleware {
    let sources = TestLock<[ResponseSource]>([])

    func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        let response = try await next(request)
        sources.withLock { $0.append(RequestContext.current?.report.source ?? .network) }
        return response
    }

    var last: ResponseSource? {
        sources.current.last
    }
}
