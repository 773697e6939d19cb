/// Reading paths, operations, parameters, bodies and responses.
extension ResolverContext {
    /// The operations a path item holds under fixed keys; `query` is OpenAPI 3.2's (the safe method with a body).
    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    func operations(in root: SpecNode) -> [Operation] {
        guard let paths = root["paths"] else { return [] }
        guard let entries = paths.entries else {
            error("'paths' must be a mapping, found \(paths.kindName)", at: paths)
            return []
        }
        var operations: [Operation] = []
        for entry in entries where !entry.key.hasPrefix("x-") {
            guard entry.key.hasPrefix("/") else {
                error("path '\(entry.key)' must start with '/'", at: entry.value)
                continue
            }
            guard let item = dereference(entry.value) else { continue }
            operations += pathItemOperations(item, path: entry.key, templated: true)
        }
        return operations
    }

    /// The operations of one path item. `templated` is false for a path item under `components.pathItems`, read only
    /// to check it: it has no path, so nothing is checked against a template.
    func pathItemOperations(_ item: SpecNode, path: String, templated: Bool) -> [Operation] {
        guard item.isMapping else {
            error("a path item must be a mapping, found \(item.kindName)", at: item)
            return []
        }
        var operations: [Operation] = []
        let shared = parameters(item["parameters"])
        // A typo (`GET:`, `post :`) would otherwise drop its operation without a word.
        reportUnknownFields(of: item, FixedFields.pathItem, in: "a path item")
        for method in Self.methods {
            guard let written = item[method], let operationNode = dereference(written) else { continue }
            guard operationNode.isMapping else {
                error("an operation must be a mapping, found \(operationNode.kindName)", at: operationNode)
                continue
            }
            if method == "query", isBefore32 {
                newerFieldWarning("'query' operations are", in: item, key: method, version: pathsVersion)
            }
            operations.append(operation(operationNode, method: method, path: path, templated: templated, shared: shared))
        }
        operations += additionalOperations(in: item, path: path, templated: templated, shared: shared)
        return operations
    }

    /// OpenAPI 3.2 `additionalOperations`: methods without a fixed key (`LINK`, `PURGE`), sent exactly as written.
    private func additionalOperations(in item: SpecNode, path: String, templated: Bool, shared: [Parameter]) -> [Operation] {
        guard let node = item["additionalOperations"] else { return [] }
        guard let entries = node.entries else {
            error("'additionalOperations' must map methods to operations, found \(node.kindName)", at: node)
            return []
        }
        if isBefore32 { newerFieldWarning("'additionalOperations' is", in: item, key: "additionalOperations", version: pathsVersion) }
        var operations: [Operation] = []
        for entry in entries {
            guard Self.isFieldName(entry.key) else {
                error("'\(SwiftNaming.commentText(entry.key))' is not an HTTP method: a method is an RFC 9110 token", at: entry.value,
                      hint: "letters, digits and !#$%&'*+-.^_`|~, e.g. LINK or PURGE")
                continue
            }
            guard !Self.methods.contains(entry.key.lowercased()) else {
                error("'\(entry.key)' has a field of its own in a path item; write it as '\(entry.key.lowercased())' there, not under additionalOperations",
                      at: entry.value)
                continue
            }
            guard let operationNode = dereference(entry.value) else { continue }
            guard operationNode.isMapping else {
                error("an operation must be a mapping, found \(operationNode.kindName)", at: operationNode)
                continue
            }
            operations.append(operation(operationNode, method: entry.key, path: path, templated: templated, shared: shared,
                                        preservingCase: true))
        }
        return operations
    }

    /// A path item field of OpenAPI 3.2 in an older document: read all the same, reported at its key.
    private func newerFieldWarning(_ subject: String, in item: SpecNode, key: String, version: String) {
        let field = item.entries?.first { $0.key == key }
        diagnostics.append(Diagnostic(.warning, "\(subject) OpenAPI 3.2; this document says \(version)",
                                      at: field?.keyLocation, pointer: field?.value.pointer,
                                      hint: "it is generated all the same; set `openapi: 3.2.0` to say so"))
    }

