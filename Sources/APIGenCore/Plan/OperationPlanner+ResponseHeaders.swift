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
        var scope = NameScope(reserved: ["response", "init"])
        let fields = headers.map { header -> ResponseHeaderFieldPlan in
            let property = SwiftNaming.escapedMember(scope.claim(SwiftNaming.memberName(header.name)))
            let (swiftType, reader) = headerType(header.schema)
            var docs = SwiftNaming.docLines(header.description)
            if !docs.isEmpty { docs.append("") }
            docs.append("`\(SwiftNaming.commentText(header.name))`" + (header.required ? ", documented as always sent." : "."))
            return ResponseHeaderFieldPlan(docLines: docs, property: property, swiftType: swiftType,
                                           nameLiteral: SwiftNaming.stringLiteral(header.name), reader: reader)
        }
        let plainName = methodName.replacingOccurrences(of: "`", with: "")
        let variantName = SwiftNaming.escapedMember(plainName + "WithHeaders")
        let returnsBody = returnType != "Void"
        return ResponseHeadersPlan(
            typeName: typeName,
            typeDocLines: ResponseHeadersPlan.typeDocLines(method: plainName, variant: plainName + "WithHeaders"),
            fields: fields,
            initParameters: fields.map {
                MethodParameter(label: $0.property, local: $0.property, type: $0.swiftType + "?", defaultValue: "nil").declaration
            }.joined(separator: ", "),
            variantName: variantName,
            variantDocLines: ["`\(plainName)`, returning the response's documented headers"
                                + (returnsBody ? " beside its body." : ".")],
            variantReturnType: returnsBody ? "(body: \(returnType), headers: \(typeName))" : typeName,
            returnsBody: returnsBody,
            forwardingArguments: parameters.map(\.forwardingArgument).joined(separator: ", "),
            plainMethodName: plainName)
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
