/// Stage 3 output: every Swift name, type and statement decided. Templates only lay it out.
/// `apigen plan --json` prints exactly this.
public struct GenerationPlan: Encodable, Sendable {
    /// `public`, `package` or `internal`.
    public var access: String
    /// The API's title and version, for file headers.
    public var apiTitle: String
    public var apiVersion: String
    /// Model files (one top-level model and the inline types it owns, per file), sorted by file name.
    public var modelFiles: [ModelFilePlan]
    /// One API type per tag.
    public var groups: [APIGroupPlan]
    /// The client facade and servers.
    public var client: ClientPlan
    /// Compiled validators, in files.
    public var validatorFiles: [ValidatorFilePlan] = []
    /// Whether the output validates responses at all: each API group then has a validators file
    /// (`api-group-validators`), even when none of its operations has an inline schema. Decided by the configuration
    /// alone (`validationIsConfigured`), not by whether some response has a schema yet: a group's validators file
    /// must not appear with the first validated operation, or two branches that each add one would both add the
    /// file, and git reports an add/add conflict for any two different new files at one path (Docs/merge-results.md).
    public var validatesResponses = false
    /// `validation` in apigen.yml, or one of its `validationOverrides`, is not `off` (validators are planned only for
    /// operations whose mode is not `off`, so planned validators imply it; `placeValidators` checks both anyway).
    var validationIsConfigured = false
    /// The opt-in `WireDispatcher.swift` (`wireDispatcher: true`); nil when not configured.
    public var wireDispatcher: WireDispatcherPlan?

    /// Sets the planned validators: an operation's section of its group file goes to that operation (its template
    /// renders it after the method), every other file to `validatorFiles`.
    public mutating func placeValidators(_ files: [ValidatorFilePlan]) {
        validatesResponses = validationIsConfigured || !files.isEmpty
        var sections: [String: ValidatorFilePlan] = [:]
        for file in files where file.isOperationSection { sections[file.operation] = file }
        validatorFiles = files.filter { !$0.isOperationSection }
        for group in groups.indices {
            for operation in groups[group].operations.indices {
                let anchor = groups[group].operations[operation].validatorSection
                groups[group].operations[operation].validators = sections[anchor].map { [$0] } ?? []
            }
        }
    }
}

/// A file of compiled validators: one owner's top-level functions (a component schema, an operation, a document)
/// with the constants they use.
public struct ValidatorFilePlan: Encodable, Sendable {
    public var fileName: String
    public var access: String
    /// The constants the file's functions use: stored properties of one private struct (`constantsType`) held by
    /// one file-private global (`constantsGroup`), built on first use. One global per file rather than one per
    /// constant: every global or static stored property costs the module's `-emit-module` job (type-checking its initializer,
    /// its lazy accessor), which every incremental rebuild reruns (Docs/performance.md).
    public var constants: [ValidatorConstantPlan]
    /// Whether `constants` is non-empty.
    public var hasConstants: Bool
    /// The file-private global holding the constants, e.g. `__memberConstants`; functions read
    /// `__memberConstants.x`.
    public var constantsGroup: String
    /// Its private struct type, e.g. `__MemberValidatorConstants`.
    public var constantsType: String
    public var functions: [ValidatorFunctionPlan]
    /// True when `fileName` is another template's file (the owner's model file): the rendered declarations are appended
    /// to it, without a header or imports of its own. (An operation's section is rendered by `api-group-validators`
    /// through the `validator-section` partial, which reads neither this nor `fileName`.)
    public var isAppendix = false
    /// The operation (`operation:<file#pointer>`) whose inline schemas these are when they are one operation's
    /// section, else empty: ``GenerationPlan/placeValidators(_:)`` hands such a section to its operation, and
    /// `api-group-validators` renders it after the operation's `MARK` line in the group's validators file.
    public var operation = ""
    /// Whether this is an operation's section (see `operation`).
    public var isOperationSection = false
}

