/// One thing a generated method does with a response of a given status, as a value. Swift text for it is written
/// only when rendering (``ResponseStatements``).
public enum ResponseStep: Sendable, Equatable {
    /// Reads the `{status, reason, data}` envelope's status field first, so a failure it reports is not taken for
    /// an invalid body.
    case checkEnvelopeStatus
    /// Checks the documented headers that can be wrong (required ones present, typed or constrained ones against
    /// their schemas) of a response whose body is not validated.
    case validateHeaders(HeaderChecks)
    /// Checks a streamed response's documented headers when its head arrives, before any of its body is read.
    case validateStreamHeaders(HeaderChecks)
    /// Validates the JSON body with a generated validator, and the documented `headers` that can be wrong with it
    /// (one report per response).
    case validate(ResponseValidation, headers: HeaderChecks?)
    /// Returns: the method returns nothing.
    case returnNothing
    /// Fails with a decoding error: the method returns a value, but this documented response has no body.
    case failForMissingBody
    /// Returns what the body holds.
    case returnBody(ResponseBody)
    /// Returns one case of the operation's outcome enum (several success types), with the body if it has one.
    case returnOutcome(caseName: String, body: ResponseBody?)
    /// Throws one case of the operation's error enum with the status, and the body if it has one; with `headers`,
    /// a response whose documented headers are refused is thrown as the enum's `undocumentedBody` instead. With
    /// `headersType`, the case carries the documented headers read into that struct.
    case throwError(type: String, caseName: String, body: ResponseBody?, headers: HeaderChecks?, headersType: String?)
    /// Throws one case of the operation's error enum with its JSON body, its `headers` and body validated (when set)
    /// and the body decoded; a response that is not the documented one is thrown as the enum's `undocumentedBody`.
    /// With `headersType`, the case carries the documented headers read into that struct.
    case throwDocumentedError(type: String, caseName: String, bodyType: String, validation: ResponseValidation?,
                              headers: HeaderChecks?, headersType: String?)
    /// Throws `APIError.unexpectedStatus`: the description does not document the status.
    case throwUnexpectedStatus
    /// Returns the body as server-sent events.
    case returnEvents(EventsRead)
    /// Returns the body as a sequence of JSON values (`format`: the runtime's `JSONSequenceFormat` case).
    case returnJSONStream(itemType: String, format: String, validation: ResponseValidation?)
}

/// How a response body is read.
public enum ResponseBody: Sendable, Equatable {
    /// JSON decoded as this Swift type.
    case json(type: String)
    /// The bytes as `Data`.
    case binary
    /// The bytes as UTF-8 text.
    case text
    /// A `{status, reason, data}` envelope: its `data` decoded as `dataType` (required or optional), or, without
    /// one, only its status checked.
    case envelope(dataType: String?, required: Bool)
}

/// A generated validator run on a response body, and what a failure does.
///
/// Operations are planned while the validators are still being named (`SideBySide`), so a validation refers to
/// its schema first and is given the function's name by `named(by:)` before the plan is handed on.
public struct ResponseValidation: Sendable, Equatable {
    /// The runtime's `ValidationMode` case (`reject`, `reportOnly`, ...).
    public var mode: String
    /// The schema the validator checks.
    public var schema: SchemaRef
    private var name: String?

    /// A validation of `schema` whose function is named later, by `named(by:)`.
    public init(mode: String, schema: SchemaRef) {
        self.mode = mode
        self.schema = schema
    }

    /// A validation whose function's name is known.
    public init(mode: String, schema: SchemaRef, validator: String) {
        self.init(mode: mode, schema: schema)
        name = validator
    }

    /// The validator function's name (`validateMember`).
    public var validator: String {
        guard let name else { preconditionFailure("the validator of schema \(schema.index) was used before it was named") }
        return name
    }

    /// This validation with its function named as `naming` names it.
    func named(by naming: ValidatorNaming) -> ResponseValidation {
        ResponseValidation(mode: mode, schema: schema, validator: naming.functionName(schema))
    }
}

