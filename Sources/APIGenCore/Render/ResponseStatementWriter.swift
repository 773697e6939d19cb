/// Writes the Swift statements of one status `case` from the planned ``ResponseStep``s: the one place that knows
/// which `APIClient` call validates, decodes, returns or throws a response.
enum ResponseStatementWriter {
    static func lines(for steps: [ResponseStep], returningHeaders headersType: String? = nil) -> [String] {
        var lines: [String] = []
        for step in steps {
            switch step {
            case .checkEnvelopeStatus:
                lines.append("try client.checkEnvelopeStatus(of: __response, operation: __operation, format: Self.envelopeFormat)")
            case .validateHeaders(let checks):
                lines.append("try client.validateResponseHeaders(__response, operation: __operation, mode: .\(checks.mode), request: __request, calledAt: __calledAt, headers: [")
                lines += rows(of: checks)
                lines.append("])")
            case .validateStreamHeaders(let checks):
                lines.append("try client.validateResponseHeaders(__stream, operation: __operation, mode: .\(checks.mode), request: __request, calledAt: __calledAt, headers: [")
                lines += rows(of: checks)
                lines.append("])")
            case .validate(let validation, nil):
                lines.append("try client.validateResponse(__response, operation: __operation, mode: .\(validation.mode), request: __request, calledAt: __calledAt, validator: \(validation.validator))")
            case .validate(let validation, let checks?):
                lines.append("try client.validateResponse(__response, operation: __operation, mode: .\(validation.mode), request: __request, calledAt: __calledAt, headers: [")
                lines += rows(of: checks)
                lines.append("], validator: \(validation.validator))")
            case .returnNothing:
                lines.append("return")
            case .failForMissingBody:
                lines.append("throw APIError.decoding(operation: __operation.id, status: __response.status, message: \"the response has no body\")")
            case .returnBody(let body):
                // An envelope without data is only checked: the method returns nothing after it.
                if case .envelope(nil, _) = body { lines += [read(body), "return"] } else { lines.append("return " + read(body)) }
            case .returnOutcome(let caseName, let body):
                lines.append("return .\(caseName)" + (body.map { "(\(read($0)))" } ?? ""))
            case .throwError(let type, let caseName, let body, nil, let headersType):
                lines.append("throw \(type).\(caseName)(status: __response.status" + (body.map { ", body: \(read($0))" } ?? "")
                             + carried(headersType) + ")")
            case .throwError(let type, let caseName, let body, let checks?, let headersType):
                // Read inside a non-throwing closure: only text and bytes come here (JSON is a documented error).
                let documented = "\(type).\(caseName)(status: __response.status" + (body.map { ", body: \(read($0))" } ?? "")
                    + carried(headersType) + ")"
                lines.append("throw client.documentedError(from: __response, operation: __operation, mode: .\(checks.mode), request: __request, calledAt: __calledAt, headers: [")
                lines += rows(of: checks)
                lines.append("]) { \(documented) } undocumented: { \(undocumented(type)) }")
            case .throwDocumentedError(let type, let caseName, let bodyType, let validation, let checks, let headersType):
                let mode = validation?.mode ?? checks?.mode ?? "reject"
                let validator = validation.map(\.validator) ?? "nil"
                let call = "throw client.documentedError(\(bodyType).self, from: __response, operation: __operation, mode: .\(mode), request: __request, calledAt: __calledAt, validator: \(validator)"
                let closures = " { \(type).\(caseName)(status: __response.status, body: $0\(carried(headersType))) } undocumented: { \(undocumented(type)) }"
                if let checks {
                    lines.append(call + ", headers: [")
                    lines += rows(of: checks)
                    lines.append("])" + closures)
                } else {
                    lines.append(call + ")" + closures)
                }
            case .throwUnexpectedStatus:
                lines.append("throw APIError.unexpectedStatus(operation: __operation.id, status: __response.status, body: __response.body)")
            case .returnEvents(let events):
                lines.append(returnStream(eventsExpression(events), headersType))
            case .returnJSONStream(let itemType, let format, let validation):
                lines.append(returnStream("client.jsonStream(of: \(itemType).self, from: __stream, format: .\(format), \(streamRequest)\(streamValidation(validation)))", headersType))
            }
        }
        return lines
    }

    /// The `ResponseHeaderCheck` rows of a header check's array literal, one per line.
    private static func rows(of checks: HeaderChecks) -> [String] {
        checks.headers.map { header in
            "    ResponseHeaderCheck(\(SwiftNaming.stringLiteral(header.name)), required: \(header.required), scalar: .\(header.scalar.rawValue)"
                + (header.isList ? ", isList: true" : "")
                + ", in: \(SwiftNaming.stringLiteral(header.document)), at: \(SwiftNaming.stringLiteral(header.pointer))"
                + ", validator: \(header.validator ?? "nil")),"
        }
    }

    /// The `headers:` argument of an error case that carries its response's documented headers.
    private static func carried(_ headersType: String?) -> String {
        headersType.map { ", headers: \($0)(response: __response)" } ?? ""
    }

    /// The error enum's case for a documented error status whose response is not the documented one.
    private static func undocumented(_ type: String) -> String {
        "\(type).undocumentedBody(status: __response.status, body: __response.body, problem: $0)"
    }

    /// The expression that reads a body.
    private static func read(_ body: ResponseBody) -> String {
        switch body {
        case .json(let type): return "try client.decode(\(type).self, from: __response, operation: __operation)"
        case .binary: return "__response.body"
        case .text: return "__response.bodyText"
        case .envelope(nil, _):
            return "try client.checkEnvelope(from: __response, operation: __operation, format: Self.envelopeFormat)"
        case .envelope(let type?, let required):
            return "try client.decode\(required ? "Required" : "")Envelope(\(type).self, from: __response, operation: __operation, format: Self.envelopeFormat)"
        }
    }

    private static let streamRequest = "request: __request, operation: __operation"

    private static func streamValidation(_ validation: ResponseValidation?) -> String {
        validation.map { ", mode: .\($0.mode), validator: \($0.validator)" } ?? ""
    }

    /// Returns the stream `expression`, beside the head's documented headers read into `headersType` when set.
    private static func returnStream(_ expression: String, _ headersType: String?) -> String {
        guard let headersType else { return "return " + expression }
        return "return (body: \(expression), headers: \(headersType)(response: APIResponse(head: __stream.head)))"
    }

    private static func eventsExpression(_ events: EventsRead) -> String {
        switch events {
        case .union(let name):
            return "client.serverSentEvents(from: __stream, \(streamRequest), decode: \(name).init(event:data:reader:))"
        case .typed(let type, let validation):
            return "client.serverSentEvents(of: \(type).self, from: __stream, \(streamRequest)\(streamValidation(validation)))"
        case .text:
            return "client.serverSentEvents(from: __stream, \(streamRequest))"
        }
    }
}

extension ResponseStatements: Encodable {
    /// Encoded as the Swift statements, the form templates read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ResponseStatementWriter.lines(for: steps, returningHeaders: returnedHeaders))
    }
}