/// One schema's validation function.
public struct ValidatorFunctionPlan: Encodable, Sendable {
    /// Named after the schema's location: `validateMember`, `validateGetMemberResponse200`.
    public var name: String
    public var source: String
    public var lines: [String]
    /// `public ` for a named schema's function when the output is public, else empty (internal).
    public var accessModifier: String
    /// Whether this is a named schema's function, callable by apps.
    public var isEntryPoint: Bool
}

/// One model file.
public struct ModelFilePlan: Encodable, Sendable {
    public var fileName: String
    public var access: String
    /// What structs and unions conform to after `Codable`: `, Equatable`, `, Hashable` or nothing (`modelEquality`).
    public var equalityConformance: String
    public var models: [ModelPlan]
}

/// One generated model type: a struct, a tolerant enum, a union (`oneOf`/`anyOf`) or a type alias.
public struct ModelPlan: Encodable, Sendable {
    public var name: String
    public var access: String
    public var docLines: [String]
    public var isDeprecated: Bool
    /// Where the schema was written, `file#pointer`, in the doc comment for people reading generated code.
    public var source: String

    public var isStruct = false
    public var properties: [PropertyPlan] = [] { didSet { hasProperties = !properties.isEmpty } }
    public private(set) var hasProperties = false
    /// The wire names: one per property, or for canonical models one per wire name. The bundled templates key by
    /// `WireKey` literals in the statements instead; this list is for custom templates (e.g. to document the names).
    public var codingKeys: [CodingKeyPlan] = []
    /// A canonical model decoded from several wire shapes (`models:` in apigen.yml).
    public var isCanonical = false
    /// The wire shapes, each with its own encoding statements.
    public var shapes: [ShapePlan] = []
    /// The shape `encode(to:)` uses by default.
    public var firstShapeName: String?
    /// True when the struct keeps unknown keys in `additionalProperties`.
    public var hasAdditionalProperties = false
    /// A tuple (`prefixItems`): the struct is coded as a JSON array, one property per position in order (the
    /// statements use an unkeyed `container`).
    public var isTuple = false
    public var additionalPropertiesType: String?

    public var isEnum = false
    public var rawType: String?
    public var enumCases: [EnumCasePlan] = []

    public var isUnion = false
    public var unionCases: [UnionCasePlan] = []
    /// Discriminator values that several variants declare (openai's `"type": "message"` for system, user and
    /// assistant messages): such a value selects among those variants by shape, not one variant.
    public var sharedDiscriminatorValues: [SharedDiscriminatorValuePlan] = []
    public var hasDiscriminator = false
    public var discriminatorLiteral: String?
    /// The case of a discriminated union that keeps a value whose discriminator the description does not list,
    /// as raw JSON (servers add kinds without a new API version), e.g. `undocumented`.
    public var undocumentedCaseName: String?
    /// True for a union that is among its own variants through other unions (`A: oneOf [B, X]`, `B: oneOf [A, Y]`):
    /// its `init(from:)` goes through `UnionRecursionGuard`, and `decodingInitializer` is a private initializer.
    public var breaksRecursion = false
    /// The declaration of the initializer that decodes the variants: `public init(from decoder: any Decoder) throws`,
    /// or `private init(variantsFrom decoder: any Decoder) throws` behind the guard.
    public var decodingInitializer = ""
    /// True for a union with several object variants: a value without a discriminator is decoded as the variant its
    /// members and tag match (`UnionDecoding`), not as the first variant that decodes.
    public var decodesByShape = false

    public var isAlias = false
    public var aliasedType: String?

    /// The events of a server-sent event stream typed by their `event` name (OpenAPI 3.2 `itemSchema` branches):
    /// one case per documented name, and `undocumentedCaseName` for any other.
    public var isEventUnion = false
    public var eventCases: [EventCasePlan] = []

