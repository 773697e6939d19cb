/// An API description after loading and `$ref` resolution: no `$ref` is left, every schema is in one table.
public struct ResolvedAPI: Sendable {
    /// `info.title`.
    public var title: String
    /// `info.version`.
    public var version: String
    /// `info.description`.
    public var description: String?
    /// The OpenAPI version string (`3.1.0`, `3.0.3`, or `2.0` before conversion); "json-schema" for a bare schema file.
    public var specVersion: String
    /// Servers in document order.
    public var servers: [Server]
    /// Operations in document order (paths, then methods in the order GET PUT POST DELETE OPTIONS HEAD PATCH TRACE).
    public var operations: [Operation]
    /// `components.securitySchemes` (Swagger 2.0 `securityDefinitions`) in document order.
    public var securitySchemes: [SecuritySchemeDefinition] = []
    /// Every schema reached, by ``SchemaRef``.
    public var schemas: [Schema]
    /// Named schemas: components, file roots and `$defs`, in discovery order.
    public var namedSchemas: [(name: String, schema: SchemaRef)]
    /// Document paths loaded, in load order.
    public var documents: [String]
    /// The root document's path.
    public var rootPath: String = ""
    /// Every schema by canonical id (`file#pointer`), including ids that are `$ref`s to another schema.
    public var schemaIDs: [String: SchemaRef] = [:]
    /// The JSON Schema dialect of each loaded document.
    var documentDialects: [String: ResolverContext.Dialect] = [:]
    /// Documents whose patterns use the lenient (Annex B) grammar: OpenAPI documents and the schema files they
    /// refer to that do not declare a `$schema` of their own (see ``PatternCheck``).
    var lenientPatternDocuments: Set<String> = []
    /// Set when a `$dynamicRef` / `$recursiveRef` can bind dynamically: validators then track the dynamic scope.
    public var dynamicScope: DynamicScopeTable?
    /// Documents whose custom meta-schema declares `$vocabulary` (absent: every vocabulary of the dialect).
    public var documentVocabularies: [String: Vocabularies] = [:]

    /// The schema a reference written relative to the root document names (`#/components/schemas/A`,
    /// `schemas/friend.json`, `schemas/x.yaml#/$defs/Rate`), when it was read.
    public func schema(forReference reference: String) -> SchemaRef? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? rootPath : DocumentPath.resolve(String(parts[0]), against: rootPath)
        let pointer = parts.count > 1 ? String(parts[1]) : ""
        return schemaIDs[file + "#" + pointer]
    }

    /// The schema for a handle.
    public subscript(ref: SchemaRef) -> Schema { schemas[ref.index] }
}

/// A server entry with its variables.
public struct Server: Sendable {
    public var url: String
    public var description: String?
    /// The URL's variables; `defaultValue` is nil when the description gives none (the generated function then
    /// requires the argument).
    public var variables: [(name: String, defaultValue: String?, enumValues: [String], description: String?)]

    /// Whether `url` begins with an RFC 3986 scheme (`https:`).
    public static func hasScheme(_ url: String) -> Bool {
        guard let end = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<end]
        return scheme.first?.isLetter == true && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }
    }

    /// Whether the URL is relative to where the description is served (`/v1`, `v1`, `//host/v1`): no scheme, and no
    /// variable in front that could hold one (`{baseUrl}/v1`).
    public var isRelative: Bool { !Self.hasScheme(url) && !url.hasPrefix("{") }
}

/// Where a parameter travels.
public enum ParameterLocation: String, Sendable, Codable {
    case path, query, header, cookie
    /// OpenAPI 3.2: the whole query string is the value of one parameter, serialised by its `content` media type.
    case querystring
}

/// A resolved parameter.
public struct Parameter: Sendable {
    public var name: String
    public var location: ParameterLocation
    public var required: Bool
    public var schema: SchemaRef?
    public var description: String?
    public var deprecated: Bool
    /// `explode` as declared or defaulted (form style explodes by default).
    public var explode: Bool
    /// `style` as declared or defaulted: `form` for query and cookie, `simple` for path and header.
    public var style: String = "simple"
    /// `allowReserved` (query parameters only).
    public var allowReserved = false
    /// The media type when the parameter is described by `content` instead of `schema` (its value is that
    /// media type's text, e.g. JSON).
    public var contentMediaType: String?
    /// The `encoding` entries of a `querystring` parameter whose content is a form (`application/x-www-form-urlencoded`),
    /// by property name: they write the fields as they would in a form body.
    public var contentEncodings: [String: MediaContent.PartEncoding] = [:]
    public var node: SpecNode
}

