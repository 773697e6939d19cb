import Foundation
import HTTPTypes

/// What a generated method does when a response does not match its schema (`validation:` in apigen.yml).
@_spi(Generated) public enum ValidationMode: String, Sendable, Hashable {
    /// Throw ``APIError/invalidResponse(operation:status:report:)``; the invalid body never becomes a model.
    case reject
    /// Report the failure (``APIClient/setValidationFailureHandler(_:)``) and decode anyway.
    case reportOnly
    /// Do not validate.
    case off
    /// Throw ``APIError/invalidResponse(operation:status:report:)`` for every violation, values outside an `enum` and unknown discriminator
    /// values included.
    case strict

    /// Whether a response with `report` fails the call. `reject` lets a report whose only violations are values
    /// outside an `enum` or discriminator values a union does not list through: servers add both without a new API
    /// version, and generated models decode them (their `undocumented` case), so the caller gets the model and the
    /// failure is still reported.
    func rejects(_ report: ValidationReport) -> Bool {
        switch self {
        case .strict: return true
        case .reject:
            return report.isTruncated || !report.errors.allSatisfy { $0.keyword == "enum" || $0.keyword == "discriminator" }
        case .reportOnly, .off: return false
        }
    }
}

/// A response validation failure as it is logged and reported: what was called, what came back, what failed.
public struct ResponseValidationFailure: Sendable {
    /// The operation that received the response.
    public let operation: OperationInfo
    /// The HTTP status of the response.
    public let status: Int
    /// Every failed check (bounded), with instance path, keyword and schema location.
    public let report: ValidationReport
    /// The request that was sent (path, headers, body), when the generated method passed it.
    @_spi(Generated) public let request: RequestBuilder?
    /// When the call was made (not when the response arrived).
    public let calledAt: Date
    /// The response that failed validation.
    public let response: APIResponse
    /// The `validation:` mode the generated method was built with (apigen.yml).
    @_spi(Generated) public let mode: ValidationMode
    /// Credential values the client sent recently: reports and logs must hide them wherever they appear.
    public let credentialValues: [String]

    /// Whether the call threw ``error`` (`validation: reject` or `strict`), rather than returning the decoded model
    /// anyway (`reportOnly`, or `reject` when the only violations are values outside an `enum` or an unknown
    /// discriminator value, which generated models decode as their `undocumented` case).
    public var isRejected: Bool { mode.rejects(report) }

    /// The failure as the caller saw it in `reject` mode: ``APIError/invalidResponse(operation:status:report:)``.
    public var error: APIError {
        .invalidResponse(operation: operation.id, status: status, report: report)
    }
}

extension APIClient {
    /// Validates `response.body` with a generated validator before it is decoded, and its documented `headers`
    /// (``ResponseHeaderCheck``) with it: one report per response, the headers' failures first.
    ///
    /// In `reject` mode an invalid response throws ``APIError/invalidResponse(operation:status:report:)``; in `reportOnly` mode decoding continues.
    /// In both, the failure goes to the handler set with ``setValidationFailureHandler(_:)``. A body that is not JSON at all is an invalid response too.
    @_spi(Generated) public func validateResponse(_ response: APIResponse, operation: OperationInfo, mode: ValidationMode,
                                 options: ValidationOptions = .default, request: RequestBuilder? = nil, calledAt: Date? = nil,
                                 headers: [ResponseHeaderCheck] = [],
                                 validator: (JSONInstance, ValidationContext) -> Bool) throws(APIError) {
        guard mode != .off else { return }
        var errors: [ValidationError] = []
        for check in headers { errors += check.failures(in: response) }
        var isTruncated = false
        // A stored response's body was valid when it was first received; its headers are checked every time (cheap).
        if !response.isLocal || localResults.value(Bool.self, kind: .valid, operation: operation.id, body: response.body) != true {
            let body: ValidationReport
            do {
                let instance = try response.parsedBody()
                body = ValidationContext.validate(instance, options: options, with: validator)
            } catch {
                body = ValidationReport(errors: [ValidationError(instanceLocation: "", keywordLocation: "", schemaLocation: "",
                                                                 keyword: "json", message: "the body is not JSON: \(error)")])
            }
            if body.isValid, response.isLocal { localResults.store(true, kind: .valid, operation: operation.id, body: response.body) }
            errors += body.errors
            isTruncated = body.isTruncated
        }
        guard !errors.isEmpty else { return }
        let report = ValidationReport(errors: errors, isTruncated: isTruncated)
        record(report, operation: operation, request: request, response: response, mode: mode, calledAt: calledAt ?? Date())
        if mode.rejects(report) { throw APIError.invalidResponse(operation: operation.id, status: response.status, report: report) }
    }

