import Foundation
import HTTPTypes

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

    /// Builds a report from a failure. Secrets are hidden in the request and in the response: fields named like
    /// passwords, tokens and keys, fields in `secretFields` (those the API description marks `writeOnly` or
    /// `format: password`), and the credential values the client sent, wherever they appear.
    public init(_ failure: ResponseValidationFailure, account: String?, secretFields: Set<String> = []) {
        self.account = account
        let operation = failure.operation
        let redaction = Redaction(fields: secretFields, values: failure.credentialValues)
        command = "\(operation.id) \(operation.method) \(operation.path)"
        if let request = failure.request {
            let headers = request.headerFields.map {
                "\($0.name.rawName): \(Redaction.isSecretHeader($0.name.rawName) ? "***" : redaction.text($0.value))"
            }
            let body = request.body.map { redaction.body($0) } ?? ""
            self.request = ([request.method + " " + redaction.text(request.path)] + headers + (body.isEmpty ? [] : ["", body]))
                .joined(separator: "\n")
        } else {
            self.request = "\(operation.method) \(operation.path)"
        }
        response = redaction.body(failure.response.body.prefix(65_536))
        calledAt = DateTimeCoding.format(failure.calledAt)
        status = failure.status
        schema = failure.report.errors.first?.schemaLocation ?? ""
        errors = failure.report.errors.map { redaction.text($0.description) }
    }

    /// The report as another `Codable` type with the same field names (the report endpoint's body model).
    public func converted<Body: Decodable>(to type: Body.Type) throws -> Body {
        try JSONDecoder().decode(Body.self, from: JSONEncoder().encode(self))
    }
}

/// Removes secrets from what is reported: secret-looking and declared-secret fields, and known secret values.
struct Redaction {
    static let secretKeys = ["password", "passwd", "secret", "token", "authorization", "apikey", "api_key", "credential"]

    /// Field names hidden besides the secret-looking ones (compared exactly).
    let fields: Set<String>
    /// Values hidden wherever they occur (credentials in use); very short values are left alone.
    let values: [String]

    init(fields: Set<String> = [], values: [String] = []) {
        self.fields = fields
        self.values = values.filter { $0.count >= 4 }
    }

    static func isSecretHeader(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower == "authorization" || lower == "cookie" || lower == "proxy-authorization" || lower.contains("token")
            || lower.contains("api-key") || lower.contains("apikey")
    }

    func isSecretKey(_ key: String) -> Bool {
        let lower = key.lowercased()
        return fields.contains(key) || Self.secretKeys.contains { lower.contains($0) }
    }

    /// `text` with every known secret value replaced by `***`.
    func text(_ text: String) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    /// JSON bodies with secret fields replaced by `"***"`; form bodies likewise; anything else as text; known
    /// secret values hidden in all of them.
    func body(_ body: Data) -> String {
        if let value = try? JSONDecoder().decode(JSONValue.self, from: body) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return text((try? String(decoding: encoder.encode(redact(value)), as: UTF8.self)) ?? "")
        }
        let plain = String(decoding: body.prefix(65_536), as: UTF8.self)
        guard plain.contains("=") && !plain.contains("\n") else { return text(plain) }
        return text(plain.split(separator: "&").map { pair -> String in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 && isSecretKey(String(parts[0])) ? "\(parts[0])=***" : String(pair)
        }.joined(separator: "&"))
    }

    func redact(_ value: JSONValue) -> JSONValue {
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
///
/// Bounded: at most ``maxInFlight`` reports are being sent at once (more are dropped, not queued), and a failure
/// like one reported within ``duplicateWindow`` (same operation, status and failed schema) is dropped.
public final class ValidationFailureReporter: Sendable {
    @TaskLocal static var reporting = false

    /// Whether the current task is sending a report.
    public static var isReporting: Bool { reporting }

    /// Reports sent at the same time at most.
    public let maxInFlight: Int
    /// Seconds during which a repeat of a reported failure is dropped.
    public let duplicateWindow: TimeInterval

    private struct State {
        var inFlight = 0
        var lastReported: [String: Date] = [:]
        var dropped = 0
        var failed = 0
        var lastFailure: String?
    }

    private let account: @Sendable () -> String?
    private let secretFields: Set<String>
    private let send: @Sendable (ValidationFailureReport) async throws -> Void
    private let state = Locked(State())

    /// Creates a reporter; `send` calls the report endpoint (e.g. a generated method). `secretFields` are field
    /// names hidden in reports besides the secret-looking ones (generated clients pass the API description's).
    public init(
        account: @escaping @Sendable () -> String?, secretFields: Set<String> = [], maxInFlight: Int = 4,
        duplicateWindow: TimeInterval = 60, send: @escaping @Sendable (ValidationFailureReport) async throws -> Void
    ) {
        self.account = account
        self.secretFields = secretFields
        self.maxInFlight = maxInFlight
        self.duplicateWindow = duplicateWindow
        self.send = send
    }

    /// Routes every validation failure of `client` to the endpoint (replacing the client's handler).
    public func install(on client: APIClient) {
        client.setValidationFailureHandler { [self] failure in
            guard admit(failure) else { return }
            Task {
                await self.report(failure)
                self.state.withLock { $0.inFlight -= 1 }
            }
        }
    }

    /// How many failures were not reported because too many reports were in flight or they repeated one.
    public var droppedCount: Int {
        state.withLock { $0.dropped }
    }

    /// How many reports were sent but failed (the report call threw: offline, an error status, a body the endpoint's
    /// model cannot hold). A report is sent once and never retried: it describes a response that already arrived,
    /// and the app must not slow down or fail because its telemetry did. The call's own request events
    /// (``ClientEvent/requestFailed(_:)``) say more when it reached the network.
    public var failedCount: Int {
        state.withLock { $0.failed }
    }

    /// The error of the last report that failed, as text, or nil when none has.
    public var lastFailure: String? {
        state.withLock { $0.lastFailure }
    }

    /// Sends the report for one failure, once. A failure of the send is counted (``failedCount``,
    /// ``lastFailure``), not thrown: the call that received the invalid response has its own result.
    /// Returns whether the report was sent.
    @discardableResult
    public func report(_ failure: ResponseValidationFailure) async -> Bool {
        let report = ValidationFailureReport(failure, account: account(), secretFields: secretFields)
        return await ValidationFailureReporter.$reporting.withValue(true) {
            do {
                try await send(report)
                return true
            } catch {
                let description = String(describing: error)
                state.withLock { state in
                    state.failed += 1
                    state.lastFailure = description
                }
                return false
            }
        }
    }

    // Takes a slot for `failure`, or refuses it as a duplicate or over the limit.
    private func admit(_ failure: ResponseValidationFailure) -> Bool {
        let key = "\(failure.operation.id) \(failure.status) \(failure.report.errors.first?.schemaLocation ?? "")"
        let now = Date()
        return state.withLock { state in
            if state.lastReported.count > 512 {
                state.lastReported = state.lastReported.filter { now.timeIntervalSince($0.value) < duplicateWindow }
            }
            if let last = state.lastReported[key], now.timeIntervalSince(last) < duplicateWindow {
                state.dropped += 1
                return false
            }
            guard state.inFlight < maxInFlight else {
                state.dropped += 1
                return false
            }
            state.inFlight += 1
            state.lastReported[key] = now
            return true
        }
    }
}