    /// `method` is sent upper-cased unless `preservingCase` (an `additionalOperations` key: HTTP methods are
    /// case-sensitive, and the description names the one the server expects).
    private func operation(_ node: SpecNode, method: String, path: String, templated: Bool, shared: [Parameter],
                           preservingCase: Bool = false) -> Operation {
        reportUnknownFields(of: node, FixedFields.operation, in: "an operation")
        var merged = shared
        for parameter in parameters(node["parameters"]) {
            if let index = merged.firstIndex(where: { Self.identity(of: $0) == Self.identity(of: parameter) }) {
                merged[index] = parameter
            } else {
                merged.append(parameter)
            }
        }
        if merged.contains(where: { $0.location == .querystring }) {
            // The querystring is the whole query: a query parameter could only be appended to it, which no server reading
            // the description expects.
            for parameter in merged where parameter.location == .query {
                error("query parameter '\(SwiftNaming.commentText(parameter.name))' cannot be sent beside a querystring parameter, "
                      + "which is the whole query string", at: parameter.node["in"] ?? parameter.node,
                      hint: "make it a property of the querystring parameter's schema, or drop the querystring parameter")
            }
            merged.removeAll { $0.location == .query }
        }
        let placeholders = Self.pathPlaceholders(path)
        merged.removeAll { parameter in
            guard templated, parameter.location == .path, !placeholders.contains(parameter.name) else { return false }
            // A shared path-item parameter is met once per operation: reported once.
            if fieldCheckedObjects.insert("unplaced " + path + " " + parameter.node.location.file + "#" + parameter.node.pointer).inserted {
                warning("path parameter '\(SwiftNaming.commentText(parameter.name))' does not appear in '\(SwiftNaming.commentText(path))'; "
                        + "it could not be sent, so it is left out of the method", at: parameter.node["name"] ?? parameter.node,
                        hint: "name the parameter like the path's placeholder"
                            + (placeholders.isEmpty ? "" : " (" + placeholders.map { "{\($0)}" }.joined(separator: ", ") + ")"))
            }
            return true
        }
        for placeholder in placeholders where templated && !merged.contains(where: { $0.location == .path && $0.name == placeholder }) {
            warning("path '\(path)' has '{\(placeholder)}' but no path parameter declares it; it is generated as a String parameter",
                    at: node, hint: "add a parameter with `in: path` and `name: \(placeholder)`")
            merged.append(Parameter(name: placeholder, location: .path, required: true, schema: nil, description: nil,
                                    deprecated: false, explode: false, node: node))
        }
        let tags = node["tags"]?.elements?.compactMap(\.string) ?? []
        return Operation(
            operationId: node["operationId"]?.string,
            method: preservingCase ? method : method.uppercased(),
            path: path,
            summary: node["summary"]?.string,
            description: node["description"]?.string,
            tags: tags,
            deprecated: node["deprecated"]?.bool ?? false,
            parameters: merged,
            requestBody: node["requestBody"].flatMap(requestBody),
            responses: responses(node["responses"]),
            node: node,
            queueable: node["x-apigen-queueable"]?.bool ?? false
        )
    }

    static func pathPlaceholders(_ path: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in path {
            if character == "{" { current = "" } else if character == "}" {
                if let name = current { names.append(name) }
                current = nil
            } else if current != nil { current?.append(character) }
        }
        return names
    }

