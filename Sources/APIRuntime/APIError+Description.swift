import Foundation

extension APIError: CustomStringConvertible {
    /// A one-paragraph explanation with a hint at what to check.
    public var description: String {
        switch self {
        case .invalidRequest(let message):
            return "Invalid request: \(Self.sentence(message))"
        case .invalidMethod(let method, let byte):
            return Self.headerInjection("the method \"\(method)\"", byte: byte)
        case .invalidHeaderName(let name, let byte):
            return Self.headerInjection("the header name \"\(name)\"", byte: byte)
        case .invalidHeaderValue(let name, let byte):
            return Self.headerInjection("the value of header \"\(name)\"", byte: byte)
        case .missingCredentials(let operation, let alternatives):
            return "\(operation) requires credentials for \(alternatives.joined(separator: " or ")), and none are "
                + "available; configure them in the client's credentials."
        case .notStored(let operation, let url):
            return "No stored response for \(operation) (\(url.absoluteString)) and the fetch policy is cacheOnly."
        case .transport(let error):
            return "No response from the server: \(Self.describe(error)). "
                + "Check the network connection and the client's base URL."
        case .credentialRefreshFailed(let underlying):
            return "The session could not be renewed after the server answered 401: \(underlying)"
        case .credentialNotRefreshable:
            return "The credential cannot be refreshed."
        case .responseTooLarge(let url, let limit, let announcedLength):
            let size = announcedLength.map { "announces \($0) bytes" } ?? "sent more"
            return "The response from \(url.absoluteString) \(size), over the limit of \(limit) bytes "
                + "(URLSessionTransport.maxResponseSize)."
        case .streamTruncated(let operation, let count):
            return "\(operation): the stream ended before its last item was complete (\(count) items received)."
        case .streamConsumerTooSlow(let limit):
            return "The consumer of a streamed body fell more than \(limit) bytes behind the network."
        case .downloadRangeMismatch(let start, let range):
            return "A resumed download expected bytes from \(start), the server sent Content-Range: \(range ?? "none")."
        case .unexpectedStatus(let operation, let status, let body):
            return "\(operation) returned HTTP \(status), which the OpenAPI document does not list for it"
                + Self.bodyExcerpt(body) + ". Add the response to the document and regenerate to handle it."
        case .invalidResponse(let operation, let status, let report):
            let first = report.errors.prefix(3).map(\.description).joined(separator: "; ")
            let more = report.errors.count > 3 ? " (and \(report.errors.count - 3) more)" : ""
            return "\(operation): invalid response (HTTP \(status)): \(first)\(more)"
        case .decoding(let operation, let status, let message):
            return "Could not decode the HTTP \(status) response of \(operation): \(Self.sentence(message)) "
                + "The server's response does not match the OpenAPI document; fix the document or the server, "
                + "then regenerate."
        case .malformedStreamItem(let operation, let index, let message):
            return "\(operation): item \(index) of the stream is malformed: \(message)"
        case .envelopeStatus(let operation, let status, let reason, let httpStatus):
            return "\(operation): server returned status '\(status)' (HTTP \(httpStatus))" + (reason.map { ": \($0)" } ?? "")
        case .envelopeMissingData(let operation, let httpStatus):
            return "\(operation): successful response (HTTP \(httpStatus)) without the required data"
        }
    }

    private static func headerInjection(_ what: String, byte: UInt8) -> String {
        "Request not sent: \(what) contains the byte 0x\(String(byte, radix: 16, uppercase: true)), "
            + "which HTTP does not allow there (it could inject header fields)."
    }

    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? text : text + "."
    }

    private static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return String(describing: error) }
        var text = "URLError \(urlError.code.rawValue)"
        if let name = name(of: urlError.code) { text += " (\(name))" }
        if let url = urlError.failingURL { text += " for \(url.absoluteString)" }
        if let detail = (urlError as NSError).userInfo[NSLocalizedDescriptionKey] as? String {
            text += ": \(detail)"
        }
        return text
    }

    // A switch rather than a static dictionary: URLError.Code is not Sendable in every SDK.
    private static func name(of code: URLError.Code) -> String? {
        switch code {
        case .cancelled: "cancelled"
        case .badURL: "bad URL"
        case .timedOut: "timed out"
        case .unsupportedURL: "unsupported URL"
        case .cannotFindHost: "cannot find host"
        case .cannotConnectToHost: "cannot connect to host"
        case .networkConnectionLost: "network connection lost"
        case .dnsLookupFailed: "DNS lookup failed"
        case .notConnectedToInternet: "not connected to the internet"
        case .badServerResponse: "bad server response"
        case .secureConnectionFailed: "secure connection failed"
        case .serverCertificateUntrusted: "server certificate untrusted"
        default: nil
        }
    }

    private static func bodyExcerpt(_ body: Data) -> String {
        guard !body.isEmpty else { return " (empty body)" }
        let limit = 500
        let text = String(decoding: body.prefix(limit), as: UTF8.self)
        return ": " + text + (body.count > limit ? "… (\(body.count) bytes)" : "")
    }
}

extension APIError: LocalizedError {
    /// Same as ``description``, so `localizedDescription` is useful too.
    public var errorDescription: String? {
        description
    }
}
