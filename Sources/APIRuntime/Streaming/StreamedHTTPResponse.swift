import Foundation

/// A response whose head has arrived and whose body is still arriving (``HTTPBodyStream``).
public struct StreamedHTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, as it arrives.
    public var body: HTTPBodyStream

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [:], body: HTTPBodyStream) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A streamed response over an already complete response (for transports and middlewares that buffer).
    public init(_ response: HTTPResponse) {
        self.init(status: response.status, headers: response.headers, body: HTTPBodyStream(response.body))
    }

    /// Whether the status is in `200...299`.
    public var isSuccess: Bool {
        (200...299).contains(status)
    }

    /// Reads the whole body (at most `limit` bytes, ``URLSessionTransport/defaultMaxResponseSize`` by default) into
    /// an ``HTTPResponse``, e.g. to read a documented error.
    public func collected(upTo limit: Int = URLSessionTransport.defaultMaxResponseSize, url: URL) async throws -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: try await body.collect(upTo: limit, url: url))
    }
}
