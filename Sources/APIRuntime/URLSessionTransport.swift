import Foundation
import HTTPTypes
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The default ``HTTPTransport``: sends requests with `URLSession`'s async API, so cancelling the calling task
/// cancels the request.
///
/// Bodies are collected as they arrive and the transfer stops as soon as one passes ``maxResponseSize`` (32 MiB by
/// default), throwing ``APIError/responseTooLarge(url:limit:announcedLength:)``. Header fields are swift-http-types' `HTTPFields`, which cannot hold
/// CR, LF or NUL, so no request injects a header line; repeated fields go out as one line per name.
///
/// Errors from `URLSession` (`URLError`) are thrown unchanged; ``APIClient`` wraps them in
/// ``APIError/transport(_:)``. On Linux, where FoundationNetworking reports a connection closed mid-body as
/// `URLError(.unknown)` ("transfer closed with N bytes remaining"), that error is thrown as
/// `URLError(.networkConnectionLost)`, as on Apple platforms.
public struct URLSessionTransport: HTTPTransport {
    /// The session every transport uses unless given another: HTTP caching is off (`urlCache = nil`,
    /// `.reloadIgnoringLocalCacheData`) because API responses must not be served from a local cache.
    public static let sharedSession: URLSession = {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return makeSession(configuration: configuration)
    }()

    /// The default ``maxResponseSize``: 32 MiB, generous for JSON APIs and downloads an app holds in memory.
    public static let defaultMaxResponseSize = 32 * 1024 * 1024

    /// A session with `configuration` whose transfers ``URLSessionTransport`` can stop at ``maxResponseSize``.
    /// With a session made any other way the body is buffered whole by `URLSession` and only then checked.
    public static func makeSession(configuration: URLSessionConfiguration) -> URLSession {
        URLSession(configuration: configuration, delegate: URLSessionBodyCollector(), delegateQueue: nil)
    }

    /// The session requests are sent with.
    public let session: URLSession
    /// Seconds a request may take before it fails with `URLError(.timedOut)`. On Linux FoundationNetworking
    /// counts whole seconds only (and fails at once for less than one), so it is rounded up to whole seconds.
    public let timeout: TimeInterval
    /// The largest response body accepted, in bytes; a larger one throws ``APIError/responseTooLarge(url:limit:announcedLength:)``.
    public let maxResponseSize: Int

    /// A transport using `session` (``sharedSession`` by default) with a per-request `timeout` in seconds and a
    /// `maxResponseSize` in bytes.
    public init(timeout: TimeInterval = 60, maxResponseSize: Int = URLSessionTransport.defaultMaxResponseSize,
                session: URLSession = URLSessionTransport.sharedSession) {
        self.timeout = timeout
        self.maxResponseSize = maxResponseSize
        self.session = session
    }

    /// Sends `request`; every status code is returned as a response.
    /// URLSession fails a GET or HEAD with a body with an opaque "resource exceeds maximum size" (-1103) on every
    /// platform; this says what is wrong before anything is sent.
    static func checkBodyIsSendable(_ request: APIRequest) throws {
        let method = request.method
        guard method == .get || method == .head, !(request.body?.isEmpty ?? true) || request.bodyFile != nil else { return }
        throw APIError.invalidRequest(
            "URLSession cannot send a body with \(method) \(request.url.path); use a transport that can, or leave the body out")
    }

    public func send(_ request: APIRequest) async throws -> APIResponse {
        try Self.checkBodyIsSendable(request)
        let url = request.url
        let urlRequest = urlRequest(for: request, url: url)

        let (data, response): (Data, URLResponse)
        do {
            if let collector = session.delegate as? URLSessionBodyCollector {
                (data, response) = try await collector.run(task(for: urlRequest, bodyFile: request.bodyFile), url: url,
                                                        limit: maxResponseSize, followsRedirects: request.followsRedirects)
            } else if let bodyFile = request.bodyFile {
                (data, response) = try await session.upload(for: urlRequest, fromFile: bodyFile)
                if data.count > maxResponseSize { throw APIError.responseTooLarge(url: url, limit: maxResponseSize, announcedLength: nil) }
            } else {
                (data, response) = try await session.data(for: urlRequest)
                if data.count > maxResponseSize { throw APIError.responseTooLarge(url: url, limit: maxResponseSize, announcedLength: nil) }
            }
        } catch let error as URLError where Self.isTruncatedTransfer(error) {
            throw URLError(.networkConnectionLost, userInfo: [
                NSURLErrorFailingURLErrorKey: url, NSUnderlyingErrorKey: error as NSError,
                NSLocalizedDescriptionKey: "the connection closed before the whole body arrived",
            ])
        }
        guard let httpResponse = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse, userInfo: [NSURLErrorFailingURLErrorKey: url])
        }
        return APIResponse(status: httpResponse.statusCode, headerFields: Self.headerFields(of: httpResponse), body: data)
    }

    /// The `URLRequest` for `request`, with this transport's timeout; the body is left to ``task(for:bodyFile:)``
    /// when it is a file.
    func urlRequest(for request: APIRequest, url: URL? = nil) -> URLRequest {
        var urlRequest = URLRequest(url: url ?? request.url)
        urlRequest.httpMethod = request.method.rawValue
        #if canImport(FoundationNetworking)
        urlRequest.timeoutInterval = max(1, timeout.rounded(.up))
        #else
        urlRequest.timeoutInterval = timeout
        #endif
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        // One line per name, as HTTPFields combines repeated fields: `; ` for Cookie (which swift-http-types keeps
        // as one field per cookie), `, ` otherwise. URLRequest.addValue would join cookies with `, `.
        // A request has a handful of fields: scanning them beats hashing names into a set on every request.
        let fields = request.headerFields
        for index in fields.indices {
            let name = fields[index].name
            guard !fields[..<index].contains(where: { $0.name == name }) else { continue }
            let repeated = fields[fields.index(after: index)...].contains { $0.name == name }
            urlRequest.setValue(repeated ? fields[name] : fields[index].value, forHTTPHeaderField: name.rawName)
        }
        if request.bodyFile == nil {
            urlRequest.httpBody = request.body
        }
        return urlRequest
    }

    /// A task (not resumed) sending `urlRequest`, reading its body from `bodyFile` when given.
    func task(for urlRequest: URLRequest, bodyFile: URL?) -> URLSessionDataTask {
        bodyFile.map { session.uploadTask(with: urlRequest, fromFile: $0) } ?? session.dataTask(with: urlRequest)
    }

    /// The header fields of `response`. `allHeaderFields` is a dictionary, so the original order is lost; sorting
    /// keeps it deterministic. A name that is not an HTTP token (no server sends one that `URLSession` keeps) is
    /// left out.
    static func headerFields(of response: HTTPURLResponse) -> HTTPFields {
        let fields = response.allHeaderFields.compactMap { key, value -> HTTPField? in
            guard let key = key as? String, let name = HTTPField.Name(key) else { return nil }
            return HTTPField(name: name, value: value as? String ?? String(describing: value))
        }.sorted { $0.name.canonicalName < $1.name.canonicalName }
        return HTTPFields(fields)
    }

    // FoundationNetworking maps libcurl's "partial file" error to URLError.unknown.
    static func isTruncatedTransfer(_ error: URLError) -> Bool {
        guard error.code == .unknown else { return false }
        let message = (error as NSError).userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        return message.contains("transfer closed with")
    }
}