    /// A plain enum of outcomes (per-operation responses and errors); not Codable.
    public var isOutcome = false
    public var outcomeCases: [OutcomeCasePlan] = []
    /// Extra conformances, e.g. `, Error`.
    public var extraConformances = ""
    /// The outcome's cases are stored out of line (`indirect enum`): set for the errors an operation throws. Their
    /// payloads hold whole models, and an inline payload makes the compiler write copy, assign and destroy code
    /// through every field of every model for each enum; boxed, each case is one reference (about 8% of the GitHub
    /// client's full build, Docs/performance.md). An error is built once, on a failed call, so the box costs nothing
    /// that matters, and callers switch over the cases exactly as before.
    public var isIndirect = false
    /// Set for the struct of an error response's documented headers (rendered by the `response-headers` template).
    public var headersStruct: HeadersStructPlan?

    enum CodingKeys: String, CodingKey {
        case name, access, docLines, isDeprecated, source, isStruct, properties, hasProperties, codingKeys, isCanonical, shapes,
             firstShapeName, hasAdditionalProperties, isTuple,
             additionalPropertiesType, isEnum, rawType, enumCases, isUnion, unionCases, sharedDiscriminatorValues, hasDiscriminator,
             discriminatorLiteral, undocumentedCaseName, breaksRecursion, decodingInitializer, decodesByShape, isAlias, aliasedType, isEventUnion, eventCases, isOutcome, outcomeCases, extraConformances, isIndirect, headersStruct
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(access, forKey: .access)
        try container.encode(docLines, forKey: .docLines)
        try container.encode(isDeprecated, forKey: .isDeprecated)
        try container.encode(source, forKey: .source)
        try container.encode(isStruct, forKey: .isStruct)
        try container.encode(properties, forKey: .properties)
        try container.encode(hasProperties, forKey: .hasProperties)
        try container.encode(codingKeys, forKey: .codingKeys)
        try container.encode(isCanonical, forKey: .isCanonical)
        try container.encode(shapes, forKey: .shapes)
        try container.encodeIfPresent(firstShapeName, forKey: .firstShapeName)
        try container.encode(hasAdditionalProperties, forKey: .hasAdditionalProperties)
        try container.encode(isTuple, forKey: .isTuple)
        try container.encodeIfPresent(additionalPropertiesType, forKey: .additionalPropertiesType)
        try container.encode(isEnum, forKey: .isEnum)
        try container.encodeIfPresent(rawType, forKey: .rawType)
        try container.encode(enumCases, forKey: .enumCases)
        try container.encode(isUnion, forKey: .isUnion)
        try container.encode(unionCases, forKey: .unionCases)
        try container.encode(sharedDiscriminatorValues, forKey: .sharedDiscriminatorValues)
        try container.encode(hasDiscriminator, forKey: .hasDiscriminator)
        try container.encodeIfPresent(discriminatorLiteral, forKey: .discriminatorLiteral)
        try container.encodeIfPresent(undocumentedCaseName, forKey: .undocumentedCaseName)
        try container.encode(breaksRecursion, forKey: .breaksRecursion)
        try container.encode(decodingInitializer, forKey: .decodingInitializer)
        try container.encode(decodesByShape, forKey: .decodesByShape)
        try container.encode(isAlias, forKey: .isAlias)
        try container.encodeIfPresent(aliasedType, forKey: .aliasedType)
        try container.encode(isEventUnion, forKey: .isEventUnion)
        try container.encode(eventCases, forKey: .eventCases)
        try container.encode(isOutcome, forKey: .isOutcome)
        try container.encode(outcomeCases, forKey: .outcomeCases)
        try container.encode(extraConformances, forKey: .extraConformances)
        try container.encode(isIndirect, forKey: .isIndirect)
        try container.encodeIfPresent(headersStruct, forKey: .headersStruct)
    }
}

