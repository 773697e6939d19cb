/// The documented headers of an operation's success responses: a struct that reads them, and a variant of the method
/// (`<method>WithHeaders`) that returns them beside the body.
public struct ResponseHeadersPlan: Encodable, Sendable {
    /// `GetFriendsResponseHeaders`.
    public var typeName: String
    public var typeDocLines: [String]
    public var fields: [ResponseHeaderFieldPlan]
    /// `xRateLimitRemaining: Int? = nil, eTag: String? = nil`.
    public var initParameters: String
    /// `getFriendsWithHeaders`.
    public var variantName: String
    public var variantDocLines: [String]
    /// `(body: FriendsResponseData, headers: GetFriendsResponseHeaders)`, or the headers type alone for a method
    /// that returns nothing.
    public var variantReturnType: String
    /// Whether the method returns a body, which the variant returns beside the headers.
    public var returnsBody: Bool
    /// `memberID: memberID, page: page`: the plain method's call of the variant, which builds and sends the request
    /// (so its building is written once).
    public var forwardingArguments: String

    /// The plain method's name, unescaped, which the documentation names.
    public var plainMethodName: String

    /// The plan with the variant named `name` (escaped), its documentation following.
    func renamingVariant(_ name: String) -> ResponseHeadersPlan {
        var renamed = self
        renamed.variantName = name
        renamed.typeDocLines = Self.typeDocLines(method: plainMethodName, variant: name.filter { $0 != "`" })
        return renamed
    }

    /// The headers struct's documentation, naming the method and the variant that returns it.
    static func typeDocLines(method: String, variant: String) -> [String] {
        ["The documented headers of `\(method)`'s responses, as `\(variant)` returns them;",
         "an absent header, or one whose value is not of its documented type, is nil."]
    }
}

/// One documented header, one optional property.
public struct ResponseHeaderFieldPlan: Encodable, Sendable {
    public var docLines: [String]
    /// The property's name, escaped when it is a keyword.
    public var property: String
    /// `Int`, `[String]`, …: the type the value is read as.
    public var swiftType: String
    /// The field name as a Swift string literal.
    public var nameLiteral: String
    /// `headerValue` for one value, `headerValues` for a comma-separated list.
    public var reader: String
}

/// A struct of documented response headers, one optional property each, read from a response by `init(response:)`:
/// the one an error case carries (template `response-headers`, whose keys ``ResponseHeadersPlan`` shares).
public struct HeadersStructPlan: Encodable, Sendable {
    public var typeName: String
    public var typeDocLines: [String]
    public var fields: [ResponseHeaderFieldPlan]
    /// `xRateLimitRemaining: Int? = nil, eTag: String? = nil`.
    public var initParameters: String

    /// The memberwise initializer's parameters: every field optional, nil by default.
    static func initParameters(_ fields: [ResponseHeaderFieldPlan]) -> String {
        fields.map {
            MethodParameter(label: $0.property, local: $0.property, type: $0.swiftType + "?", defaultValue: "nil").declaration
        }.joined(separator: ", ")
    }
}
