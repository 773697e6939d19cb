import Foundation

/// A fully built HTTP request, as middlewares and transports see it.
public struct HTTPRequest: Sendable, Hashable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The absolute URL including the query.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, or nil for none.
    public var body: Data?
    /// A file whose bytes are the body, sent as they are read from disk (large uploads); when set, ``body`` is
    /// ignored by ``URLSessionTransport``. Other transports read the file whole.
    public var bodyFile: URL?
    /// Whether ``URLSessionTransport`` follows a redirect (`301`–`308` with a `Location`). False returns the
    /// redirect response, body included, to the caller: generated methods set it for operations whose description
    /// documents a redirect status, so the documented response reaches the caller instead of the redirect's target.
    public var followsRedirects = true

    /// Creates a request.
    public init(method: String, url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