/// How server-sent events are handed over.
public enum EventsRead: Sendable, Equatable {
    /// Events typed by name: the generated enum decodes each.
    case union(typeName: String)
    /// Every event's data is JSON of one type.
    case typed(itemType: String, validation: ResponseValidation?)
    /// Every event's data is text.
    case text
}

extension ResponseStep {
    /// This step with its validation's function named (see ``ResponseValidation``).
    func namingValidators(_ naming: ValidatorNaming) -> ResponseStep {
        switch self {
        case .validate(let validation, let headers):
            return .validate(validation.named(by: naming), headers: headers?.named(by: naming))
        case .validateHeaders(let checks):
            return .validateHeaders(checks.named(by: naming))
        case .validateStreamHeaders(let checks):
            return .validateStreamHeaders(checks.named(by: naming))
        case .throwError(let type, let caseName, let body, let headers, let headersType):
            return .throwError(type: type, caseName: caseName, body: body, headers: headers?.named(by: naming),
                               headersType: headersType)
        case .throwDocumentedError(let type, let caseName, let bodyType, let validation, let headers, let headersType):
            return .throwDocumentedError(type: type, caseName: caseName, bodyType: bodyType,
                                         validation: validation?.named(by: naming), headers: headers?.named(by: naming),
                                         headersType: headersType)
        case .returnEvents(.typed(let itemType, let validation)):
            return .returnEvents(.typed(itemType: itemType, validation: validation?.named(by: naming)))
        case .returnJSONStream(let itemType, let format, let validation):
            return .returnJSONStream(itemType: itemType, format: format, validation: validation?.named(by: naming))
        case .checkEnvelopeStatus, .returnNothing, .failForMissingBody, .returnBody, .returnOutcome, .throwUnexpectedStatus,
             .returnEvents(.union), .returnEvents(.text):
            return self
        }
    }
}

/// The documented headers a generated method checks on one response, and the runtime's `ValidationMode` case a
/// failure is handled in.
public struct HeaderChecks: Sendable, Equatable {
    /// The runtime's `ValidationMode` case (`reject`, `reportOnly`, ...).
    public var mode: String
    /// The headers checked, the first of each name.
    public var headers: [HeaderValidation]

    func named(by naming: ValidatorNaming) -> HeaderChecks {
        HeaderChecks(mode: mode, headers: headers.map { $0.named(by: naming) })
    }
}

/// The JSON type a header's text is read as before its schema checks it (`ResponseHeaderCheck.Scalar` in the runtime).
public enum HeaderScalar: String, Sendable, Equatable {
    /// Kept as text.
    case string
    /// A JSON number literal, else kept as text (so that the `type` check names it).
    case number
    /// `true` or `false`, else kept as text.
    case boolean
}

/// One documented response header a generated method checks (the runtime's `ResponseHeaderCheck`).
public struct HeaderValidation: Sendable, Equatable {
    /// The field name as written.
    public var name: String
    /// Whether the description marks the header `required` (checked for presence).
    public var required: Bool
    /// How the text (or each list item) is read: the runtime's `ResponseHeaderCheck.Scalar` case of that name.
    public var scalar: HeaderScalar
    /// Whether the text is a comma-separated list of `scalar` items (an `array` schema).
    public var isList: Bool
    /// The header object's document (relative to the root's folder) and JSON pointer.
    public var document: String
    public var pointer: String
    /// The schema checked, when it can refuse a text; nil when only presence is checked.
    public var schema: SchemaRef?
    private var validatorName: String?

    init(name: String, required: Bool, scalar: HeaderScalar, isList: Bool, document: String, pointer: String, schema: SchemaRef?) {
        self.name = name
        self.required = required
        self.scalar = scalar
        self.isList = isList
        self.document = document
        self.pointer = pointer
        self.schema = schema
    }

    /// The validator function's name (`validateGetFriendsResponse200XRateLimitRemainingHeader`), nil without a schema.
    public var validator: String? {
        guard let schema else { return nil }
        guard let validatorName else { preconditionFailure("the validator of schema \(schema.index) was used before it was named") }
        return validatorName
    }

    func named(by naming: ValidatorNaming) -> HeaderValidation {
        var named = self
        named.validatorName = schema.map(naming.functionName)
        return named
    }
}
