import APIRuntime
import Foundation
import HTTPTypes

/// Adds the parameters every request carries (API version, device type, app version), configured once.
/// A parameter the request already has is left as it is.
///
/// ```swift
/// BaseParametersMiddleware(query: ["api_version": "3"], headerFields: [HTTPField.Name("X-Device-Type")!: "ios"])
/// ```
public struct BaseParametersMiddleware: ClientMiddleware {
    /// Query parameters, in order.
    public let query: [(name: String, value: String)]
    /// Header fields.
    public let headerFields: HTTPFields

    /// A middleware adding `query` parameters and `headerFields`.
    public init(query: KeyValuePairs<String, String> = [:], headerFields: HTTPFields = [:]) {
        self.query = query.map { (name: $0.key, value: $0.value) }
        self.headerFields = headerFields
    }

    /// Adds the missing parameters and passes the request on.
    public func intercept(
        _ request: APIRequest, operation: OperationInfo,
        next: @Sendable (APIRequest) async throws -> APIResponse
    ) async throws -> APIResponse {
        try await next(applied(to: request))
    }

    /// `request` with the base parameters added.
    public func applied(to request: APIRequest) -> APIRequest {
        var request = request
        for field in headerFields where !request.headerFields.contains(field.name) {
            request.headerFields.append(field)
        }
        guard !query.isEmpty,
              var components = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
        else { return request }
        var items = components.percentEncodedQueryItems ?? []
        let present = Set(items.map { $0.name.removingPercentEncoding ?? $0.name })
        for parameter in query where !present.contains(parameter.name) {
            items.append(URLQueryItem(
                name: PercentEncoding.encodeUnreserved(parameter.name),
                value: PercentEncoding.encodeUnreserved(parameter.value)))
        }
        components.percentEncodedQueryItems = items
        if let url = components.url {
            request.url = url
        }
        return request
    }
}
