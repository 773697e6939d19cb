@_spi(Generated) import APIRuntime
import Foundation
import HTTPTypes

/// Hides secrets before requests and responses are logged: credential header fields, and password-like fields
/// in JSON bodies, form bodies and query strings.
public struct Redactor: Sendable {
    /// What replaces a secret value.
    public static let mask = "<redacted>"

    /// Header names (compared case-insensitively) whose values are hidden.
    public var headerNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]
    /// Field and parameter names (compared case-insensitively) whose values are hidden; any name containing
    /// `password` or `secret` is hidden as well.
    public var fieldNames: Set<String> = [
        "password", "token", "access_token", "refresh_token", "accesstoken", "refreshtoken", "id_token",
        "client_secret", "api_key", "apikey", "pin",
    ]

    /// The default lists.
    public init() {}

    /// Whether a field or parameter called `name` is hidden.
    public func isSecretField(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return fieldNames.contains(lowered) || lowered.contains("password") || lowered.contains("secret")
    }

    /// One `Name: value` line per field, secret values masked.
    public func headers(_ headers: HTTPFields) -> String {
        headers.map { field in
            "\(field.name.rawName): " + (headerNames.contains(field.name.canonicalName) ? Self.mask : field.value)
        }.joined(separator: "\n")
    }

    /// The URL with secret query parameter values masked (as `%3Credacted%3E`).
    public func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
              let items = components.percentEncodedQueryItems
        else { return url.absoluteString }
        components.percentEncodedQueryItems = items.map { item in
            let name = item.name.removingPercentEncoding ?? item.name
            // Percent-encoded: URLComponents traps on invalid characters in percent-encoded items.
            return isSecretField(name) ? URLQueryItem(name: item.name, value: "%3Credacted%3E") : item
        }
        return components.string ?? url.absoluteString
    }

    /// The body as text for a log, secrets masked and cut to `limit` bytes: JSON with secret fields masked at any
    /// depth, form bodies with secret parameters masked, other text as is, binary as a byte count. A body that
    /// claims to be JSON or a form but cannot be parsed is not shown, since secrets could not be found in it.
    public func body(_ body: Data?, contentType: String?, limit: Int = 4_096) -> String {
        guard let body, !body.isEmpty else { return "" }
        let type = contentType?.lowercased() ?? ""
        if type.contains("json") {
            // The runtime's parser, not JSONDecoder: decoding `JSONValue` through a `Decoder` tries the scalar types
            // first, and each failed try costs time in proportion to the depth (the coding path), so a hostile
            // 10 kB of nested arrays took seconds to log (Docs/robustness.md).
            guard let instance = try? JSONParser().parse(body) else {
                return "<\(body.count) bytes, unparseable JSON not shown>"
            }
            let value = JSONValue(instance)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let text = (try? encoder.encode(redacted(value))).map { String(decoding: $0, as: UTF8.self) } ?? ""
            return Self.truncated(text, limit: limit)
        }
        if type.hasPrefix("application/x-www-form-urlencoded") {
            let text = String(decoding: body, as: UTF8.self).split(separator: "&").map { pair -> String in
                let name = String(pair.prefix { $0 != "=" })
                let decoded = name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? name
                return isSecretField(decoded) ? name + "=" + Self.mask : String(pair)
            }.joined(separator: "&")
            return Self.truncated(text, limit: limit)
        }
        if type.hasPrefix("text/") || type.contains("xml"), let text = String(data: body, encoding: .utf8) {
            return Self.truncated(text, limit: limit)
        }
        return "<\(body.count) bytes\(type.isEmpty ? "" : " of \(type)")>"
    }

    /// `value` with every secret field's value replaced by ``mask``.
    public func redacted(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var result: [String: JSONValue] = [:]
            for (key, field) in object {
                result[key] = isSecretField(key) ? .string(Self.mask) : redacted(field)
            }
            return .object(result)
        case .array(let array):
            return .array(array.map(redacted))
        default:
            return value
        }
    }

    private static func truncated(_ text: String, limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        return String(decoding: text.utf8.prefix(limit), as: UTF8.self) + "… (\(text.utf8.count) bytes)"
    }
}
