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
    /// Set when the success responses document headers: the upload's own `<method>WithHeaders` variant, which the
    /// plain upload forwards to as the plain method forwards to its variant.
    public var headers: UploadHeadersVariant?
}

/// The `<method>WithHeaders(..., fromFile:)` overload: the upload, returning the documented headers beside the body.
public struct UploadHeadersVariant: Encodable, Sendable {
    /// The name shared with the plain method's variant (the parameters tell the overloads apart).
    public var variantName: String
    /// `(body: Item, headers: PutImageResponseHeaders)`, or the headers type alone when there is no body.
    public var variantReturnType: String
    /// The struct the headers are read into.
    public var typeName: String
    public var returnsBody: Bool
    /// The plain upload's call of the variant: its parameters, then the file, `contentType` and `progress`.
    public var forwardingArguments: String
}