    private func parameters(_ list: SpecNode?) -> [Parameter] {
        // `parameters:` with nothing after it is common in real specs and means none.
        guard let list, list.scalar != .null else { return [] }
        guard let elements = list.elements else {
            error("'parameters' must be a list, found \(list.kindName)", at: list)
            return []
        }
        var result: [Parameter] = []
        var declared: Set<String> = []
        for element in elements {
            guard let parameter = parameter(element) else { continue }
            let name = parameter.name
            if !declared.insert(Self.identity(of: parameter)).inserted {
                if parameter.location == .querystring {
                    warning("querystring parameter '\(SwiftNaming.commentText(name))' is the second in this list; the last one is used",
                            at: parameter.node["name"] ?? parameter.node,
                            hint: "a querystring parameter is the whole query string: there is one at most")
                } else {
                    warning("\(parameter.location.rawValue) parameter '\(SwiftNaming.commentText(name))' is declared twice in this list; "
                            + "the last one is used", at: parameter.node["name"] ?? parameter.node,
                            hint: "a parameter is identified by its name and location: remove one of them")
                }
                result.removeAll { Self.identity(of: $0) == Self.identity(of: parameter) }
            }
            result.append(parameter)
        }
        return result
    }

    /// One parameter object (a `$ref` followed); nil, reported, when it cannot be sent as declared.
    func parameter(_ element: SpecNode) -> Parameter? {
        guard let node = dereference(element) else { return nil }
        reportUnknownFields(of: node, FixedFields.parameter, in: "a parameter")
        guard let name = node["name"]?.string else {
            error("a parameter needs a 'name'", at: node)
            return nil
        }
        guard let locationText = node["in"]?.string, let location = ParameterLocation(rawValue: locationText) else {
            error("parameter '\(name)' needs 'in' to be one of path, query, querystring, header, cookie", at: node["in"] ?? node)
            return nil
        }
        if location == .querystring, !checkQueryString(node, name: name) { return nil }
        if location == .header || location == .cookie, !Self.isFieldName(name) {
            error("\(location.rawValue) parameter name '\(SwiftNaming.commentText(name))' is not an HTTP token; it "
                  + "could inject header fields or not be sendable at all", at: node["name"],
                  hint: "header and cookie names are RFC 9110 tokens: letters, digits and !#$%&'*+-.^_`|~")
            return nil
        }
        if location == .path, name.contains("{") || name.contains("}") {
            warning("path parameter name '\(SwiftNaming.commentText(name))' contains a brace, so no path template can name it",
                    at: node["name"], hint: "name it like the placeholder without braces: `{id}` is the parameter `id`")
        }
        if location == .header, name.lowercased() == "content-type" {
            // The body's media type sets it: an argument would be overwritten by it, and sending the caller's type
            // would send a body the description does not allow.
            warning("header parameter '\(SwiftNaming.commentText(name))' is ignored, as OpenAPI says: the request body's "
                    + "media type sets Content-Type", at: node["name"] ?? node,
                    hint: "to let callers choose the type, list the media types under requestBody.content "
                        + "(a range such as image/* gives the method a contentType argument)")
            return nil
        }
        if node["schema"] == nil, node["content"] == nil {
            warning("parameter '\(SwiftNaming.commentText(name))' has neither 'schema' nor 'content', one of which OpenAPI requires; "
                    + "it is generated as a String", at: node, hint: "add `schema: { type: string }` or the type it carries")
        }
        // A querystring parameter is serialised only by its media type, so its `content` wins over a `schema` beside it.
        let contentWins = location == .querystring
        if let schema = node["schema"], node["content"] != nil {
            warning("parameter '\(SwiftNaming.commentText(name))' has both 'schema' and 'content', and OpenAPI allows one; "
                    + (contentWins ? "'content' is used (a querystring parameter is serialised by its media type)"
                        : "'schema' is used"), at: schema,
                    hint: contentWins ? "remove 'schema'" : "remove one of them")
        }
        var schemaNode = contentWins ? nil : node["schema"]
        var contentMediaType: String?
        var contentEncodings: [String: MediaContent.PartEncoding] = [:]
        if schemaNode == nil, let content = contentEntry(of: node, name: name) {
            let media = mediaTypeObject(content.value)
            schemaNode = media?["schema"]
            contentMediaType = content.key.lowercased()
            if location == .querystring { contentEncodings = encodings(media?["encoding"]) }
        }
        checkAllowReserved(node, location: location)
        checkExamples(of: node)
        // A `content` parameter is serialised by its media type: `style` is not read (contentEntry warns about it).
        let style = contentMediaType != nil ? (Self.stylesByLocation[location]?.first ?? "simple")
            : parameterStyle(node["style"], location: location)
        return Parameter(
            name: name,
            location: location,
            required: location == .path ? true : (node["required"]?.bool ?? false),
            schema: schemaNode.map { schema($0) },
            description: node["description"]?.string,
            deprecated: node["deprecated"]?.bool ?? false,
            explode: node["explode"]?.bool ?? (style == "form"),
            style: style,
            allowReserved: location != .cookie && allowsReserved(node, location: location) && (node["allowReserved"]?.bool ?? false),
            contentMediaType: contentMediaType,
            contentEncodings: contentEncodings,
            node: node
        )
    }

