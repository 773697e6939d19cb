import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: sends requests with `URLSession`'s async API, so cancelling the calling task
/// cancels the request.
///
/// Errors from `URLSession` (`URLError`) are thrown unchanged; ``APIClient`` wraps them in
/// ``APIError/transport(_:)``.
public struct URLSessionTransport: HTTPTransport {
    /// The session every transport uses unless given another: HTTP caching is off (`urlCache = nil`,
    /// `.reloadIgnoringLocalCacheData`) because API responses must not be served from a local cache.
    public static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// The session requests are sent with.
    public let session: URLSession
    /// Seconds a request may stay idle before it fails with `URLError(.timedOut)`.
    public let timeout: TimeInterval

    /// A transport using `session` (``sharedSession`` by default) with a per-request `timeout` in seconds.
    public init(timeout: TimeInterval = 60, session: URLSession = URLSessionTransport.sharedSession) {
        self.timeout = timeout
        self.session = session
    }

    /// Sends `request`; every status code is returned as a response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.timeoutInterval = timeout
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body

        let (data, response) = try await session.data(for: urlRequest)
        guard let httpResponse = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: request.url])
        }
        // allHeaderFields is a dictionary, so the original order is lost; sorting keeps it deterministic.
        let fields = httpResponse.allHeaderFields.compactMap { key, value -> (name: String, value: String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
        return HTTPResponse(status: httpResponse.statusCode, headers: HTTPHeaders(fields), body: data)
    }
}
