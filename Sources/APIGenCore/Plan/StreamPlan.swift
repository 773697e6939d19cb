/// How a method whose success response is streamed (`text/event-stream`, JSON Lines, NDJSON, JSON Sequence) hands it
/// over: it sends with `client.stream`, returns the runtime's typed sequence for the success statuses, and reads
/// any other status whole for the usual status switch.
public struct StreamPlan: Encodable, Sendable {
    /// The `Accept` header, as a Swift string literal.
    public var acceptLiteral: String
    /// The `case` blocks that return the sequence.
    public var cases: [ResponseCasePlan]
    /// Set when the streamed responses document headers: the struct the `<method>WithHeaders` variant returns them
    /// in, beside the sequence.
    public var headersTypeName: String?

    /// ``cases`` as the `WithHeaders` variant writes them: each sequence returned beside the head's headers.
    public var variantCases: [ResponseCasePlan] {
        cases.map { plan in
            var copy = plan
            copy.statements.returnedHeaders = headersTypeName
            return copy
        }
    }

    enum CodingKeys: String, CodingKey {
        case acceptLiteral, cases, variantCases
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(acceptLiteral, forKey: .acceptLiteral)
        try container.encode(cases, forKey: .cases)
        if headersTypeName != nil { try container.encode(variantCases, forKey: .variantCases) }
    }
}

/// The second method generated for an operation whose success response is binary: the same request, with the
/// body downloaded to a file (resumable, with progress) instead of returned as `Data`.
public struct DownloadPlan: Encodable, Sendable {
    /// The operation's parameters followed by the destination, `resumable` and `progress`.
    public var signature: String
    public var docLines: [String]
    /// The labels of the three added parameters.
    public var destinationLabel: String
    public var resumableLabel: String
    public var progressLabel: String
    /// The `case` blocks that check a 2xx head's documented headers before its body is written (a `200`'s also match
    /// the `206` a segmented download gets when the description documents no `206`); empty when none are documented.
    public var headCases: [ResponseCasePlan] = []
    /// Whether ``headCases`` has a case (the template passes the head check only then).
    public var checksHeaders: Bool { !headCases.isEmpty }

    enum CodingKeys: String, CodingKey {
        case signature, docLines, destinationLabel, resumableLabel, progressLabel, headCases, checksHeaders
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signature, forKey: .signature)
        try container.encode(docLines, forKey: .docLines)
        try container.encode(destinationLabel, forKey: .destinationLabel)
        try container.encode(resumableLabel, forKey: .resumableLabel)
        try container.encode(progressLabel, forKey: .progressLabel)
        try container.encode(headCases, forKey: .headCases)
        try container.encode(checksHeaders, forKey: .checksHeaders)
    }
}