/// A stored property of a struct model.
public struct PropertyPlan: Encodable, Sendable {
    /// The identifier as declared (may be in backticks).
    public var name: String
    /// A member-name identifier for the property (same as `name`), for custom templates.
    public var codingKey: String
    /// The wire name as a Swift string literal.
    public var wireLiteral: String
    /// The declared type, e.g. `String?`, `Nullable<Date>?`, `Comment?`.
    public var type: String
    public var docLines: [String]
    public var isDeprecated: Bool
    /// The `init` parameter, e.g. `displayName: Nullable<String>? = nil`.
    public var initParameter: String
    /// How the property is read and written; templates get it as `decodeStatement` (the statement of `init(from:)`,
    /// e.g. `self.id = try container.decode(Int64.self, forKey: "id")`) and `encodeStatement` (of `encode(to:)`).
    public var coding: PropertyCoding
    /// The name used on the right of `self.x = x` in the memberwise init (no backticks needed there).
    public var parameterName: String
    public var isLast = false
    /// How the property is declared: `let`, or `var` with `mutableModels: true`.
    public var binding = "var"
    /// For an immutable property holding another model struct, and for any property that closes a recursion: the
    /// private stored property (`_owner`) that keeps it in a box; `name` is then an accessor over it (read-only
    /// unless ``isSettable``), and the memberwise init assigns the box. Nil when the property is stored as declared.
    public var storageName: String?
    /// The type of `storageName`, e.g. `Indirect<SimpleUser?>`.
    public var storageType: String?
    /// Whether `storageName` is set. Templates test this rather than `storageName` itself: a missing key makes
    /// swift-mustache search every enclosing context for it, which was a quarter of all lookups in a model file.
    public var isBoxed = false
    /// Whether the accessor over the box also sets it (`mutableModels: true`: a recursive property stays a `var`).
    public var isSettable = false

    /// The statement of `init(from:)`, written from ``coding``.
    public var decodeStatement: String { PropertyCodingWriter.decodeStatement(coding, name: name, storageName: storageName) }
    /// The statement of `encode(to:)`, written from ``coding``.
    public var encodeStatement: String { PropertyCodingWriter.encodeStatement(coding, name: name) }

    enum CodingKeys: String, CodingKey {
        case name, codingKey, wireLiteral, type, docLines, isDeprecated, initParameter, decodeStatement, encodeStatement,
             parameterName, isLast, binding, storageName, storageType, isBoxed, isSettable
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(codingKey, forKey: .codingKey)
        try container.encode(wireLiteral, forKey: .wireLiteral)
        try container.encode(type, forKey: .type)
        try container.encode(docLines, forKey: .docLines)
        try container.encode(isDeprecated, forKey: .isDeprecated)
        try container.encode(initParameter, forKey: .initParameter)
        try container.encode(decodeStatement, forKey: .decodeStatement)
        try container.encode(encodeStatement, forKey: .encodeStatement)
        try container.encode(parameterName, forKey: .parameterName)
        try container.encode(isLast, forKey: .isLast)
        try container.encode(binding, forKey: .binding)
        try container.encodeIfPresent(storageName, forKey: .storageName)
        try container.encodeIfPresent(storageType, forKey: .storageType)
        try container.encode(isBoxed, forKey: .isBoxed)
        try container.encode(isSettable, forKey: .isSettable)
    }
}

/// A `CodingKeys` case.
public struct CodingKeyPlan: Encodable, Sendable {
    public var name: String
    public var wireLiteral: String
}

/// One wire shape of a canonical model.
public struct ShapePlan: Encodable, Sendable {
    /// The `WireShape` case.
    public var name: String
    /// Where the shape's schema is, for the doc comment.
    public var source: String
    /// How each field is written in this shape; templates get `encodeStatements[]`, the statements of
    /// `encode(to:shape:)`.
    public var fields: [ShapeFieldCoding]

    enum CodingKeys: String, CodingKey {
        case name, source, encodeStatements
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(source, forKey: .source)
        try container.encode(PropertyCodingWriter.shapeStatements(fields), forKey: .encodeStatements)
    }
}

/// A case of a tolerant enum.
public struct EnumCasePlan: Encodable, Sendable {
    public var name: String
    /// The raw value as a Swift literal (`"asc"`, `3`).
    public var rawLiteral: String
}