    func requestBody(_ written: SpecNode) -> RequestBody? {
        guard let node = dereference(written) else { return nil }
        reportUnknownFields(of: node, FixedFields.requestBody, in: "a request body")
        return RequestBody(required: node["required"]?.bool ?? false, description: node["description"]?.string,
                           contents: contents(node["content"]), node: node)
    }

    /// The `contentSchema` of the `data` property of an OpenAPI 3.2 event `itemSchema` (`data` is a string; its
    /// content is the JSON the schema describes); nil when `data` has none (the data is text).
    private func eventDataSchema(_ itemSchema: SchemaRef) -> SchemaRef? {
        guard let data = schemas[itemSchema.index].properties.first(where: { $0.name == "data" }),
              let content = schemas[data.schema.index].node["contentSchema"], content.isMapping || content.bool != nil
        else { return nil }
        return schema(content)
    }

    /// The named event types of an event `itemSchema` whose `oneOf`/`anyOf` branches each fix `event` to one
    /// distinct string; empty when any branch does not (the events are then typed by their data alone).
    private func eventTypes(_ itemSchema: SchemaRef) -> [MediaContent.EventType] {
        let item = schemas[itemSchema.index]
        let branches = item.oneOf.isEmpty ? item.anyOf : item.oneOf
        var types: [MediaContent.EventType] = []
        for branch in branches {
            let schema = schemas[branch.index]
            guard let event = schema.properties.first(where: { $0.name == "event" }) else { return [] }
            let fixed = schemas[event.schema.index]
            let name: String
            if case .string(let value)? = fixed.constValue {
                name = value
            } else if let values = fixed.enumValues, values.count == 1, case .string(let value) = values[0] {
                name = value
            } else {
                return []
            }
            guard !types.contains(where: { $0.name == name }) else { return [] }
            types.append(MediaContent.EventType(name: name, dataSchema: eventDataSchema(branch),
                                                documentation: schema.title ?? schema.description))
        }
        return types
    }

    private func contents(_ node: SpecNode?) -> [MediaContent] {
        guard let entries = node?.entries else { return [] }
        return entries.filter(isMediaTypeKey).compactMap { entry in
            let mediaType = entry.key.lowercased()
            guard let media = mediaTypeObject(entry.value) else { return nil }
            checkMediaTypeFields(media)
            let itemSchema = media["itemSchema"].map { schema($0) }
            let isEventStream = mediaType.hasPrefix("text/event-stream")
            return MediaContent(mediaType: mediaType, schema: media["schema"].map { schema($0) }, itemSchema: itemSchema,
                                eventDataSchema: isEventStream ? itemSchema.flatMap(eventDataSchema) : nil,
                                eventTypes: isEventStream ? itemSchema.map(eventTypes) ?? [] : [],
                                encodings: encodings(media["encoding"]))
        }
    }

