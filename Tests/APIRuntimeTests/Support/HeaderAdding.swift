import HTTPTypes
import APIRuntime

/// A middleware that sets one header field on every request.
struct HeaderAdding: ClientMiddleware {
    let name: String
    let value: String

    func intercept(_ request: APIRequest, operation: OperationInfo,
                   next: @Sendable (APIRequest) async throws -> APIResponse) async throws -> APIResponse {
        var request = request
        request.headerFields[HTTPField.Name(name)!] = value
        return try await next(request)
    }
}