/// One media type of a body.
public struct MediaContent: Sendable {
    public var mediaType: String
    public var schema: SchemaRef?
    /// OpenAPI 3.2 `itemSchema`: the schema of each item of a sequential media type (a JSON Lines item, a
    /// server-sent event).
    public var itemSchema: SchemaRef?
    /// For `text/event-stream` with an `itemSchema`: the `contentSchema` of its `data` property, the schema of each
    /// event's data once parsed as JSON.
    public var eventDataSchema: SchemaRef?
    /// For `text/event-stream` whose `itemSchema` is a `oneOf`/`anyOf` of branches that each fix the `event` name
    /// (`const`, or an `enum` of one value): each branch's name and the schema of its data (nil: text).
    public var eventTypes: [EventType] = []
    /// The `encoding` entries of a form or multipart body, by property name.
    public var encodings: [String: PartEncoding] = [:]

    public init(mediaType: String, schema: SchemaRef?, itemSchema: SchemaRef? = nil, eventDataSchema: SchemaRef? = nil,
                eventTypes: [EventType] = [], encodings: [String: PartEncoding] = [:]) {
        self.mediaType = mediaType
        self.schema = schema
        self.itemSchema = itemSchema
        self.eventDataSchema = eventDataSchema
        self.eventTypes = eventTypes
        self.encodings = encodings
    }

    /// An OpenAPI Encoding Object: how one property of a form or multipart body is written.
    public struct PartEncoding: Sendable, Equatable {
        /// `contentType`, lowercased, when given.
        public var contentType: String?
        /// `style`, `explode` and `allowReserved`, when given (forms only).
        public var style: String?
        public var explode: Bool?
        public var allowReserved: Bool?
        /// `headers` (multipart only), in the order written, without `Content-Type` (which OpenAPI says to ignore
        /// there: `contentType` gives it).
        public var headers: [PartHeader]

        public init(contentType: String? = nil, style: String? = nil, explode: Bool? = nil, allowReserved: Bool? = nil,
                    headers: [PartHeader] = []) {
            self.contentType = contentType
            self.style = style
            self.explode = explode
            self.allowReserved = allowReserved
            self.headers = headers
        }
    }

    /// A header of one multipart part (an Encoding Object's `headers` entry), written in `simple` style.
    public struct PartHeader: Sendable, Equatable {
        public var name: String
        public var required: Bool
        /// The header's schema; nil for a header without one (a string).
        public var schema: SchemaRef?
        public var description: String?
        /// Where the header is written, for diagnostics.
        public var node: SpecNode?

        public init(name: String, required: Bool, schema: SchemaRef?, description: String? = nil, node: SpecNode? = nil) {
            self.name = name
            self.required = required
            self.schema = schema
            self.description = description
            self.node = node
        }

        public static func == (lhs: PartHeader, rhs: PartHeader) -> Bool {
            lhs.name == rhs.name && lhs.required == rhs.required && lhs.schema == rhs.schema
                && lhs.description == rhs.description
        }
    }

    /// One named type of server-sent event (OpenAPI 3.2 `itemSchema` branch).
    public struct EventType: Sendable, Equatable {
        /// The `event` field's value.
        public var name: String
        /// The `contentSchema` of the branch's `data`; nil when the data is text.
        public var dataSchema: SchemaRef?
        /// The branch's `title` or `description`, for the generated case's documentation.
        public var documentation: String?
    }
}

/// A resolved request body.
public struct RequestBody: Sendable {
    public var required: Bool
    public var description: String?
    public var contents: [MediaContent]
    public var node: SpecNode
}

/// A resolved response for one status code (`200`, `4XX`, `default`).
public struct Response: Sendable {
    public var status: String
    public var description: String?
    public var contents: [MediaContent]
    public var node: SpecNode
    /// The documented headers (`headers`), in document order, without `Content-Type` (OpenAPI: ignored there) and
    /// names that are no HTTP token (reported).
    public var headers: [ResponseHeader] = []
}

/// One documented response header.
public struct ResponseHeader: Sendable {
    /// The field name as written, e.g. `X-RateLimit-Remaining`.
    public var name: String
    public var description: String?
    public var required: Bool
    /// Its `schema` (or the schema of its one `content` entry); nil when it has neither.
    public var schema: SchemaRef?
    /// The header object (after its `$ref`), where a missing required header is reported.
    public var node: SpecNode
}

/// A resolved operation.
public struct Operation: Sendable {
    public var operationId: String?
    public var method: String
    public var path: String
    public var summary: String?
    public var description: String?
    public var tags: [String]
    public var deprecated: Bool
    public var parameters: [Parameter]
    public var requestBody: RequestBody?
    public var responses: [Response]
    public var node: SpecNode
    /// `x-apigen-queueable: true`.
    public var queueable: Bool
    /// The requirements in effect: the operation's own `security`, else the document's; alternatives (OR) of
    /// schemes that apply together (AND). `[]` is `security: []`; nil when neither level declares any.
    public var security: [[SecuritySchemeUse]]? = nil
}
