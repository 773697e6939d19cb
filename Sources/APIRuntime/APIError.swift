import Foundation

/// Every error ``APIClient`` and generated operations throw, other than documented error responses (those are
/// thrown as the operation's generated error enum) and `CancellationError` (rethrown unchanged).
///
/// One type, so an app catches `APIError` and switches over what can go wrong; the cases are grouped by when the
/// call failed: before anything was sent, without a response, or with a response the description does not allow.
public enum APIError: Error {
    // MARK: Nothing was sent

    /// The request could not be built: a missing path parameter, a malformed URL, an unencodable body.
    case invalidRequest(String)
    /// The request method is not an RFC 9110 token; `byte` is the first offending one. Control characters in
    /// `method` are shown as `\u{..}`.
    case invalidMethod(String, byte: UInt8)
    /// A header field name (a header parameter, a cookie, a credential, a multipart part's header) is not an RFC 9110
    /// token, so it could inject a header line or a second request.
    case invalidHeaderName(String, byte: UInt8)
    /// The value of header `name` holds CR, LF, NUL or another control character HTTP forbids there (tab is allowed),
    /// so it could inject a header line or a second request.
    case invalidHeaderValue(name: String, byte: UInt8)
    /// No alternative of the operation's security requirements has every credential it needs; `alternatives` lists
    /// them (each as `scheme + scheme`).
    case missingCredentials(operation: String, alternatives: [String])
    /// A `cacheOnly` call (``FetchPolicy/cacheOnly``) found no usable stored response.
    case notStored(operation: String, url: URL)

    // MARK: No complete response

    /// No response was received; the transport's error is kept unchanged (e.g. a `URLError`).
    ///
    /// `Error` refines `Sendable`, so the stored error keeps `APIError` `Sendable`.
    case transport(any Error)
    /// A credential or token could not be renewed after a `401`; `underlying` is what the refresh threw. Every request
    /// waiting for that refresh throws it.
    case credentialRefreshFailed(underlying: any Error)
    /// A credential was asked to refresh that has no way to (a fixed token, a key).
    case credentialNotRefreshable
    /// The body passed the transport's ``URLSessionTransport/maxResponseSize``: the transfer was stopped once the
    /// limit was passed, or before the body when `Content-Length` announced it (`announcedLength`), so a hostile or
    /// broken server cannot make the app buffer an unbounded body.
    case responseTooLarge(url: URL, limit: Int, announcedLength: Int64?)
    /// A streamed body (server-sent events, JSON Lines, a download) ended before it was complete: a record or event
    /// was cut off, or the transfer closed before its announced end. `itemsReceived` items were delivered before.
    case streamTruncated(operation: String, itemsReceived: Int)
    /// The consumer of a streamed body fell more than `limit` bytes behind the network (see
    /// ``URLSessionTransport/maxResponseSize``); the transfer was stopped.
    case streamConsumerTooSlow(limit: Int)
    /// A resumed download got a `206` whose `Content-Range` does not continue the partial file.
    case downloadRangeMismatch(expectedStart: Int64, contentRange: String?)

    // MARK: A response the description does not allow

    /// The server answered with a status the API description does not list for this operation.
    case unexpectedStatus(operation: String, status: Int, body: Data)
    /// The body does not match the schema the description gives for it (a body that is not JSON at all included),
    /// and the validation mode rejects it (`validation:` in apigen.yml). `report` lists every failed check, bounded, with
    /// instance path, keyword and schema location.
    case invalidResponse(operation: String, status: Int, report: ValidationReport)
    /// The response body did not decode as the expected type; `message` names the JSON path and the mismatch,
    /// e.g. `members[3].ident: expected String, found number`.
    case decoding(operation: String, status: Int, message: String)
    /// Item `index` (0-based) of a JSON Lines / JSON Sequence body, or the data of server-sent event `index`, is not
    /// valid JSON or not of the documented type.
    case malformedStreamItem(operation: String, index: Int, message: String)
    /// An enveloped response (`envelope:` in `apigen.yml`) whose status field `status` is not a success value;
    /// `reason` is what the server gave, `httpStatus` the HTTP status.
    case envelopeStatus(operation: String, status: String, reason: String?, httpStatus: Int)
    /// An enveloped response whose status was a success but whose payload the description requires was absent
    /// or null.
    case envelopeMissingData(operation: String, httpStatus: Int)
}

extension APIError {
    /// Whether this is one of the streaming failures (a broken or malformed stream, a slow consumer, a mismatched
    /// download range): what ends an event stream rather than making it reconnect.
    var endsStream: Bool {
        switch self {
        case .streamTruncated, .streamConsumerTooSlow, .downloadRangeMismatch, .malformedStreamItem: true
        default: false
        }
    }

    /// The `URLError` in `error`, looking inside ``transport(_:)``.
    public static func urlError(in error: any Error) -> URLError? {
        if let urlError = error as? URLError { return urlError }
        if case APIError.transport(let underlying) = error { return underlying as? URLError }
        return nil
    }

    /// Whether no response arrived because the network or the server could not be reached: offline, DNS failure,
    /// connection refused or lost, timeout. These are what the offline queue and ``FetchPolicy/networkFirst``
    /// treat as "offline". Cancellation is not one of them.
    public static func isConnectivityFailure(_ error: any Error) -> Bool {
        guard let code = urlError(in: error)?.code else { return false }
        switch code {
        case .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
             .dnsLookupFailed, .timedOut, .internationalRoamingOff, .callIsActive, .dataNotAllowed:
            return true
        default:
            return false
        }
    }

    /// Whether a retry might succeed: connectivity failures plus a response that ended early
    /// (`badServerResponse`, `cannotParseResponse`, zero-byte resource).
    public static func isTransientFailure(_ error: any Error) -> Bool {
        if isConnectivityFailure(error) { return true }
        guard let code = urlError(in: error)?.code else { return false }
        return code == .badServerResponse || code == .cannotParseResponse || code == .zeroByteResource
    }
}
