/// Documented response headers (`X-RateLimit-Remaining`, `Link`, `ETag`, `Location`): they were read by nobody, so
/// an app could not page through GitHub's lists (`Link`) or watch its rate limit from a generated method. The method
/// keeps returning the body; `<method>WithHeaders` returns the headers too, read into a struct of optional values.
extension OperationPlanner {
    /// The headers the operation's success responses document (the responses its method returns: the 2xx ones,
    /// or `default` when there is none), the first of each name (compared without case); nil when there are none.
    func planResponseHeaders(_ operation: Operation, typePrefix: String, methodName: String, returnType: String,
                             parameters: [MethodParameter]) -> ResponseHeadersPlan? {
        var seen: Set<String> = []
        var headers: [ResponseHeader] = []
        for response in Self.returnedResponses(of: operation) {
            for header in response.headers where seen.insert(header.name.lowercased()).inserted {
                headers.append(header)
            }
        }
        guard !headers.isEmpty else { return nil }
        let typeName = models.typeScope.claim(typePrefix + "ResponseHeaders")
        let fields = headerFields(headers)
        let plainName = methodName.replacingOccurrences(of: "`", with: "")
        let variantName = SwiftNaming.escapedMember(plainName + "WithHeaders")
        let returnsBody = returnType != "Void"
        return ResponseHeadersPlan(
            typeName: typeName,
            typeDocLines: ResponseHeadersPlan.typeDocLines(method: plainName, variant: plainName + "WithHeaders"),
            fields: fields,
            initParameters: HeadersStructPlan.initParameters(fields),
            variantName: variantName,
            variantDocLines: ["`\(plainName)`, returning the response's documented headers"
                                + (returnsBody ? " beside its body." : ".")],
            variantReturnType: returnsBody ? "(body: \(returnType), headers: \(typeName))" : typeName,
            returnsBody: returnsBody,
            forwardingArguments: parameters.map(\.forwardingArgument).joined(separator: ", "),
            plainMethodName: plainName)
    }

    /// One optional property per header (the first of each name, compared without case), named after it.
    func headerFields(_ headers: [ResponseHeader]) -> [ResponseHeaderFieldPlan] {
        var seen: Set<String> = []
        var scope = NameScope(reserved: ["response", "init"])
        return headers.filter { seen.insert($0.name.lowercased()).inserted }.map { header in
            let property = SwiftNaming.escapedMember(scope.claim(SwiftNaming.memberName(header.name)))
            let (swiftType, reader) = headerType(header.schema)
            var docs = SwiftNaming.docLines(header.description)
            if !docs.isEmpty { docs.append("") }
            docs.append("`\(SwiftNaming.commentText(header.name))`" + (header.required ? ", documented as always sent." : "."))
            return ResponseHeaderFieldPlan(docLines: docs, property: property, swiftType: swiftType,
                                           nameLiteral: SwiftNaming.stringLiteral(header.name), reader: reader)
        }
    }

    /// The struct an error case carries its response's documented headers in (`errorHeaders: true`), nil when the
    /// response documents none.
    /// A response declared under `components/responses` (openai's `TooManyRequests`, answered by 161 operations)
    /// has one struct, named after it (`TooManyRequestsHeaders`) in a file of its own, shared by every case that
    /// carries it; an operation's own response gets one beside its error enum (`ReposGetError403Headers`).
    func errorHeadersType(_ response: Response, typePrefix: String, operation: Operation,
                          supportTypes: inout [ModelPlan]) -> String? {
        guard config.errorHeaders, !response.headers.isEmpty else { return nil }
        let tokens = JSONPointer.tokens(response.node.pointer) ?? []
        let component: String? = switch tokens.count {
        case 3 where tokens[0] == "components" && tokens[1] == "responses": tokens[2]
        case 2 where tokens[0] == "responses": tokens[1]  // Swagger 2.0
        default: nil
        }
        let source = "\(response.node.location.file)#\(response.node.pointer)"
        if component != nil, let shared = models.sharedHeaders[source] { return shared }
        let fields = headerFields(response.headers)
        let typeName: String
        let docLines: [String]
        if let component {
            typeName = models.typeScope.claim(SwiftNaming.typeName(component) + "Headers")
            docLines = ["The documented headers of the `\(SwiftNaming.commentText(component))` response, carried by the error cases of the",
                        "operations that answer with it; an absent header, or one whose value is not of its documented type, is nil."]
        } else {
            typeName = models.typeScope.claim(typePrefix + Self.responseSuffix(status: response.status, of: operation) + "Headers")
            docLines = ["The documented headers of `\(SwiftNaming.commentText(operation.operationId ?? operation.path))`'s "
                            + "\(SwiftNaming.commentText(response.status)) response, carried by its error case;",
                        "an absent header, or one whose value is not of its documented type, is nil."]
        }
        var plan = ModelPlan(name: typeName, access: config.access.rawValue, docLines: [], isDeprecated: false,
                             source: SwiftNaming.commentText(source))
        plan.headersStruct = HeadersStructPlan(typeName: typeName, typeDocLines: docLines, fields: fields,
                                               initParameters: HeadersStructPlan.initParameters(fields))
        if component != nil {
            models.declareSharedHeaders(plan, source: source)
        } else {
            supportTypes.append(plan)
        }
        return typeName
    }

