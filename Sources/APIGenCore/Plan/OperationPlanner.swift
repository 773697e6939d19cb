import Foundation

/// Plans one method per operation: signature, request statements, and the status switch with typed errors.
struct OperationPlanner {
    let models: ModelPlanner
    let config: GeneratorConfig
    let queueable: Set<String>
    let security: SecurityPlanner
    /// Type names given by the description or the configuration (`x-apigen-name`, `nameOverrides`, `models`), which
    /// may be spelled like an argument (`name`) and would then be shadowed by it in a method's body.
    let givenTypeNames: Set<String>

    var api: ResolvedAPI { models.api }

    /// What a response carries.
    private enum Payload {
        case none
        case json(TypeUsage)
        case binary
        case text
        /// `{status, reason, data}`: the method returns `data`; nil usage means an envelope without data.
        case envelope(TypeUsage?, required: Bool)

        var swiftType: String? {
            switch self {
            case .none: return nil
            case .json(let usage): return usage.swift
            case .binary: return "Data"
            case .text: return "String"
            case .envelope(let usage, let required): return usage.map { required ? $0.swift : $0.swift + "?" }
            }
        }

        /// How the body is read, when it is read as a value (an envelope without data is only checked).
        var body: ResponseBody? {
            switch self {
            case .none: return nil
            case .json(let usage): return .json(type: usage.swift)
            case .binary: return .binary
            case .text: return .text
            case .envelope(let usage, let required): return .envelope(dataType: usage?.swift, required: required)
            }
        }

        /// The body when the method's case carries it as a value (`swiftType` is set), nil otherwise.
        var carriedBody: ResponseBody? { swiftType == nil ? nil : body }
    }

    static func isJSON(_ mediaType: String) -> Bool {
        // Asked for every response and body: most media types carry no parameters, so no split.
        let type = mediaType.utf8.contains(UInt8(ascii: ";")) ? mediaType.split(separator: ";").first.map(String.init) ?? mediaType : mediaType
        return type == "application/json" || type.hasSuffix("+json") || type == "text/json" || type == "*/*"
            || type == "application/*" || type.hasSuffix("/json")
    }