/// A case of an outcome enum: `case status404(status: Int, body: ErrorBody)`.
public struct OutcomeCasePlan: Encodable, Sendable {
    public var name: String
    /// `(status: Int, body: ErrorBody)`, or empty for a case without payload.
    public var payload: String
    public var docLines: [String]
}

/// A case of a union.
public struct UnionCasePlan: Encodable, Sendable {
    public var name: String
    public var type: String
    /// The expression a discriminated union assigns to `self` when the discriminator selects this case, e.g.
    /// `.cat(try Cat(from: decoder))`.
    public var decodeExpression: String
    /// Discriminator values that select this case, as Swift string literals (empty without a discriminator).
    public var discriminatorValues: [String]
    public var hasDiscriminatorValues: Bool
    /// The values joined for a `case` label: `"like", "Like"`.
    public var discriminatorPattern: String
    /// The arguments of the case's `UnionDecoding.Variant` when the union decodes by shape: the member names of an
    /// object variant, the required ones that decode when absent and the members it restricts to a few strings, e.g.
    /// `(keys: ["id", "type", "lock_reason"], required: ["lock_reason"], tags: ["type": ["track"]])`;
    /// empty for a variant that is not an object with declared members.
    public var shapeArguments = ""
    public var isLast = false
}

/// A discriminator value that several variants of a union declare, and those variants.
public struct SharedDiscriminatorValuePlan: Encodable, Sendable {
    /// The value as a Swift string literal.
    public var literal: String
    /// The cases it may select, in declaration order (their `shapeArguments` tell them apart).
    public var variants: [UnionCasePlan]
}

/// One documented event name of a server-sent event stream.
public struct EventCasePlan: Encodable, Sendable {
    /// The case, e.g. `priceChanged`.
    public var name: String
    /// The `event` field's value as a Swift string literal.
    public var eventLiteral: String
    /// The case's payload: the data's model type, or `String` for text.
    public var type: String
    /// How the data is read: as text, or as JSON of `type`, validated first when the validation is set.
    public var read: Read
    public var docLines: [String]

    public enum Read: Sendable {
        case text
        case json(validation: ResponseValidation?)
    }

    /// The expression that reads the data (named `data`, the reader `reader`) into `type`.
    public var readExpression: String {
        switch read {
        case .text:
            return "data"
        case .json(let validation):
            return "try reader.json(\(type).self, from: data\(validation.map { ", mode: .\($0.mode), validator: \($0.validator)" } ?? ""))"
        }
    }

    /// This case with its validator named (see ``ResponseValidation``).
    func namingValidators(_ naming: ValidatorNaming) -> EventCasePlan {
        guard case .json(let validation?) = read else { return self }
        var copy = self
        copy.read = .json(validation: validation.named(by: naming))
        return copy
    }

    enum CodingKeys: String, CodingKey {
        case name, eventLiteral, type, readExpression, docLines
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(eventLiteral, forKey: .eventLiteral)
        try container.encode(type, forKey: .type)
        try container.encode(readExpression, forKey: .readExpression)
        try container.encode(docLines, forKey: .docLines)
    }
}

/// The operations of one tag.
public struct APIGroupPlan: Encodable, Sendable {
    public var name: String
    /// The group's own file: the group type and one block per operation. It extends nothing but the group type, so
    /// that the declarations an added or removed operation adds or removes at its top level recompile only the files
    /// that use them: the Swift driver recompiles every file that extends a type when a file extending that type
    /// changes at its top level (Docs/performance.md, "Why an operation edit rebuilds half the module").
    public var fileName: String
    /// The file of the client's accessor of the group (`api-group-client`), written once when the group appears.
    public var clientFileName: String
    /// The file of the operations' inline validators (`api-group-validators`): a `MARK` line per operation,
    /// followed by its section (top-level functions) when it has one, in description order, so that two branches'
    /// additions merge like the group file's blocks.
    public var validatorsFileName: String
    public var access: String
    public var docLines: [String]
    /// The client's accessor of the group, declared in its own file (an extension of `clientName`): a group added
    /// on each of two branches then adds files each, and the client file, where both accessors would be appended at
    /// the same place, does not change.
    public var propertyName: String
    /// The client type the accessor extends.
    public var clientName: String
    /// In description order, each with what it declares: two operations added to the group on two branches are then
    /// written at different places of the file, as they were in the description, and git merges them.
    public var operations: [OperationPlan]
    /// Whether operations unwrap `{status, reason, data}` envelopes.
    public var hasEnvelope = false
    /// `EnvelopeFormat(...)` literal for `static let envelopeFormat`.
    public var envelopeFormatLiteral = ""
}