    /// A Media Type Object, or the one its `$ref` names (OpenAPI 3.2's `components.mediaTypes`; the reference used to be
    /// ignored as an unknown field and the content's schema lost). Followed in older documents too, with a warning.
    func mediaTypeObject(_ node: SpecNode) -> SpecNode? {
        guard let reference = node.entries?.first(where: { $0.key == "$ref" }) else { return node }
        guard let target = dereference(node) else { return nil }
        if Self.isSchemaLike(target) {
            // `application/json: {$ref: '#/components/schemas/Pet'}`: a schema written one level too high, which is
            // what the author meant (and what the content needs) whatever the version.
            warning("a media type '$ref' names a schema; it is read as the content's schema", atKeyOf: reference,
                    hint: "write it under `schema:`, e.g. `application/json: { schema: { $ref: ... } }`")
            return SpecNode(.mapping([SpecNode.Entry(key: "schema", keyLocation: reference.keyLocation, value: node)]),
                            location: node.location, pointer: node.pointer)
        }
        if isBefore32 {
            warning("a media type '$ref' is OpenAPI 3.2; this document says \(pathsVersion)", atKeyOf: reference,
                    hint: "it is followed all the same; set `openapi: 3.2.0` to say so")
        }
        return target
    }

    /// A mapping with no Media Type Object field and some schema keyword.
    static func isSchemaLike(_ node: SpecNode) -> Bool {
        guard let keys = node.entries?.map(\.key) else { return false }
        let schemaKeywords: Set<String> = ["type", "properties", "items", "allOf", "oneOf", "anyOf", "$ref", "enum", "const",
                                           "additionalProperties", "format"]
        return !keys.contains(where: FixedFields.mediaType.contains) && keys.contains(where: schemaKeywords.contains)
    }

    /// A media type object's fields; OpenAPI 3.2's positional `prefixEncoding` and `itemEncoding` (multipart parts
    /// by position) are not generated, so a description that uses them is told.
    private func checkMediaTypeFields(_ node: SpecNode) {
        guard fieldCheckedObjects.insert("media type " + node.location.file + "#" + node.pointer).inserted else { return }
        reportUnknownFields(of: node, FixedFields.mediaType, in: "a media type")
        checkExamples(of: node)
        for written in node.entries ?? [] where written.key == "prefixEncoding" || written.key == "itemEncoding" {
            warning("'\(written.key)' (OpenAPI 3.2, parts encoded by position) is not supported yet; it is ignored", atKeyOf: written,
                    hint: "parts named by `encoding` entries are supported (multipart/form-data)")
        }
    }

    /// A `content` key is a media type or range (`application/json`, `image/*`, `*/*`); another (`json`) is reported at
    /// the key and its entry left out: no request could carry it as a `Content-Type`, and no response would match it.
    private func isMediaTypeKey(_ entry: SpecNode.Entry) -> Bool {
        let parts = entry.key.split(separator: ";", maxSplits: 1).first?.split(separator: "/", omittingEmptySubsequences: false) ?? []
        let valid = parts.count == 2 && parts.allSatisfy { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return !trimmed.isEmpty && Self.isFieldName(trimmed)
        }
        if !valid {
            warning("'\(SwiftNaming.commentText(entry.key))' is not a media type; this content is ignored", atKeyOf: entry,
                    hint: "a content key is type/subtype, e.g. application/json, or a range such as image/*")
        }
        return valid
    }

    private func encodings(_ node: SpecNode?) -> [String: MediaContent.PartEncoding] {
        var result: [String: MediaContent.PartEncoding] = [:]
        for entry in node?.entries ?? [] {
            let value = entry.value
            result[entry.key] = MediaContent.PartEncoding(contentType: value["contentType"]?.string?.lowercased(),
                                                          style: value["style"]?.string, explode: value["explode"]?.bool,
                                                          allowReserved: value["allowReserved"]?.bool,
                                                          headers: partHeaders(value["headers"], part: entry.key))
        }
        return result
    }

