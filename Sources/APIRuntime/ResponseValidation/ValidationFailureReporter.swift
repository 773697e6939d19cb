import Foundation

/// What a validation failure report carries to the server: who, what was called, what was sent and received,
/// when the call was made (UTC), the HTTP status and the schema that failed.
public struct ValidationFailureReport: Codable, Sendable, Hashable {
    public var account: String?
    /// `operationId METHOD /path`.
    public var command: String
    /// The request sent, secrets redacted: `METHOD path`, headers and body.
    public var request: String
    /// The response body received (at most 64 KiB).
    public var response: String
    /// When the call was made, RFC 3339 in UTC.
    public var calledAt: String
    /// The HTTP status (200 for a successful call whose body was invalid).
    public var status: Int
    /// The schema location of the first failed check.
    public var schema: String
    /// Every failed check, as text.
    public var errors: [String]

    /// Builds a report from a failure.
    public init(_ failure: ResponseValidationFailure, account: String?) {
        self.account = account
        let operation = failure.error.operation
        command = "\(operation.id) \(operation.method) \(operation.path)"
        if let request = failure.request {
            let headers = request.headers.map { "\($0.name): \(Redaction.isSecretHeader($0.name) ? "***" : $0.value)" }
            let body = request.body.map { Redaction.redactedBody($0) } ?? ""
            self.request = ([request.method + " " + request.path] + headers + (body.isEmpty ? [] : ["", body])).joined(separator: "\n")
        } else {
            self.request = "\(operation.method) \(operation.path)"
        }
        response = String(decoding: failure.response.body.prefix(65_536), as: UTF8.self)
        calledAt = DateTimeCoding.format(failure.calledAt)
        status = failure.error.status
        schema = failure.error.report.errors.first?.schemaLocation ?? ""
        errors = failure.error.report.errors.map(\.description)
    }

    /// The report as another `Codable` type with the same field names (the report endpoint's body model).
    public func converted<Body: Decodable>(to type: Body.Type) throws -> Body {
        try JSONDecoder().decode(Body.self, from: JSONEncoder().encode(self))
    }
}

/// Removes secrets from what is reported or logged.
enum Redaction {
    static let secretKeys = ["password", "passwd", "secret", "token", "authorization", "apikey", "api_key"]

    static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "authorization" || lower == "cookie" || lower == "proxy-authorization" || lower.contains("token")
            || lower.contains("api-key")
    }

    static func isSecretKey(_ key: String) -> Bool {
        let lower = key.lowercased()
        return secretKeys.contains { lower.contains($0) }
    }

    /// JSON bodies with secret-looking keys replaced by `"***"`; form bodies likewise; anything else as text.
    static func redactedBody(_ body: Data) -> String {
        if let value = try? JSONDecoder().decode(JSONValue.self, from: body) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? String(decoding: encoder.encode(redact(value)), as: UTF8.self)) ?? ""
        }
        let text = String(decoding: body.prefix(65_536), as: UTF8.self)
        guard text.contains("=") && !text.contains("\n") else { return text }
        return text.split(separator: "&").map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 && isSecretKey(String(parts[0])) ? "\(parts[0])=***" : String(pair)
        }.joined(separator: "&")
    }

    static func redact(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var copy: [String: JSONValue] = [:]
            for (key, member) in object { copy[key] = isSecretKey(key) ? .string("***") : redact(member) }
            return .object(copy)
        case .array(let elements): return .array(elements.map(redact))
        default: return value
        }
    }
}

/// Sends one report per validation failure to a server endpoint, through a lane that can never report on itself:
/// a failure of the report call (any status, an invalid body, a timeout) is dropped, and validation failures that
/// happen while a report is being sent are not reported.
public final class ValidationFailureReporter: Sendable {
    @TaskLocal static var reporting = false

    /// Whether the current task is sending a report.
    public static var isReporting: Bool { reporting }

    private let account: @Sendable () -> String?
    private let send: @Sendable (ValidationFailureReport) async throws -> Void

    /// Creates a reporter; `send` calls the report endpoint (e.g. a generated method).
    public init(account: @escaping @Sendable () -> String?, send: @escaping @Sendable (ValidationFailureReport) async throws -> Void) {
        self.account = account
        self.send = send
    }

    /// Routes every validation failure to the endpoint.
    public func install() {
        ResponseValidationLog.setHandler { [self] failure in
            Task { await self.report(failure) }
        }
    }

    /// Sends the report for one failure, once; errors are swallowed on purpose.
    public func report(_ failure: ResponseValidationFailure) async {
        let report = ValidationFailureReport(failure, account: account())
        await ValidationFailureReporter.$reporting.withValue(true) {
            try? await send(report)
        }
    }
}