/// One operation method.
public struct OperationPlan: Encodable, Sendable {
    public var methodName: String
    /// Response and error enums the operation declares, written after its method.
    public var supportTypes: [ModelPlan] = []
    /// Its inline schemas' validators (none or one section), written after its enums.
    public var validators: [ValidatorFilePlan] = []
    /// The key of its validator section: `operation:<file#pointer>` of the operation's node.
    public var validatorSection = ""
    public var operationIdLiteral: String
    public var httpMethodLiteral: String
    public var pathLiteral: String
    public var docLines: [String]
    public var isDeprecated: Bool
    /// `memberId: Int64, page: Int? = nil`.
    public var signature: String
    public var returnType: String
    public var returnsValue: Bool
    /// What fills `__request`: typed steps, encoded for templates as Swift statements.
    public var requestStatements: RequestStatements
    /// `var` when statements fill the request, `let` otherwise.
    public var requestBinding: String
    /// Whether the method notes when the call was made (for validation failure reports).
    public var recordsCallTime: Bool
    /// `case 200:` blocks.
    public var responseCases: [ResponseCasePlan]
    public var hasDefaultCase: Bool
    public var defaultStatements: ResponseStatements
    public var isQueueable: Bool
    /// The method's arguments with the location and wire name each one is sent as, for the wire dispatcher.
    public var wireArguments: [WireArgumentPlan] = []
    /// Whether the API description states the operation's security (its own or the top-level `security`).
    public var hasSecurity = false
    /// The `security:` argument of `OperationInfo`, e.g. `[SecurityRequirement([.init(API.SecuritySchemes.key)])]`.
    public var securityLiteral = ""
    /// The requirements: alternatives of schemes that apply together.
    public var security: [SecurityRequirementPlan] = []
    /// Whether a success response is an `{status, reason, data}` envelope (the group then declares its format).
    public var usesEnvelope = false
    /// The type of the `body:` argument when the request body is JSON (a model or `JSONValue`); nil otherwise.
    public var jsonBodyType: String?
    /// Set when the success response is streamed (server-sent events, JSON Lines / Sequence).
    public var stream: StreamPlan?
    /// Set when the success response is binary: the download-to-file variant of the method.
    public var download: DownloadPlan? {
        didSet { noteResponseHandler() }
    }
    /// Set when the request body is binary: the upload-from-file variant of the method.
    public var upload: UploadPlan? {
        didSet { noteResponseHandler() }
    }
    /// Set when the success responses document headers: their struct and the `<method>WithHeaders` variant.
    public var responseHeaders: ResponseHeadersPlan? {
        didSet { noteResponseHandler() }
    }
    /// Whether the method hands its response to a private handler (``responseHandlerName``) that another variant
    /// (upload from a file, with headers, the download's error statuses) shares, so the status handling is written once.
    public private(set) var usesResponseHandler = false
    /// `__<method>Response`; `__` keeps a method named like a keyword (`default`) from making a keyword of it.
    public var responseHandlerName = ""

    private mutating func noteResponseHandler() {
        usesResponseHandler = upload != nil || responseHeaders != nil || download != nil
    }
    /// The label of the trailing `progress` parameter of an operation whose multipart body has a file part; nil
    /// for others.
    public var uploadProgressLabel: String? {
        didSet { reportsUploadProgress = uploadProgressLabel != nil }
    }
    /// Whether ``uploadProgressLabel`` is set (for the template).
    public private(set) var reportsUploadProgress = false
}