    /// The `headers` of one part's encoding, each dereferenced; a name that could inject header fields is an error.
    private func partHeaders(_ node: SpecNode?, part: String) -> [MediaContent.PartHeader] {
        var result: [MediaContent.PartHeader] = []
        for entry in node?.entries ?? [] where entry.key.lowercased() != "content-type" {
            guard let header = dereference(entry.value) else { continue }
            guard Self.isFieldName(entry.key) else {
                error("header name '\(SwiftNaming.commentText(entry.key))' of multipart part '\(SwiftNaming.commentText(part))' "
                      + "is not an HTTP token; it could inject header fields or not be sendable at all", at: header,
                      hint: "header names are RFC 9110 tokens: letters, digits and !#$%&'*+-.^_`|~")
                continue
            }
            var schemaNode = header["schema"]
            if schemaNode == nil, let content = header["content"]?.entries?.first {
                schemaNode = content.value["schema"]
            }
            result.append(MediaContent.PartHeader(name: entry.key, required: header["required"]?.bool ?? false,
                                                  schema: schemaNode.map { schema($0) },
                                                  description: header["description"]?.string, node: header))
        }
        return result
    }

    private func responses(_ node: SpecNode?) -> [Response] {
        guard let node else { return [] }
        guard let entries = node.entries else {
            error("'responses' must be a mapping, found \(node.kindName)", at: node)
            return []
        }
        var result: [Response] = []
        for entry in entries where !entry.key.hasPrefix("x-") {
            guard Self.isResponseKey(entry.key) else {
                // Read as a status it matched nothing, and the planner took a key that is no status for `default`.
                warning("'\(SwiftNaming.commentText(entry.key))' is not a status code; this response is ignored", atKeyOf: entry,
                        hint: "a response key is a status code from 100 to 599 (`200`), a class of them (`2XX`) or `default`")
                continue
            }
            guard let response = response(entry.value, status: entry.key) else { continue }
            result.append(response)
        }
        return result
    }

    /// One response object (a `$ref` followed); `status` is nil for one under `components.responses` read only to check it.
    func response(_ written: SpecNode, status: String?) -> Response? {
        guard let response = dereference(written) else { return nil }
        reportUnknownFields(of: response, FixedFields.response, in: "a response")
        if response["description"] == nil, response.isMapping, isBefore32 {
            warning("a response needs a 'description' in OpenAPI \(pathsVersion)", at: response,
                    hint: "add `description:`; it is the generated case's documentation")
        }
        var headers: [ResponseHeader] = []
        for header in response["headers"]?.entries ?? [] {
            guard Self.isFieldName(header.key) else {
                warning("response header '\(SwiftNaming.commentText(header.key))' is not an HTTP token; no response can carry it",
                        atKeyOf: header, hint: "header names are RFC 9110 tokens: letters, digits and !#$%&'*+-.^_`|~")
                continue
            }
            checkHeader(header.value)
            guard header.key.lowercased() != "content-type", let node = dereference(header.value), node.isMapping else { continue }
            let schemaNode = node["schema"] ?? node["content"]?.entries?.first.flatMap { mediaTypeObject($0.value)?["schema"] }
            headers.append(ResponseHeader(name: header.key, description: node["description"]?.string,
                                          required: node["required"]?.bool ?? false, schema: schemaNode.map { schema($0) }, node: node))
        }
        readLinks(response["links"])
        var contents = contents(response["content"])
        if let status, Self.statusesWithoutContent.contains(status), !contents.isEmpty {
            // HTTP itself drops the body (RFC 9110 §15.3.5, §15.4.5): a client that expected one would fail on
            // every such response.
            warning("an HTTP \(status) response never has a body; its 'content' is ignored",
                    at: response["content"], hint: "remove 'content' or document another status")
            contents = []
        }
        return Response(status: status ?? "default", description: response["description"]?.string, contents: contents,
                        node: response, headers: headers)
    }

    /// Statuses whose responses HTTP defines without content.
    static let statusesWithoutContent: Set<String> = ["204", "205", "304"]

    /// What a header (or cookie) name may be: an RFC 9110 token, what swift-http-types' `HTTPField.Name` accepts
    /// (the runtime's check, `HTTPFieldCheck`), so every name the generator lets through can be sent.
    static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "A")...UInt8(ascii: "Z"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
