/// The opt-in dispatcher file (`wireDispatcher: true`): every operation callable by `METHOD /path` with its
/// arguments given as JSON, so a conformance harness or a test can drive any generated client without code per API.
public struct WireDispatcherPlan: Encodable, Sendable {
    /// `public`, `package` or `internal`.
    public var access: String
    /// The generated client type the dispatcher calls through.
    public var clientName: String
    /// One entry per operation, in the order of the API groups.
    public var operations: [WireOperationPlan]
    /// A placeholder credential per security scheme that takes one, so that every operation can be called.
    public var credentials: [WireCredentialPlan] = []
    /// The structs error cases carry their documented headers in, each once: the outcome reports what they read.
    public var errorHeaders: [HeadersStructPlan] = []
}

/// A placeholder credential for one security scheme: its value is `wire-` and the scheme's name, so a server can
/// tell which scheme a request carries.
public struct WireCredentialPlan: Encodable, Sendable {
    /// The scheme's name as a Swift string literal.
    public var nameLiteral: String
    /// The credential, e.g. `APIKeyCredential("wire-partnerKey")`.
    public var credentialLiteral: String

    init(scheme: SecuritySchemePlan) {
        nameLiteral = scheme.nameLiteral
        let name = String(scheme.nameLiteral.dropFirst().dropLast())
        credentialLiteral = scheme.credentialType == "BasicCredential"
            ? "BasicCredential(username: \"wire-\(name)\", password: \"wire-\(name)\")"
            : "\(scheme.credentialType)(\"wire-\(name)\")"
    }
}

/// One operation as the dispatcher calls it.
public struct WireOperationPlan: Encodable, Sendable {
    /// The `"GET /members/{memberId}"` literal the operation is dispatched by.
    public var keyLiteral: String
    /// The client's group property, e.g. `members`.
    public var groupProperty: String
    /// The method, e.g. `getFriends`.
    public var methodName: String
    /// The dispatcher's function that calls it, e.g. `membersGetFriends`: the group and the method, unique.
    public var functionName: String
    public var arguments: [WireArgumentPlan]
    /// Set when the operation has a `<method>WithHeaders` variant: the dispatcher calls that one and reports the
    /// headers it read.
    public var headers: WireHeadersPlan?
    /// Set when the operation has a download-to-file variant: dispatched as `METHOD /path download`, it downloads
    /// into a temporary file and reports the file's bytes.
    public var download: WireDownloadPlan?
    /// Set when the operation has an upload-from-file variant: dispatched as `METHOD /path upload`, it writes the
    /// `body` argument to a temporary file and sends that.
    public var upload: WireUploadPlan?
}

/// The upload-from-file variant as the dispatcher calls it.
public struct WireUploadPlan: Encodable, Sendable {
    /// The `"PUT /members/me/archive upload"` literal the variant is dispatched by.
    public var keyLiteral: String
    /// The dispatcher's function that calls it: the operation's function with `Upload` appended.
    public var functionName: String
    /// The variant's arguments: the operation's parameters (its body is the file).
    public var arguments: [WireArgumentPlan]
    /// The labels of its file and `contentType` parameters.
    public var fileLabel: String
    public var contentTypeLabel: String
    /// Whether `contentType` has no default (a wildcard such as `image/*`): it is read like a `Content-Type` header.
    public var contentTypeRequired: Bool
}

/// The download-to-file variant as the dispatcher calls it.
public struct WireDownloadPlan: Encodable, Sendable {
    /// The `"GET /members/me/archive download"` literal the variant is dispatched by.
    public var keyLiteral: String
    /// The dispatcher's function that calls it: the operation's function with `Download` appended.
    public var functionName: String
    /// The label of the variant's `resumable` parameter (a parameter of the operation may have taken `resumable`).
    public var resumableLabel: String
    /// Set when the download has a `<method>WithHeaders` overload: the dispatcher calls that one and reports the
    /// headers it read beside the file's bytes.
    public var headers: WireHeadersPlan?
}

/// The `<method>WithHeaders` variant as the dispatcher calls it.
public struct WireHeadersPlan: Encodable, Sendable {
    public var variantName: String
    public var returnsBody: Bool
    public var fields: [Field]

    /// One documented header: its name as a Swift string literal and the struct's property that holds it.
    public struct Field: Encodable, Sendable {
        public var nameLiteral: String
        public var property: String
    }

    init(_ plan: ResponseHeadersPlan) {
        variantName = plan.variantName
        returnsBody = plan.returnsBody
        fields = plan.fields.map { Field(nameLiteral: $0.nameLiteral, property: $0.property) }
    }
}

/// One argument of a generated method and where its value travels.
public struct WireArgumentPlan: Encodable, Sendable {
    /// Where the argument is sent: a parameter location, the whole body, or one part of a multipart body.
    public enum Location: String, Encodable, Sendable {
        case path, query, querystring, header, cookie, body, multipart
        /// A header of one multipart part: `wireName` names the part, `header` the header.
        case partHeader

        init(_ location: ParameterLocation) {
            switch location {
            case .path: self = .path
            case .query: self = .query
            case .header: self = .header
            case .cookie: self = .cookie
            case .querystring: self = .querystring
            }
        }
    }

    /// The argument label as written in a call (``SwiftNaming/callLabel(_:)``: bare, even for most keywords).
    public var label: String
    /// The Swift type without `?`, e.g. `Int64`, `[String]`, `MultipartFile`.
    public var swiftType: String
    public var isRequired: Bool
    public var location: Location
    /// The parameter's (or multipart part's) name in the API description; empty for a whole body.
    public var wireName: String
    /// `"query"`: the location as a Swift string literal.
    public var locationLiteral: String
    /// The wire name as a Swift string literal.
    public var wireNameLiteral: String
    /// The header's name as a Swift string literal, for a `partHeader`; nil otherwise.
    public var headerLiteral: String?
    /// The dispatcher's accessor for the value: `required`, `optional`, `requiredFile`, `optionalFile`,
    /// `requiredFiles` or `optionalFiles`.
    public var accessor: String

    init(label: String, swiftType: String, isRequired: Bool, location: Location, wireName: String, header: String? = nil) {
        self.label = SwiftNaming.callLabel(label)
        self.swiftType = swiftType
        self.isRequired = isRequired
        self.location = location
        self.wireName = wireName
        self.locationLiteral = SwiftNaming.stringLiteral(location.rawValue)
        self.wireNameLiteral = SwiftNaming.stringLiteral(wireName)
        self.headerLiteral = header.map(SwiftNaming.stringLiteral)
        let file = swiftType == "MultipartFile" ? "File" : swiftType == "[MultipartFile]" ? "Files" : ""
        self.accessor = (isRequired ? "required" : "optional") + file
    }
}
