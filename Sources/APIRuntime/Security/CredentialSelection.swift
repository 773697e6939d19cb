import Foundation
import HTTPTypes

/// The credentials chosen for one request: the values of the first satisfiable alternative of its operation's
/// requirements, applied to the request just before the transport sends it (so no middleware, log or queue
/// entry before that point holds them).
struct CredentialSelection: Sendable {
    /// One scheme of the chosen alternative with the value to send.
    struct Applied: Sendable {
        let use: SecurityRequirement.Use
        let value: String
    }

    let applied: [Applied]

    /// Whether a `401` may be answered by refreshing one of the chosen credentials.
    let isRefreshable: Bool

    /// `request` with every chosen credential in its place; ``APIError/invalidHeaderValue(name:byte:)`` when a credential holds a byte
    /// HTTP cannot carry in a header (CR, LF, NUL, other controls), so a bad token is never sent changed.
    func apply(to request: APIRequest) throws(APIError) -> APIRequest {
        var request = request
        for item in applied {
            switch item.use.scheme.kind {
            case .apiKey(let name, .header):
                let field = try HTTPFieldCheck.field(name: name, value: item.value)
                request.headerFields[field.name] = field.value
            case .apiKey(let name, .query):
                request.url = Self.url(request.url, adding: name, value: item.value)
            case .apiKey(let name, .cookie):
                let pair = PercentEncoding.encodeCookieValue(name) + "=" + PercentEncoding.encodeCookieValue(item.value)
                let field = try HTTPFieldCheck.field(name: "Cookie", value: pair)
                request.headerFields[.cookie] = request.headerFields[.cookie].map { $0 + "; " + field.value } ?? field.value
            case .http(let scheme):
                let field = try HTTPFieldCheck.field(name: "Authorization", value: Self.authorizationScheme(scheme) + " " + item.value)
                request.headerFields[.authorization] = field.value
            case .oauth2, .openIdConnect:
                let field = try HTTPFieldCheck.field(name: "Authorization", value: "Bearer " + item.value)
                request.headerFields[.authorization] = field.value
            case .mutualTLS:
                break
            }
        }
        return request
    }

    /// The selection with `value` in place of the value sent for `scheme`.
    func replacing(_ scheme: String, with value: String) -> CredentialSelection {
        CredentialSelection(
            applied: applied.map { $0.use.scheme.name == scheme ? Applied(use: $0.use, value: value) : $0 },
            isRefreshable: isRefreshable)
    }

    // `bearer` and `basic` are sent in their usual spelling whatever case the description uses.
    private static func authorizationScheme(_ scheme: String) -> String {
        switch scheme.lowercased() {
        case "bearer": "Bearer"
        case "basic": "Basic"
        default: scheme
        }
    }

    private static func url(_ url: URL, adding name: String, value: String) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let pair = PercentEncoding.encodeUnreserved(name) + "=" + PercentEncoding.encodeUnreserved(value)
        let query = components.percentEncodedQuery.map { $0.isEmpty ? pair : $0 + "&" + pair } ?? pair
        components.percentEncodedQuery = query
        return components.url ?? url
    }
}