    /// Checks the documented headers of a response whose body is not validated (none, text, bytes, a stream)
    /// (``ResponseHeaderCheck``): a required one present, a typed or constrained one against its schema.
    ///
    /// A failure is handled as a body's is in ``validateResponse(_:operation:mode:options:request:calledAt:headers:validator:)``,
    /// which checks the headers of a JSON response together with its body: it reaches the handler set with
    /// ``setValidationFailureHandler(_:)`` in every mode, and throws ``APIError/invalidResponse(operation:status:report:)``
    /// in `reject` mode (unless only `enum` values fail) and `strict` mode.
    @_spi(Generated) public func validateResponseHeaders(_ response: APIResponse, operation: OperationInfo, mode: ValidationMode,
                                        request: RequestBuilder? = nil, calledAt: Date? = nil,
                                        headers: [ResponseHeaderCheck]) throws(APIError) {
        guard mode != .off else { return }
        var errors: [ValidationError] = []
        for check in headers { errors += check.failures(in: response) }
        guard !errors.isEmpty else { return }
        let report = ValidationReport(errors: errors)
        record(report, operation: operation, request: request, response: response, mode: mode, calledAt: calledAt ?? Date())
        if mode.rejects(report) { throw APIError.invalidResponse(operation: operation.id, status: response.status, report: report) }
    }

    /// Makes `handler` receive every validation failure of this client (nil removes it); each client has its
    /// own. The handler must return quickly: ``ValidationFailureReporter`` sends reports off the caller's path.
    public func setValidationFailureHandler(_ handler: (@Sendable (ResponseValidationFailure) -> Void)?) {
        validationReporting.withLock { $0 = handler }
    }

    private func record(_ report: ValidationReport, operation: OperationInfo, request: RequestBuilder?,
                        response: APIResponse, mode: ValidationMode, calledAt: Date) {
        let failure = ResponseValidationFailure(
            operation: operation, status: response.status, report: report, request: request, calledAt: calledAt,
            response: response, mode: mode, credentialValues: credentialManager?.recentValues ?? [])
        events.emit(.validationFailed(operation: operation.id, message: failure.error.description))
        // A failure while a report is being sent is never reported: reporting can not feed itself.
        guard !ValidationFailureReporter.isReporting, let handler = validationReporting.withLock({ $0 }) else { return }
        handler(failure)
    }
}

extension APIClient {
    /// Checks the documented headers of a streamed response when its head arrives, before any of its body is read, as
    /// the overload taking an ``APIResponse`` does for a buffered one; a reported failure carries the head with an
    /// empty body. A rejected stream is dropped unread, which closes its connection.
    @_spi(Generated) public func validateResponseHeaders(_ stream: StreamedHTTPResponse, operation: OperationInfo,
                                                         mode: ValidationMode, request: RequestBuilder? = nil,
                                                         calledAt: Date? = nil, headers: [ResponseHeaderCheck]) throws(APIError) {
        try validateResponseHeaders(APIResponse(head: stream.head), operation: operation, mode: mode, request: request,
                                    calledAt: calledAt, headers: headers)
    }
}