    /// The Swift type a header's value is read as, and the reader: scalars by their type, a list of scalars from
    /// its comma-separated items (OpenAPI's `simple` style, the only one headers have); anything else as its text.
    private func headerType(_ ref: SchemaRef?) -> (String, String) {
        guard let ref else { return ("String", "headerValue") }
        let schema = api[ref]
        if schema.types.filter({ $0 != .null }) == [.array], let items = schema.items,
           let scalar = scalarType(api[items]) {
            return ("[\(scalar)]", "headerValues")
        }
        return (scalarType(schema) ?? "String", "headerValue")
    }

    private func scalarType(_ schema: Schema) -> String? {
        switch schema.types.filter({ $0 != .null }) {
        case [.integer]: return schema.format == "int32" ? "Int32" : schema.format == "int64" ? "Int64" : "Int"
        case [.number]: return schema.format == "float" ? "Float" : "Double"
        case [.boolean]: return "Bool"
        case [.string], []: return "String"
        default: return nil
        }
    }
}

/// Checking documented response headers: the body was validated on every response while a header documented as an
/// integer could carry any text (read as nil) and a required one could be missing unnoticed.
extension OperationPlanner {
    /// `response`'s documented headers that can be wrong, unless validation is off or none can: required ones, and
    /// ones whose schema refuses some text. The first of each name (compared without case) counts.
    func headerChecks(_ response: Response, operation: Operation) -> HeaderChecks? {
        let mode = validationMode(of: operation)
        guard mode != .off else { return nil }
        var seen: Set<String> = []
        var checks: [HeaderValidation] = []
        for header in response.headers where seen.insert(header.name.lowercased()).inserted
            && !Self.framingFields.contains(header.name.lowercased()) {
            let reading = header.schema.flatMap { ref in headerReading(ref).map { (ref, $0) } }
            let checked = reading.flatMap { canRefuseText($0.0) ? $0 : nil }
            guard header.required || checked != nil else { continue }
            if let (schema, _) = checked { models.addValidatorRoot(schema) }
            let document = DocumentPath.relative(header.node.location.file, to: DocumentPath.directory(of: api.rootPath))
            checks.append(HeaderValidation(name: header.name, required: header.required,
                                           scalar: checked?.1.scalar ?? .string, isList: checked?.1.isList ?? false,
                                           document: document, pointer: header.node.pointer, schema: checked?.0))
        }
        return checks.isEmpty ? nil : HeaderChecks(mode: mode.runtimeCase, headers: checks)
    }

    /// Fields that describe the transfer, not the response: the transport consumes or rewrites them (URLSession
    /// decodes a gzip body and drops its `Content-Encoding`; a chunked body has no `Content-Length`), so a client
    /// cannot hold a server to them.
    static let framingFields: Set<String> = ["content-length", "transfer-encoding", "content-encoding", "connection",
                                             "keep-alive", "upgrade", "trailer", "te"]

    /// Whether some header text fails `ref`: anything but a plain string (a number, a boolean, a list, `enum`,
    /// `pattern`, lengths). A plain string's validator could never fail, so none is written; nor could one that adds
    /// only a `format`, which response validation reads as an annotation (`ValidationOptions.assertFormats`).
    private func canRefuseText(_ ref: SchemaRef) -> Bool {
        let schema = api[ref]
        let types = schema.types.filter { $0 != .null }
        return !((types.isEmpty || types == [.string]) && schema.enumValues == nil && schema.constValue == nil
                 && schema.pattern == nil && schema.minLength == nil && schema.maxLength == nil)
    }

    /// How the runtime reads the header's text for its schema (`ResponseHeaderCheck.Scalar`, and whether it is a list
    /// of them); nil when the schema is not one a text can be read as: an object (`simple` style's `k,v` pairs), a list
    /// of lists, a mix such as integer-or-boolean, composition or a `$ref` beside other keywords. Such a header is
    /// checked for presence only, so that a value is never refused for being read the wrong way.
    private func headerReading(_ ref: SchemaRef) -> (scalar: HeaderScalar, isList: Bool)? {
        let schema = api[ref]
        if schema.types.filter({ $0 != .null }) == [.array] {
            return schema.items.flatMap { scalarReading(api[$0]) }.map { ($0, true) }
        }
        return scalarReading(schema).map { ($0, false) }
    }

    private func scalarReading(_ schema: Schema) -> HeaderScalar? {
        guard schema.allOf.isEmpty, schema.oneOf.isEmpty, schema.anyOf.isEmpty, schema.not == nil,
              schema.refTarget == nil, schema.dynamicReference == nil, !schema.acceptsNothing else { return nil }
        let types = Set(schema.types.filter { $0 != .null })
        if types.isEmpty {
            // Untyped: read as text, unless its `enum`/`const` lists values a text never equals (`enum: [1, 2]`).
            let listed = (schema.enumValues ?? []) + (schema.constValue.map { [$0] } ?? [])
            return listed.allSatisfy { if case .string = $0 { true } else { $0 == .null } } ? .string : nil
        }
        if types.contains(.string) {
            return types.isSubset(of: [.string, .integer, .number, .boolean]) ? .string : nil
        }
        if types.isSubset(of: [.integer, .number]) { return .number }
        return types == [.boolean] ? .boolean : nil
    }
}