/// One `case` of the status switch.
public struct ResponseCasePlan: Encodable, Sendable {
    /// The Swift pattern the template writes (`404`, `400...499`).
    public var pattern: String
    /// What the case does: typed steps, encoded for templates as Swift statements.
    public var statements: ResponseStatements
    /// What the case matches, for ordering and matching.
    let status: StatusPattern

    init(status: StatusPattern, statements: ResponseStatements) {
        self.status = status
        self.pattern = status.swift
        self.statements = statements
    }

    enum CodingKeys: String, CodingKey {
        case pattern, statements
    }
}

/// The client facade.
public struct ClientPlan: Encodable, Sendable {
    public var name: String
    public var access: String
    public var docLines: [String]
    /// The groups, for custom templates: the bundled `client` template declares no accessors, each group's file
    /// extends the client with its own (``APIGroupPlan/propertyName``).
    public var groups: [ClientGroupPlan]
    public var servers: [ServerPlan]
    public var hasServers: Bool
    /// `validationReport:`: the group property, method and body type of the report endpoint.
    public var hasValidationReport = false
    public var reportGroup = ""
    public var reportMethod = ""
    public var reportBodyType = ""
    /// The declared security schemes (`SecuritySchemes` constants and the `Credentials` configuration).
    public var securitySchemes: [SecuritySchemePlan] = []
    public var hasSecuritySchemes = false
    /// The access of the `SecuritySchemes` namespace: generated code's (the operations' requirements name it), so
    /// behind `@_spi(Generated)` like the runtime's `SecurityScheme`, or `internal` for an internal client.
    public var securitySchemesAccess = "internal"
    /// The schemes with a credential property (all but `mutualTLS`).
    public var credentialSchemes: [SecuritySchemePlan] = []
    public var hasCredentialSchemes = false
    /// `bearerAuth: BearerCredential? = nil, ...`: the parameters of `Credentials.init`.
    public var credentialsInitSignature = ""
    /// Property names the spec marks `writeOnly` or `format: password`, as a Swift set literal: reports hide them.
    /// One element per line, sorted, so that two branches that each add a secret at different places merge.
    public var secretFieldsLiteral = "[]"
}

/// A group accessor on the client.
public struct ClientGroupPlan: Encodable, Sendable {
    public var propertyName: String
    public var typeName: String
}

/// A server URL factory.
public struct ServerPlan: Encodable, Sendable {
    public var name: String
    public var docLines: [String]
    public var signature: String
    public var templateLiteral: String
    /// `["version": version]`.
    public var variablesLiteral: String
    /// `, relativeTo: documentURL` for a relative server URL (the function's first argument), else empty.
    public var relativeToArgument: String = ""
}

/// A security scheme of the API description: a `SecurityScheme` constant and, unless it is `mutualTLS`, a
/// credential property of the generated `Credentials`.
public struct SecuritySchemePlan: Encodable, Sendable {
    /// The constant's and the credential property's name.
    public var memberName: String
    /// The scheme's name in the API description, as a Swift string literal.
    public var nameLiteral: String
    /// The `SecurityScheme.Kind` literal, e.g. `.apiKey(name: "X-Key", location: .header)`.
    public var kindLiteral: String
    /// The runtime credential type, e.g. `BearerCredential`; empty for `mutualTLS`.
    public var credentialType: String
    public var hasCredential: Bool
    public var docLines: [String]
}

/// One alternative of an operation's security: schemes that apply together.
public struct SecurityRequirementPlan: Encodable, Sendable {
    public var schemes: [SecurityUsePlan]
}

/// A scheme named by a security requirement, with its scopes.
public struct SecurityUsePlan: Encodable, Sendable {
    /// The scheme's name in the API description.
    public var scheme: String
    public var scopes: [String]
}
