import Foundation

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

    /// `request` with every chosen credential in its place.
    func apply(to request: HTTPRequest) -> HTTPRequest {
        var request = request
        for item in applied {
            switch item.use.scheme.kind {
            case .apiKey(let name, .header):
                request.headers[name] = item.value
            case .apiKey(let name, .query):
                request.url = Self.url(request.url, adding: name, value: item.value)
            case .apiKey(let name, .cookie):
                let pair = PercentEncoding.encodeCookieValue(name) + "=" + PercentEncoding.encodeCookieValue(item.value)
                request.headers["Cookie"] = request.headers["Cookie"].map { $0 + "; " + pair } ?? pair
            case .http(let scheme):
                request.headers["Authorization"] = Self.authorizationScheme(scheme) + " " + item.value
            case .oauth2, .openIdConnect:
                request.headers["Authorization"] = "Bearer " + item.value
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
