import APIRuntime
import Foundation

/// Adds the parameters every request carries (API version, device type, app version), configured once.
/// A parameter the request already has is left as it is.
///
/// ```swift
/// BaseParametersMiddleware(query: ["api_version": "3"], headers: ["X-Device-Type": "ios"])
/// ```
public struct BaseParametersMiddleware: ClientMiddleware {
    /// Query parameters, in order.
    public let query: [(name: String, value: String)]
    /// Header fields.
    public let headers: HTTPHeaders

    /// A middleware adding `query` parameters and `headers`.
    public init(query: KeyValuePairs<String, String> = [:], headers: HTTPHeaders = [:]) {
        self.query = query.map { (name: $0.key, value: $0.value) }
        self.headers = headers
    }

    /// Adds the missing parameters and passes the request on.
    public func intercept(
        _ request: HTTPRequest, operation: OperationInfo,
        next: @Sendable (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        try await next(applied(to: request))
    }

    /// `request` with the base parameters added.
    public func applied(to request: HTTPRequest) -> HTTPRequest {
        var request = request
        for field in headers where !request.headers.contains(field.name) {
            request.headers.add(name: field.name, value: field.value)
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
