import Foundation

/// Errors thrown by ``APIClient`` and generated operations, other than documented error responses
/// (those are thrown as the operation's generated error enum) and `CancellationError` (rethrown unchanged).
public enum APIError: Error {
    /// No response was received; the transport's error is kept unchanged (e.g. a `URLError`).
    ///
    /// `Error` refines `Sendable`, so the stored error keeps `APIError` `Sendable`.
    case transport(any Error)
    /// The request could not be built: a missing path parameter, a malformed URL, an unencodable body.
    case invalidRequest(String)
    /// The response body did not match the expected type; `message` names the JSON path and the mismatch,
    /// e.g. `members[3].ident: expected String, found number`.
    case decoding(operation: String, status: Int, message: String)
    /// The server answered with a status the OpenAPI document does not list for this operation.
    case unexpectedStatus(operation: String, status: Int, body: Data)
}

extension APIError: CustomStringConvertible {
    /// A one-paragraph explanation with a hint at what to check.
    public var description: String {
        switch self {
        case .transport(let error):
            return "No response from the server: \(Self.describe(error)). "
                + "Check the network connection and the client's base URL."
        case .invalidRequest(let message):
            return "Invalid request: \(Self.sentence(message))"
        case .decoding(let operation, let status, let message):
            return "Could not decode the HTTP \(status) response of \(operation): \(Self.sentence(message)) "
                + "The server's response does not match the OpenAPI document; fix the document or the server, "
                + "then regenerate."
        case .unexpectedStatus(let operation, let status, let body):
            return "\(operation) returned HTTP \(status), which the OpenAPI document does not list for it"
                + Self.bodyExcerpt(body) + ". Add the response to the document and regenerate to handle it."
        }
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
