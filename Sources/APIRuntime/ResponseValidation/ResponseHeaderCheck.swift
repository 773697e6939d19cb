/// A documented response header a generated method checks: one the description marks `required`, or one whose schema
/// can refuse a text (a type other than string, `enum`, `const`, `pattern`, lengths, bounds). A header whose schema is
/// a plain string (with at most a `format`, an annotation in response validation) and that is not required can never
/// be wrong, and generated code does not list it.
///
/// The field's text (its lines joined with `, ` and trimmed, RFC 9110 §5.3) is read as the schema's type says, the way
/// OpenAPI's `simple` style writes it: a number as a JSON number literal, `true`/`false` as a boolean, a list as its
/// comma-separated items. Text that is not of that type stays a string, so the validator's `type` check reports it
/// (`"soon" is not of type "integer"`) instead of the value silently reading as nil.
@_spi(Generated) public struct ResponseHeaderCheck: Sendable {
    /// How a header's text (or each item of a list) is read before it is validated.
    public enum Scalar: Sendable {
        case string
        case number
        case boolean
    }

    /// The field name as the description writes it, e.g. `X-RateLimit-Remaining`.
    public let name: String
    /// Whether the description marks the header `required`.
    public let required: Bool
    /// How the text is read.
    public let scalar: Scalar
    /// Whether the value is a comma-separated list of `scalar`s (`type: array`).
    public let isList: Bool
    /// The header object's document and JSON pointer, where a missing required header is reported.
    public let document: StaticString
    public let pointer: StaticString
    /// The generated validator of the header's schema; nil when only presence is checked.
    public let validator: (@Sendable (JSONInstance, ValidationContext) -> Bool)?

    /// A header check; `document` and `pointer` locate the header object (`openapi.yaml`,
    /// `/paths/~1items/get/responses/200/headers/X-Total-Count`).
    public init(_ name: String, required: Bool, scalar: Scalar, isList: Bool = false,
                in document: StaticString, at pointer: StaticString,
                validator: (@Sendable (JSONInstance, ValidationContext) -> Bool)?) {
        self.name = name
        self.required = required
        self.scalar = scalar
        self.isList = isList
        self.document = document
        self.pointer = pointer
        self.validator = validator
    }

    /// The failures of this header in `response`, each naming the header; empty when it passes.
    func failures(in response: APIResponse) -> [ValidationError] {
        guard let text = response.headerText(name) else {
            guard required else { return [] }
            return [ValidationError(
                instanceLocation: "", keywordLocation: "\(pointer)/required", schemaLocation: "\(document)#\(pointer)",
                keyword: "required", message: "the required header is missing", header: name)]
        }
        guard let validator else { return [] }
        let instance = isList
            ? JSONInstance.array(APIResponse.items(of: text).map { Self.read($0, as: scalar) })
            : Self.read(text, as: scalar)
        return ValidationContext.validate(instance, with: validator).errors.map { $0.inHeader(name) }
    }

    /// `text` as the JSON value `scalar` says, or as a string when it is not one.
    static func read(_ text: String, as scalar: Scalar) -> JSONInstance {
        switch scalar {
        case .string:
            return .string(text)
        case .number:
            return JSONNumber(text).map(JSONInstance.number) ?? .string(text)
        case .boolean:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return .string(text)
            }
        }
    }
}