    func plan(_ operation: Operation, methodName: String, typePrefix: String, supportTypes: inout [ModelPlan]) -> OperationPlan {
        var scope = NameScope(reserved: ["client", "__request", "__response", "__operation"])
        var parameters: [MethodParameter] = []
        var statements = RequestStatements()
        var docs = SwiftNaming.docLines(operation.summary)
        let description = SwiftNaming.docLines(operation.description)
        if !docs.isEmpty && !description.isEmpty { docs.append("") }
        docs += description
        docs.append(contentsOf: docs.isEmpty ? [] : [""])
        docs.append("`\(SwiftNaming.commentText(operation.method + " " + operation.path))`")
        var parameterDocs: [String] = []
        var wireArguments: [WireArgumentPlan] = []
        let (sentPath, fixedQuery) = Self.split(pathKey: operation.path)
        if sentPath != operation.path {
            models.diagnostics.append(.warning(
                "the path '\(operation.path)' carries a query or a fragment, which a path may not; the path sent is '\(sentPath)'"
                    + (fixedQuery.isEmpty ? "" : ", with the query items \(fixedQuery.map { $0.name + "=" + $0.value }.joined(separator: "&")) always sent"),
                at: operation.node))
        }
        if let accept = Self.acceptHeader(for: operation) {
            statements.append(.accept(accept))
        }
        for item in fixedQuery {
            statements.append(.fixedQueryItem(name: item.name, value: item.value))
        }

        for parameter in operation.parameters {
            let label = SwiftNaming.escapedMember(scope.claim(SwiftNaming.memberName(parameter.name)))
            let local = localName(for: label, scope: &scope)
            let shared = SharedObjectName.name(of: parameter.node, outside: operation, kind: "Parameter")
            let ownPrefix = borrowedOwner(of: parameter.node, outside: operation).map(ownTypePrefix) ?? typePrefix
            let usage = parameter.schema.map {
                models.usage($0, suggestedName: shared ?? ownPrefix + SwiftNaming.typeNamePart(parameter.name), file: shared ?? ownPrefix + "Parameters")
            } ?? .primitive("String")
            if let shared { models.documentShared(usage, named: shared, with: SwiftNaming.docLines(parameter.description)) }
            var type = usage.swift
            let write = parameterWrite(parameter, local: local, usage: usage)
            // A `content` parameter of a string schema in a non-JSON media type is the caller's text by design.
            if write.value == .preSerialised, !(parameter.contentMediaType != nil && usage.swift == "String") {
                models.diagnostics.append(.warning(
                    "\(parameter.location.rawValue) parameter '\(parameter.name)' of type \(usage.swift) cannot be serialised as a parameter; it is passed as a pre-serialised String",
                    at: parameter.node))
                type = "String"
            }
            parameters.append(Self.declaration(label, local, type, isRequired: parameter.required))
            statements.append(.parameter(write))
            wireArguments.append(WireArgumentPlan(label: label, swiftType: type, isRequired: parameter.required,
                                                  location: WireArgumentPlan.Location(parameter.location), wireName: parameter.name))
            if let text = parameter.description, let first = SwiftNaming.docLines(text).first {
                parameterDocs.append("- Parameter \(label.replacingOccurrences(of: "`", with: "")): \(first)")
            }
        }

        if Self.documentsRedirect(operation) {
            statements.append(.keepRedirects)
        }
        var jsonBodyType: String?
        let (parametersWithoutBody, statementsWithoutBody) = (parameters, statements)
        // The upload-from-file variant names its own arguments after these (its `contentType` is not the body's).
        var uploadScope = scope
        if let body = operation.requestBody {
            jsonBodyType = planBody(body, operation: operation, typePrefix: typePrefix, scope: &scope, parameters: &parameters,
                                    statements: &statements, wireArguments: &wireArguments, parameterDocs: &parameterDocs)
        }
        if let requirements = operation.security {
            docs.append("")
            docs += security.docLines(requirements)
        }
        if !parameterDocs.isEmpty { docs.append(""); docs += parameterDocs }

        var (returnType, cases, defaultStatements, hasDefault, usesEnvelope, recordsCallTime) = planResponses(operation, typePrefix: typePrefix,
                                                                               supportTypes: &supportTypes)
        let streamed = planStream(operation, typePrefix: typePrefix)
        if let streamed {
            returnType = streamed.returnType
            cases.removeAll { streamed.statuses.contains($0.status) }
        }
        // A multipart body with a file part may be large: its parts can come from disk, and the caller can watch it go.
        var uploadProgressLabel: String?
        if streamed == nil, wireArguments.contains(where: { $0.location == .multipart && $0.swiftType == "MultipartFile" }) {
            let label = scope.claim("progress")
            uploadProgressLabel = label
            parameters.append(MethodParameter(label: label, local: label, type: "(@Sendable (TransferProgress) -> Void)?",
                                              defaultValue: "nil"))
            docs += ["", "A file part made with `MultipartFile(contentsOf:)` is read from disk as the body is sent (memory stays",
                     "bounded); `\(label)` reports the body's bytes sent and its size."]
        }
        var plan = OperationPlan(
            methodName: methodName,
            operationIdLiteral: SwiftNaming.stringLiteral(operation.operationId ?? methodName),
            httpMethodLiteral: SwiftNaming.stringLiteral(operation.method),
            pathLiteral: SwiftNaming.stringLiteral(sentPath),
            docLines: docs,
            isDeprecated: operation.deprecated,
            signature: parameters.map(\.declaration).joined(separator: ", "),
            returnType: returnType,
            returnsValue: returnType != "Void",
            requestStatements: statements,
            requestBinding: statements.isEmpty ? "let" : "var",
            recordsCallTime: recordsCallTime,
            responseCases: cases,
            hasDefaultCase: hasDefault,
            defaultStatements: defaultStatements,
            isQueueable: operation.queueable || queueable.contains(operation.operationId ?? ""),
            wireArguments: wireArguments
        )
        plan.usesEnvelope = usesEnvelope
        plan.responseHandlerName = "__" + methodName.replacingOccurrences(of: "`", with: "") + "Response"
        plan.jsonBodyType = jsonBodyType
        plan.uploadProgressLabel = uploadProgressLabel
        plan.stream = streamed?.plan
        var downloadScope = scope
        plan.download = planDownload(operation, parameters: parameters, docLines: docs, scope: &downloadScope)
        plan.responseHeaders = planResponseHeaders(operation, typePrefix: typePrefix, methodName: methodName,
                                                   returnType: returnType, parameters: parameters)
        plan.stream?.headersTypeName = plan.responseHeaders?.typeName
        if let headers = plan.responseHeaders, let download = plan.download {
            let added = ["to: \(download.destinationLabel)", "\(download.resumableLabel): \(download.resumableLabel)",
                         "\(download.progressLabel): \(download.progressLabel)"]
            plan.download?.headers = DownloadHeadersVariant(
                variantName: headers.variantName, typeName: headers.typeName,
                forwardingArguments: (parameters.map(\.forwardingArgument) + added).joined(separator: ", "))
        }
        if streamed == nil {
            plan.upload = planUpload(operation, methodName: methodName, parameters: parametersWithoutBody, statements: statementsWithoutBody,
                                     docLines: docs, scope: &uploadScope)
            if let headers = plan.responseHeaders, let upload = plan.upload {
                let added = [upload.fileLabel, upload.contentTypeLabel, upload.progressLabel].map { "\($0): \($0)" }
                plan.upload?.headers = UploadHeadersVariant(
                    variantName: headers.variantName, variantReturnType: headers.variantReturnType, typeName: headers.typeName,
                    returnsBody: headers.returnsBody,
                    forwardingArguments: (parametersWithoutBody.map(\.forwardingArgument) + added).joined(separator: ", "))
            }
        }
        if let requirements = operation.security {
            plan.hasSecurity = true
            plan.securityLiteral = security.literal(requirements)
            plan.security = security.requirements(requirements)
        }
        return plan
    }

    /// A path key as sent, and the query items it carries: some descriptions tell operations on one path apart by a
    /// query (`/devices/{id}?api-version=2020-03-13`, Azure) or a fragment (`/files/{id}#add_shared_link`, Box).
    /// A fragment is never sent; the query's items (percent-decoded here, encoded again when sent) are.
    static func split(pathKey: String) -> (path: String, query: [(name: String, value: String)]) {
        let withoutFragment = pathKey.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return (String(withoutFragment), []) }
        let items = parts[1].split(separator: "&").map { item -> (name: String, value: String) in
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in String(text).removingPercentEncoding ?? String(text) }
            return (decode(pair[0]), pair.count == 2 ? decode(pair[1]) : "")
        }
        return (String(parts[0]), items.filter { !$0.name.isEmpty })
    }

    /// The name a method's body uses for an argument: its label, unless a type of the module may be spelled like
    /// the label (a given lower-case type name, or a label starting with `_` or a letter without case, as type names
    /// derived from a description may), which the argument would shadow in the body (`name.self` would be the
    /// argument). Then `__label`: derived type names never start with `__`.
    func localName(for label: String, scope: inout NameScope) -> String {
        guard let first = label.unicodeScalars.first else { return label }
        let startsLikeMemberOnly = ("a"..."z").contains(first) || first == "`"
        if startsLikeMemberOnly && !givenTypeNames.contains(label) { return label }
        return scope.claim("__" + label.filter { $0 != "`" })
    }

    /// One parameter of a method's signature: `label: Type`, or `label local: Type` when the body names it otherwise.
    static func declaration(_ label: String, _ local: String, _ type: String, isRequired: Bool) -> MethodParameter {
        MethodParameter(label: label, local: local, type: isRequired ? type : type + "?", defaultValue: isRequired ? nil : "nil")
    }

    /// How one parameter is written: its location and style, and the kind of value its type is (`preSerialised`
    /// when its type cannot be written as a parameter: it is then passed as a pre-serialised string, with a warning).
    private func parameterWrite(_ parameter: Parameter, local: String, usage: TypeUsage) -> ParameterWrite {
        let location = parameter.location
        let style = ParameterStyleName(rawValue: parameter.style) ?? (location == .query || location == .cookie ? .form : .simple)
        let value: ParameterWrite.Value
        if let mediaType = parameter.contentMediaType {
            if location == .querystring, mediaType.hasPrefix("application/x-www-form-urlencoded"),
               let schema = parameter.schema, isObject(schema) {
                value = .form(fields: formFieldEncodings(parameter.contentEncodings))
            } else {
                value = Self.isJSON(mediaType) ? .json : .preSerialised
            }
        } else if usage.isParameterCapable {
            value = .scalar
        } else if usage.isParameterArray {
            value = .array
        } else if let schema = parameter.schema, isObject(schema) {
            value = .object
        } else {
            value = .preSerialised
        }
        return ParameterWrite(wireName: parameter.name, local: local, location: location, value: value, style: style,
                              explode: parameter.explode, allowReserved: parameter.allowReserved, isRequired: parameter.required)
    }

    /// Whether values of the schema are JSON objects (a model, or a map of `additionalProperties`), or null where
    /// the schema is an object made nullable by `anyOf`/`oneOf` with `{type: null}` (OpenAPI 3.1's spelling, as in
    /// openai's `metadata` filter: a nil argument sends nothing).
    private func isObject(_ ref: SchemaRef) -> Bool {
        let schema = api[ref]
        if schema.types.contains(.object) { return true }
        if !schema.properties.isEmpty { return true }
        // The resolver keeps the `{type: null}` member out of `anyOf`/`oneOf` and marks the schema nullable instead.
        let alternatives = schema.anyOf + schema.oneOf
        if alternatives.count == 1, schema.nullable, schema.types.isEmpty { return isObject(alternatives[0]) }
        return !schema.allOf.isEmpty && schema.allOf.allSatisfy { isObject($0) }
    }

    /// Plans the body argument; returns the type of a JSON body (a model, or `JSONValue`), else nil.
    @discardableResult
    private func planBody(_ body: RequestBody, operation: Operation, typePrefix: String, scope: inout NameScope,
                          parameters: inout [MethodParameter], statements: inout RequestStatements,
                          wireArguments: inout [WireArgumentPlan], parameterDocs: inout [String]) -> String? {
        guard let content = sentContent(body) else { return nil }
        if ["get", "head"].contains(operation.method.lowercased()) {
            models.diagnostics.append(.warning(
                "\(operation.method.uppercased()) \(operation.path) has a request body, which URLSession refuses to send (URLError -1103 on Apple platforms and Linux alike); calls with a body fail before they leave the app",
                at: body.node, hint: "use a transport that sends bodies with \(operation.method.uppercased()), or change the API to POST"))
        }
        let label = scope.claim("body")
        let local = localName(for: label, scope: &scope)
        let optional = !body.required
        let isRaw = isRawWildcardBody(content)
        if !isRaw && (Self.isJSON(content.mediaType) || content.mediaType.hasPrefix("application/x-www-form-urlencoded")) {
            let shared = SharedObjectName.name(of: body.node, outside: operation, kind: "RequestBody")
            let ownName = (borrowedOwner(of: body.node, outside: operation).map(ownTypePrefix) ?? typePrefix) + "Request"
            let usage = content.schema.map {
                models.usage($0, suggestedName: shared ?? ownName, file: shared ?? ownName)
            } ?? .json
            if let shared { models.documentShared(usage, named: shared, with: SwiftNaming.docLines(body.description)) }
            // A required JSON body whose schema admits null (3.0's `nullable: true` on a model DigitalOcean also sends
            // back) may be `null`: the argument is optional with no default, and nil is sent as `null`, not left out.
            let nullBody = !optional && Self.isJSON(content.mediaType) && usage.swift != "JSONValue"
                && content.schema.map { api[$0].nullable } == true
            parameters.append(Self.declaration(label, local, usage.swift + (nullBody ? "?" : ""), isRequired: !optional))
            wireArguments.append(WireArgumentPlan(label: label, swiftType: usage.swift, isRequired: !optional && !nullBody,
                                                  location: .body, wireName: ""))
            // A body that is one shape of a canonical model is sent with that shape's field names.
            let shape = content.schema.flatMap { models.shapeCases[$0] }
            // A JSON media type of the API's own is sent as declared; a wildcard (`*/*`, `application/*`) as plain JSON.
            let declaredType = content.mediaType == "application/json" || content.mediaType.contains("*") ? nil : content.mediaType
            let encoding: BodyWrite.Encoding = Self.isJSON(content.mediaType)
                ? .json(contentType: declaredType) : .form(fields: formFieldEncodings(content))
            statements.append(.body(BodyWrite(local: local, encoding: encoding, isOptional: optional, sendsNull: nullBody, shape: shape)))
            return Self.isJSON(content.mediaType) && usage.swift != "Data" && usage.swift != "String" ? usage.swift : nil
        } else if content.mediaType.hasPrefix("multipart/form-data"), let schemaRef = content.schema {
            planMultipart(api[schemaRef], encodings: content.encodings, bodyOptional: optional, typePrefix: typePrefix,
                          scope: &scope, parameters: &parameters, statements: &statements, wireArguments: &wireArguments)
        } else if content.mediaType.hasPrefix("text/") {
            parameters.append(Self.declaration(label, local, "String", isRequired: !optional))
            wireArguments.append(WireArgumentPlan(label: label, swiftType: "String", isRequired: !optional,
                                                  location: .body, wireName: ""))
            let contentType = content.mediaType.contains("*") ? planWildcardContentType(
                content.mediaType, scope: &scope, parameters: &parameters, wireArguments: &wireArguments, parameterDocs: &parameterDocs) : nil
            statements.append(.body(BodyWrite(local: local, encoding: .text(mediaType: content.mediaType), isOptional: optional,
                                              sendsNull: false, shape: nil, contentTypeArgument: contentType)))
        } else {
            parameters.append(Self.declaration(label, local, "Data", isRequired: !optional))
            wireArguments.append(WireArgumentPlan(label: label, swiftType: "Data", isRequired: !optional,
                                                  location: .body, wireName: ""))
            let contentType = content.mediaType.contains("*") ? planWildcardContentType(
                content.mediaType, scope: &scope, parameters: &parameters, wireArguments: &wireArguments, parameterDocs: &parameterDocs) : nil
            statements.append(.body(BodyWrite(local: local, encoding: .binary(mediaType: content.mediaType), isOptional: optional,
                                              sendsNull: false, shape: nil, contentTypeArgument: contentType)))
        }
        return nil
    }

    /// The form fields whose `encoding` entries change how they are written, by name. An entry with `style`, `explode`
    /// or `allowReserved` writes the field like a query parameter of that style; one with only a JSON `contentType`
    /// writes its JSON text (OpenAPI 3.1.1: `contentType` is ignored when any of the three is given); other entries
    /// change nothing.
    private func formFieldEncodings(_ content: MediaContent) -> [FormFieldEncoding] {
        formFieldEncodings(content.encodings)
    }

    private func formFieldEncodings(_ encodings: [String: MediaContent.PartEncoding]) -> [FormFieldEncoding] {
        var fields: [FormFieldEncoding] = []
        for (name, encoding) in encodings.sorted(by: { $0.key < $1.key }) {
            if encoding.style != nil || encoding.explode != nil || encoding.allowReserved != nil {
                let style = encoding.style.flatMap(ParameterStyleName.init(rawValue:)) ?? .form
                let explode = encoding.explode ?? (style == .form)
                fields.append(FormFieldEncoding(name: name, kind: .styled(style, explode: explode, allowReserved: encoding.allowReserved ?? false)))
            } else if let type = encoding.contentType, Self.isJSON(type), !type.contains("*") {
                fields.append(FormFieldEncoding(name: name, kind: .json))
            }
        }
        return fields
    }

    /// One argument per part. When the body itself is optional, every part is: the body is sent when any part is
    /// given, and a part the schema requires is then checked before sending (`APIError.invalidRequest`).
    /// A part's `encoding` entry: a declared `contentType` (one media type, no wildcard) is sent on text parts and is
    /// the default of file parts; a part declared JSON is sent as JSON with that type (an array as one JSON part
    /// instead of one part per element); each of its `headers` is one more argument, right after the part's.
    private func planMultipart(_ schema: Schema, encodings: [String: MediaContent.PartEncoding], bodyOptional: Bool,
                               typePrefix: String, scope: inout NameScope,
                               parameters: inout [MethodParameter], statements: inout RequestStatements,
                               wireArguments: inout [WireArgumentPlan]) {
        let required = models.mergedRequired(of: schema)
        var parts: [MultipartWrite.Part] = []
        var requiredWhenSent: [MultipartWrite.RequiredPart] = []
        for property in models.mergedProperties(of: schema) {
            let label = SwiftNaming.escapedMember(scope.claim(SwiftNaming.memberName(property.name)))
            let local = localName(for: label, scope: &scope)
            // A choice between one file and a list of files is a list of files: one file is a list of one.
            let usage = isFileChoice(property.schema) ? TypeUsage.files
                : models.usage(property.schema, suggestedName: typePrefix + SwiftNaming.typeNamePart(property.name),
                               file: typePrefix + "Request")
            let isRequired = required.contains(property.name)
            let declaredType = encodings[property.name]?.contentType
                .flatMap { $0.contains("*") || $0.contains(",") ? nil : $0.trimmingCharacters(in: .whitespaces) }
            let declaredJSON = declaredType.map(Self.isJSON) == true
            let isArgumentRequired = isRequired && !bodyOptional
            var partArguments: [MethodParameter] = []
            var partWireArguments: [WireArgumentPlan] = []
            let headers = partHeaders(encodings[property.name]?.headers ?? [], part: property.name,
                                      partRequired: isArgumentRequired, typePrefix: typePrefix, scope: &scope,
                                      parameters: &partArguments, wireArguments: &partWireArguments)
            let type: String
            let encoding: MultipartWrite.PartEncoding
            let contentType: String?
            if usage.isBinary || usage.swift == "Data" || usage.isBinaryArray {
                // An array of files is one file part per element.
                type = usage.isBinaryArray ? "[MultipartFile]" : "MultipartFile"
                (encoding, contentType) = (.file, declaredType)
            } else if !declaredJSON && (usage.isParameterCapable || usage.isParameterArray) {
                // OpenAPI 3.1.1: an array is sent as one part per element, all with the part's name.
                type = usage.swift
                (encoding, contentType) = (.value, declaredType == "text/plain" ? nil : declaredType)
            } else {
                type = usage.swift
                (encoding, contentType) = (.json, declaredJSON ? declaredType : nil)
            }
            parts.append(MultipartWrite.Part(wireName: property.name, local: local, encoding: encoding,
                                             contentType: contentType, headers: headers))
            parameters.append(Self.declaration(label, local, type, isRequired: isArgumentRequired))
            wireArguments.append(WireArgumentPlan(label: label, swiftType: type, isRequired: isArgumentRequired,
                                                  location: .multipart, wireName: property.name))
            parameters += partArguments
            wireArguments += partWireArguments
            if isRequired { requiredWhenSent.append(MultipartWrite.RequiredPart(local: local, wireName: property.name)) }
        }
        let condition: MultipartWrite.Condition
        if !bodyOptional || parts.isEmpty {
            condition = .always
        } else if parts.count == 1, let only = requiredWhenSent.first {
            // The body's one part is the required one: sending the body is giving that part.
            condition = .whenGiven(local: only.local)
        } else {
            condition = .whenAnyGiven(locals: parts.map(\.local), requiredParts: requiredWhenSent)
        }
        statements.append(.multipart(MultipartWrite(parts: parts, condition: condition)))
    }

    /// One argument per header of a multipart part (`encoding.<part>.headers`) that can be written. A header is a
    /// required argument when it and its part are; a required header of an optional part is checked when the part is
    /// given. A header whose values are objects is left out, with a warning.
    private func partHeaders(_ headers: [MediaContent.PartHeader], part: String, partRequired: Bool,
                             typePrefix: String, scope: inout NameScope, parameters: inout [MethodParameter],
                             wireArguments: inout [WireArgumentPlan]) -> [MultipartWrite.PartHeader] {
        var written: [MultipartWrite.PartHeader] = []
        for header in headers {
            let usage = header.schema.map {
                models.usage($0, suggestedName: typePrefix + SwiftNaming.typeNamePart(part) + SwiftNaming.typeNamePart(header.name),
                             file: typePrefix + "Request")
            } ?? .primitive("String")
            guard usage.isParameterCapable || usage.isParameterArray else {
                models.diagnostics.append(.warning(
                    "the header '\(header.name)' of multipart part '\(part)' is not a scalar or an array of scalars; "
                        + "it is not generated (send it with a middleware)", at: header.node))
                continue
            }
            let label = SwiftNaming.escapedMember(scope.claim(SwiftNaming.memberName(part + " " + header.name)))
            let local = localName(for: label, scope: &scope)
            let isRequired = header.required && partRequired
            parameters.append(Self.declaration(label, local, usage.swift, isRequired: isRequired))
            wireArguments.append(WireArgumentPlan(label: label, swiftType: usage.swift, isRequired: isRequired,
                                                  location: .partHeader, wireName: part, header: header.name))
            written.append(MultipartWrite.PartHeader(name: header.name, local: local, isRequired: isRequired,
                                                     isArray: !usage.isParameterCapable,
                                                     isRequiredWithPart: header.required && !isRequired))
        }
        return written
    }

    /// What an operation's types start with: its method name as a type name (`_0` for an operationId "0").
    static func typePrefix(methodName: String) -> String {
        let prefix = SwiftNaming.typeNamePart(methodName)
        return prefix.first?.isNumber == true ? "_" + prefix : prefix
    }

    /// The type prefix `operation` gets from its own name (the one a name collision in its group would change is
    /// not known here, and only names another operation's objects it lends).
    private func ownTypePrefix(_ operation: Operation) -> String {
        let rawName = operation.operationId ?? (operation.method.lowercased() + " " + operation.path)
        return Self.typePrefix(methodName: config.nameOverrides[rawName] ?? SwiftNaming.memberName(rawName))
    }

    /// What follows the type prefix in the name of a response's type: `Response` for a success (or for `default`
    /// when nothing else succeeds), `Error404`, `DefaultError`.
    static func responseSuffix(status: String, of operation: Operation) -> String {
        if isReturned(status: status, by: operation) { return "Response" }
        return status == "default" ? "DefaultError" : "Error" + status.uppercased()
    }

    /// The responses the generated method returns rather than throws: the 2xx ones, or `default` when there is none
    /// (a description that documents only `default` describes its successes with it).
    static func returnedResponses(of operation: Operation) -> [Response] {
        operation.responses.filter { isReturned(status: $0.status, by: operation) }
    }

    /// Whether the response documented for `status` is one ``returnedResponses(of:)`` lists.
    static func isReturned(status: String, by operation: Operation) -> Bool {
        status.hasPrefix("2") || (status == "default" && !operation.responses.contains { $0.status.hasPrefix("2") })
    }

    /// The operation that writes `node` when it is another operation's object (`$ref: '#/paths/~1pets/get/...'`).
    private func borrowedOwner(of node: SpecNode, outside operation: Operation) -> Operation? {
        // Nearly every node of an operation is written inside it; only a `$ref` into another operation is not.
        if node.location.file == operation.node.location.file, node.pointer.utf8.starts(with: (operation.node.pointer + "/").utf8) {
            return nil
        }
        guard let tokens = JSONPointer.tokens(node.pointer), tokens.count > 3, tokens[0] == "paths" || tokens[0] == "webhooks" else {
            return nil
        }
        let ownerPointer = "/" + tokens[0..<3].map(JSONPointer.escape).joined(separator: "/")
        guard ownerPointer != operation.node.pointer || node.location.file != operation.node.location.file else { return nil }
        return api.operations.first { $0.node.pointer == ownerPointer && $0.node.location.file == node.location.file }
    }

    private func payload(of response: Response, in operation: Operation, typePrefix: String, suffix: String,
                         unwrapEnvelope: Bool = false) -> Payload {
        guard let content = response.contents.first(where: { Self.isJSON($0.mediaType) }) ?? response.contents.first else {
            return .none
        }
        var typePrefix = typePrefix
        var suffix = suffix
        // Another operation's response (`$ref: '#/paths/~1pets/get/responses/200'`) is named as its own operation
        // names it, whichever of the two is planned first.
        if let owner = borrowedOwner(of: response.node, outside: operation), let status = JSONPointer.tokens(response.node.pointer)?.last {
            typePrefix = ownTypePrefix(owner)
            suffix = Self.responseSuffix(status: status, of: owner)
        }
        if Self.isJSON(content.mediaType) {
            guard let schema = content.schema else { return .json(.json) }
            let shared = SharedObjectName.name(of: response.node, outside: operation, kind: "Response")
            // An envelope's `data` written inside a shared response is named after the response too.
            if unwrapEnvelope, let envelope = config.envelope,
               let unwrapped = envelopePayload(schema, envelope, typePrefix: shared ?? typePrefix) {
                return unwrapped
            }
            let usage = models.usage(schema, suggestedName: shared ?? typePrefix + suffix, file: shared ?? typePrefix + suffix)
            if let shared { models.documentShared(usage, named: shared, with: SwiftNaming.docLines(response.description)) }
            return .json(usage)
        }
        if content.mediaType.hasPrefix("text/") && !content.mediaType.utf8.containsSequence("csv".utf8) { return .text }
        return .binary
    }

    /// Envelope detection is by shape: an object with the configured status and data (or at least status) fields.
    private func envelopePayload(_ ref: SchemaRef, _ envelope: EnvelopeConfig, typePrefix: String) -> Payload? {
        let schema = api[ref]
        let properties = models.mergedProperties(of: schema)
        guard properties.contains(where: { $0.name == envelope.status }) else { return nil }
        let required = models.mergedRequired(of: schema)
        guard let data = properties.first(where: { $0.name == envelope.data }) else {
            return properties.count <= 2 ? .envelope(nil, required: false) : nil
        }
        let usage = models.usage(data.schema, suggestedName: typePrefix + "Data", file: typePrefix + "Data")
        return .envelope(usage, required: required.contains(envelope.data) && !api[data.schema].nullable)
    }

    /// The validation step for a JSON response with a schema, unless validation is off.
    private func validation(_ response: Response, operation: Operation) -> [ResponseStep] {
        validator(response, operation: operation).map { [.validate($0, headers: nil)] } ?? []
    }

    /// The checks of a returned response: its JSON body and documented headers in one step (one report), or its
    /// headers alone when the body is not validated.
    private func responseChecks(_ response: Response, operation: Operation) -> [ResponseStep] {
        let headers = headerChecks(response, operation: operation)
        if let body = validator(response, operation: operation) { return [.validate(body, headers: headers)] }
        return headers.map { [.validateHeaders($0)] } ?? []
    }

    /// The `validation:` mode of `operation`'s responses: its `validationOverrides` entry, else the configuration's.
    func validationMode(of operation: Operation) -> GeneratorConfig.ValidationMode {
        operation.operationId.flatMap { config.validationOverrides[$0] } ?? config.validation
    }

    /// The runtime's mode and the validator for a JSON response with a schema, unless validation is off.
    private func validator(_ response: Response, operation: Operation) -> ResponseValidation? {
        let mode = validationMode(of: operation)
        guard mode != .off,
              let content = response.contents.first(where: { Self.isJSON($0.mediaType) }), let schema = content.schema,
              !api[schema].isAnything else { return nil }
        models.addValidatorRoot(schema)
        return ResponseValidation(mode: mode.runtimeCase, schema: schema)
    }

    /// True when the operation documents a redirect (`301`–`303`, `305`–`308`, `3XX`): the caller gets that response
    /// instead of the transport following it to where the response says.
    static func documentsRedirect(_ operation: Operation) -> Bool {
        operation.responses.contains { response in
            guard let code = Int(response.status) else { return response.status.uppercased() == "3XX" }
            return (301...308).contains(code) && code != 304
        }
    }

    private func planResponses(_ operation: Operation, typePrefix: String, supportTypes: inout [ModelPlan])
        -> (String, [ResponseCasePlan], ResponseStatements, Bool, usesEnvelope: Bool, recordsCallTime: Bool) {
        let successes = Self.returnedResponses(of: operation)
        let failures = operation.responses.filter { !successes.map(\.status).contains($0.status) }
        let successPayloads = successes.map {
            ($0, payload(of: $0, in: operation, typePrefix: typePrefix, suffix: Self.responseSuffix(status: $0.status, of: operation), unwrapEnvelope: true))
        }
        let distinctTypes = Set(successPayloads.map { $0.1.swiftType ?? "Void" })
        var cases: [ResponseCasePlan] = []
        var defaultStatements = ResponseStatements()
        var hasDefault = false
        var returnType = "Void"
        // Validation failure reports and documented errors say when the call was made.
        var recordsCallTime = false

        if distinctTypes.count <= 1 {
            returnType = distinctTypes.first ?? "Void"
            if successes.isEmpty {
                // No success documented (`responses: {}`, or errors only): a 2xx is still the call succeeding.
                cases.append(ResponseCasePlan(status: .statusClass(2), statements: ResponseStatements([.returnNothing])))
            }
            for (response, payload) in successPayloads {
                // An envelope without data is read too (its status checked), though it returns nothing.
                let result: ResponseStep = payload.body.map { .returnBody($0) }
                    ?? (returnType == "Void" ? .returnNothing : .failForMissingBody)
                let checks = responseChecks(response, operation: operation)
                if !checks.isEmpty { recordsCallTime = true }
                var checked = checks + [result]
                if case .envelope = payload, !checks.isEmpty { checked.insert(.checkEnvelopeStatus, at: 0) }
                if let status = StatusPattern(response.status) {
                    cases.append(ResponseCasePlan(status: status, statements: ResponseStatements(checked)))
                } else {
                    hasDefault = true
                    defaultStatements = ResponseStatements(checked)
                }
            }
        } else {
            let name = models.typeScope.claim(typePrefix + "Response")
            returnType = name
            var outcome = ModelPlan(name: name, access: config.access.rawValue,
                                    docLines: ["The documented successful responses of `\(SwiftNaming.commentText(operation.operationId ?? operation.path))`."],
                                    isDeprecated: false, source: SwiftNaming.commentText("\(operation.node.location.file)#\(operation.node.pointer)"))
            outcome.isOutcome = true
            for (response, payload) in successPayloads {
                let caseName = "status" + response.status.uppercased()
                if let type = payload.swiftType {
                    outcome.outcomeCases.append(OutcomeCasePlan(name: caseName, payload: "(\(type))",
                                                                docLines: SwiftNaming.docLines(response.description)))
                } else {
                    outcome.outcomeCases.append(OutcomeCasePlan(name: caseName, payload: "", docLines: SwiftNaming.docLines(response.description)))
                }
                let checks = responseChecks(response, operation: operation)
                if !checks.isEmpty { recordsCallTime = true }
                let checked = ResponseStatements(checks + [.returnOutcome(caseName: caseName, body: payload.carriedBody)])
                if let status = StatusPattern(response.status) {
                    cases.append(ResponseCasePlan(status: status, statements: checked))
                } else {
                    hasDefault = true
                    defaultStatements = checked
                }
            }
            supportTypes.append(outcome)
        }

        if !failures.isEmpty {
            let name = models.typeScope.claim(typePrefix + "Error")
            var outcome = ModelPlan(name: name, access: config.access.rawValue,
                                    docLines: ["The documented error responses of `\(SwiftNaming.commentText(operation.operationId ?? operation.path))`, thrown by its method."],
                                    isDeprecated: false, source: SwiftNaming.commentText("\(operation.node.location.file)#\(operation.node.pointer)"))
            outcome.isOutcome = true
            outcome.extraConformances = ", Error"
            outcome.isIndirect = true
            var hasUndocumentedBody = false
            var checksErrorHeaders = false
            // Declared after the enum whose cases carry them.
            var headersTypes: [ModelPlan] = []
            for response in failures {
                let caseName = response.status == "default" ? "other" : "status" + response.status.uppercased()
                let payload = payload(of: response, in: operation, typePrefix: typePrefix, suffix: Self.responseSuffix(status: response.status, of: operation))
                let statement: ResponseStep
                var checks = validation(response, operation: operation)
                // An error response's headers are checked as a success response's are; one that is not as documented
                // is thrown as `undocumentedBody`, like a body that is not, so the status still reaches the caller.
                let headers = headerChecks(response, operation: operation)
                if headers != nil {
                    checksErrorHeaders = true
                    hasUndocumentedBody = true
                    recordsCallTime = true
                }
                // The documented headers travel with the case (a 429's `Retry-After`, a 403's rate-limit reset).
                let headersType = errorHeadersType(response, typePrefix: typePrefix, operation: operation, supportTypes: &headersTypes)
                let carried = headersType.map { ", headers: \($0)" } ?? ""
                if case .json(let usage) = payload {
                    // The status is never hidden behind a body that is not the documented one (a proxy's HTML page).
                    outcome.outcomeCases.append(OutcomeCasePlan(name: caseName, payload: "(status: Int, body: \(usage.swift)\(carried))",
                                                                docLines: SwiftNaming.docLines(response.description)))
                    statement = .throwDocumentedError(type: name, caseName: caseName, bodyType: usage.swift,
                                                      validation: validator(response, operation: operation), headers: headers,
                                                      headersType: headersType)
                    checks = []
                    hasUndocumentedBody = true
                    recordsCallTime = true
                } else if let type = payload.swiftType {
                    outcome.outcomeCases.append(OutcomeCasePlan(name: caseName, payload: "(status: Int, body: \(type)\(carried))",
                                                                docLines: SwiftNaming.docLines(response.description)))
                    statement = .throwError(type: name, caseName: caseName, body: payload.body, headers: headers, headersType: headersType)
                } else {
                    outcome.outcomeCases.append(OutcomeCasePlan(name: caseName, payload: "(status: Int\(carried))",
                                                                docLines: SwiftNaming.docLines(response.description)))
                    statement = .throwError(type: name, caseName: caseName, body: nil, headers: headers, headersType: headersType)
                }
                let checked = ResponseStatements(checks + [statement])
                if let status = StatusPattern(response.status) {
                    cases.append(ResponseCasePlan(status: status, statements: checked))
                } else {
                    hasDefault = true
                    defaultStatements = checked
                }
            }
            if hasUndocumentedBody {
                outcome.outcomeCases.append(OutcomeCasePlan(
                    name: "undocumentedBody", payload: "(status: Int, body: Data, problem: APIError)",
                    docLines: checksErrorHeaders
                        ? ["A documented error status whose response is not the documented one (an HTML page from a proxy,",
                           "an empty body, a documented header missing or not of its type): the raw body, and why it could",
                           "not be read (`APIError.invalidResponse` or `.decoding`)."]
                        : ["A documented error status whose body is not the documented one (an HTML page from a proxy,",
                           "an empty body): the raw body, and why it could not be read (`APIError.invalidResponse` or `.decoding`)."]))
            }
            supportTypes.append(outcome)
            supportTypes += headersTypes
        }
        // Exact codes before ranges, so `404` wins over `4XX`.
        cases = cases.filter { !$0.status.isClass } + cases.filter(\.status.isClass)
        if !hasDefault {
            hasDefault = true
            defaultStatements = ResponseStatements([.throwUnexpectedStatus])
        }
        let usesEnvelope = successPayloads.contains { if case .envelope = $0.1 { return true } else { return false } }
        return (returnType, cases, defaultStatements, hasDefault, usesEnvelope, recordsCallTime)
    }
}
