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
    public var headCases: [ResponseCasePlan] {
        didSet { checksHeaders = !headCases.isEmpty }
    }
    /// Whether ``headCases`` has a case (the template passes the head check only then).
    public private(set) var checksHeaders: Bool
    /// Set when the success responses document headers: the download's own `<method>WithHeaders` variant, which the
    /// plain download forwards to as the plain method forwards to its variant.
    public var headers: DownloadHeadersVariant?

    init(signature: String, docLines: [String], destinationLabel: String, resumableLabel: String, progressLabel: String,
         headCases: [ResponseCasePlan]) {
        self.signature = signature
        self.docLines = docLines
        self.destinationLabel = destinationLabel
        self.resumableLabel = resumableLabel
        self.progressLabel = progressLabel
        self.headCases = headCases
        self.checksHeaders = !headCases.isEmpty
    }
}

/// The `<method>WithHeaders(..., to:)` overload: the download, returning the documented headers of the response that
/// completed it beside the `DownloadResult`.
public struct DownloadHeadersVariant: Encodable, Sendable {
    /// The name shared with the plain method's variant (the parameters tell the overloads apart).
    public var variantName: String
    /// The struct the headers are read into (the plain method's variant's).
    public var typeName: String
    /// The plain download's call of the variant: its parameters, then the destination, `resumable` and `progress`.
    public var forwardingArguments: String
}
