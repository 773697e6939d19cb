/// The second method generated for an operation whose request body is binary: the same request and response
/// handling, with the body read from a file as it is sent (memory stays bounded, progress is reported) instead of
/// passed as `Data`.
public struct UploadPlan: Encodable, Sendable {
    /// The operation's parameters without the body, followed by the file, `contentType` and `progress`.
    public var signature: String
    public var docLines: [String]
    /// The request statements without the body's.
    public var requestStatements: RequestStatements
    /// `let`, or `var` when there are request statements.
    public var requestBinding: String
    /// The private method both variants hand the response to (`__<method>Response`), so its handling is written once.
    public var responseHandlerName: String
    /// The labels of the three added parameters.
    public var fileLabel: String
    public var contentTypeLabel: String
    public var progressLabel: String
}
