import Foundation

/// Turns an OpenAPI server URL template into a `URL`.
@_spi(Generated) public struct ServerURL: Sendable {
    /// Replaces every `{name}` in `template` with `variables[name]` (inserted as given, not percent-encoded,
    /// since server variables are host names, ports and path prefixes) and parses the result.
    ///
    /// An absolute result must have a host. A relative result such as `/v1` is resolved against `base` (the URL the
    /// document was served from, or the API's origin: `/v1` against `https://api.example.com/docs/openapi.yaml` is
    /// `https://api.example.com/v1`), which must then give a scheme and a host; without `base` it is returned as a
    /// relative `URL` for the caller to resolve.
    ///
    /// Throws ``APIError/invalidRequest(_:)`` naming the template when a variable has no value, a brace is
    /// unbalanced or the result is not a valid URL (it must be printable ASCII
    /// without spaces, quotes, angle brackets, backslashes, carets, backticks, braces or pipes).
    public static func build(_ template: String, _ variables: [String: String] = [:], relativeTo base: URL? = nil) throws -> URL {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw APIError.invalidRequest("server URL template '\(template)' has an unclosed '{'")
            }
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = variables[name] else {
                throw APIError.invalidRequest("server URL template '\(template)' has no value for variable '\(name)'")
            }
            result += value
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        // Checked by hand because newer Foundations percent-encode invalid characters instead of failing.
        let isValidText = result.unicodeScalars.allSatisfy { scalar in
            (0x21...0x7E).contains(scalar.value) && !"\"<>\\^`{|}".unicodeScalars.contains(scalar)
        }
        guard isValidText, let url = URL(string: result) else {
            throw APIError.invalidRequest("server URL template '\(template)' gives '\(result)', which is not a valid URL")
        }
        if url.scheme != nil, (url.host ?? "").isEmpty {
            throw APIError.invalidRequest(
                "server URL template '\(template)' gives '\(result)', which is not a valid absolute URL (no host)")
        }
        guard url.scheme == nil, let base else { return url }
        guard let resolved = URL(string: result, relativeTo: base)?.absoluteURL, resolved.scheme != nil,
              !(resolved.host ?? "").isEmpty else {
            throw APIError.invalidRequest("server URL '\(result)' is relative, and '\(base.absoluteString)' has no scheme and host to "
                                          + "resolve it against")
        }
        return resolved
    }
}
