import Foundation
import HTTPTypes

/// A fully built request as middlewares and transports see it: the swift-http-types ``head`` (method, scheme,
/// authority, path with query, header fields) and the body.
///
/// Header fields are `HTTPFields`: names are validated tokens and values cannot hold CR, LF or NUL (swift-http-types
/// turns such bytes into spaces), so no middleware can inject a header line. Values the runtime takes from callers
/// (header parameters, cookies, credentials) are checked before they are set, and a forbidden byte is an
/// an `APIError` (``APIError/invalidHeaderValue(name:byte:)``, …) instead of a silently changed value.
public struct APIRequest: Sendable, Hashable {
    /// The request head: method, scheme, authority, path (with the query) and header fields.
    public var head: HTTPRequest
    /// The body, or nil for none.
    public var body: Data?
    /// A file whose bytes are the body, sent as they are read from disk (large uploads); when set, ``body`` is
    /// ignored by ``URLSessionTransport``. Other transports read the file whole.
    public var bodyFile: URL?
    /// Whether ``URLSessionTransport`` follows a redirect (`301`–`308` with a `Location`). False returns the
    /// redirect response, body included, to the caller: generated methods set it for operations whose description
    /// documents a redirect status, so the documented response reaches the caller instead of the redirect's target.
    public var followsRedirects = true
    /// The URL the head was made from, kept with the pseudo-header fields it matches: ``url`` is read by the
    /// transport, the cache and every event, and making a `URL` from the head parses it again (microseconds on
    /// Linux). A head whose scheme, authority or path changed no longer matches and is read afresh.
    private var knownURL: (pseudoHeaderFields: HTTPRequest.PseudoHeaderFields, url: URL)?

    /// Creates a request from its head.
    public init(head: HTTPRequest, body: Data? = nil) {
        self.head = head
        self.body = body
    }

    /// Creates a request for an absolute `url` (one with a scheme and a host; for any other the head names no URL
    /// and ``url`` is `about:blank`).
    public init(method: HTTPRequest.Method, url: URL, headerFields: HTTPFields = [:], body: Data? = nil) {
        self.init(head: Self.head(method: method, url: url, headerFields: headerFields), body: body)
        knownURL = (head.pseudoHeaderFields, url)
    }

    /// A request whose head was made from `url` already (the request builder's fast path).
    init(head: HTTPRequest, url: URL, body: Data?) {
        self.init(head: head, body: body)
        knownURL = (head.pseudoHeaderFields, url)
    }

    /// The method, e.g. `GET`.
    public var method: HTTPRequest.Method {
        get { head.method }
        set { head.method = newValue }
    }

    /// The header fields.
    public var headerFields: HTTPFields {
        get { head.headerFields }
        set { head.headerFields = newValue }
    }

    /// The absolute URL, query included, made from the head's scheme, authority and path.
    ///
    /// `about:blank` for a head that names no URL (a `CONNECT` or `OPTIONS *` head, or one without a scheme or
    /// authority), which no request the runtime builds has. Setting it sets the scheme, authority and path.
    public var url: URL {
        get {
            if let knownURL, knownURL.pseudoHeaderFields == head.pseudoHeaderFields { return knownURL.url }
            return head.url ?? URL(string: "about:blank")!
        }
        set {
            head = Self.head(method: head.method, url: newValue, headerFields: head.headerFields)
            knownURL = (head.pseudoHeaderFields, newValue)
        }
    }

    public static func == (lhs: APIRequest, rhs: APIRequest) -> Bool {
        lhs.head == rhs.head && lhs.body == rhs.body && lhs.bodyFile == rhs.bodyFile
            && lhs.followsRedirects == rhs.followsRedirects
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(head)
        hasher.combine(body)
        hasher.combine(bodyFile)
        hasher.combine(followsRedirects)
    }

    /// The head for `url`. swift-http-types' own `HTTPRequest(url:)` stops the process for a URL without a scheme
    /// or one `URLComponents` cannot read; such a URL gives a head without scheme and authority here instead.
    private static func head(method: HTTPRequest.Method, url: URL, headerFields: HTTPFields) -> HTTPRequest {
        guard url.scheme != nil, URLComponents(url: url, resolvingAgainstBaseURL: true) != nil else {
            return HTTPRequest(method: method, scheme: nil, authority: nil, path: url.relativeString, headerFields: headerFields)
        }
        return HTTPRequest(method: method, url: url, headerFields: headerFields)
    }
}
