/// Streamed success responses (server-sent events, JSON Lines, NDJSON, JSON Sequence) and the download-to-file
/// variant of binary ones.
extension OperationPlanner {
    /// What the stream planning decided for one operation.
    struct StreamedResponses {
        var returnType: String
        var plan: StreamPlan
        /// The statuses the stream plan handles (removed from the buffered status switch).
        var statuses: Set<StatusPattern>
    }

    /// The streamed kind of a media type.
    private enum StreamKind: Equatable {
        case events
        case json(String)

        init?(_ mediaType: String) {
            let type = (mediaType.split(separator: ";").first.map(String.init) ?? mediaType)
                .trimmingCharacters(in: .whitespaces).lowercased()
            switch type {
            case "text/event-stream": self = .events
            case "application/jsonl", "application/x-ndjson", "application/x-jsonlines", "application/jsonlines":
                self = .json("lines")
            case "application/json-seq": self = .json("sequence")
            default: return nil
            }
        }
    }

    /// The stream plan when every 2xx response of `operation` is the same streamed media type (a plain JSON
    /// alternative wins: clients that want the stream usually ask with a parameter, and the JSON answer is then
    /// the buffered one). Nil otherwise, and the method is planned as before.
    func planStream(_ operation: Operation, typePrefix: String) -> StreamedResponses? {
        let successes = operation.responses.filter { $0.status.hasPrefix("2") }
        guard !successes.isEmpty else { return nil }
        var chosen: (kind: StreamKind, content: MediaContent)?
        for response in successes {
            guard !response.contents.contains(where: { Self.isJSON($0.mediaType) }),
                  let content = response.contents.first(where: { StreamKind($0.mediaType) != nil }),
                  let kind = StreamKind(content.mediaType) else { return nil }
            if let chosen, chosen.kind != kind || Self.itemSchema(of: chosen.content, kind) != Self.itemSchema(of: content, kind)
                || chosen.content.eventTypes != content.eventTypes {
                return nil
            }
            chosen = (kind, content)
        }
        guard let chosen else { return nil }
        let item = Self.itemSchema(of: chosen.content, chosen.kind)
        let patterns = successes.compactMap { Self.streamStatus($0.status) }
        guard patterns.count == successes.count else { return nil }
        // Each response's documented headers are checked when its head arrives, before the stream is handed over.
        let headerSteps = successes.map { headerChecks($0, operation: operation).map { [ResponseStep.validateStreamHeaders($0)] } ?? [] }
        let validation = itemValidator(item, operation: operation)
        let returnType: String
        let step: ResponseStep
        switch chosen.kind {
        case .events:
            if let itemSchema = chosen.content.itemSchema, !chosen.content.eventTypes.isEmpty {
                let name = planEventUnion(itemSchema, types: chosen.content.eventTypes, typePrefix: typePrefix, operation: operation)
                returnType = "ServerSentEvents<\(name)>"
                step = .returnEvents(.union(typeName: name))
            } else if let schema = item, !isText(schema) {
                let usage = models.usage(schema, suggestedName: typePrefix + "Event", file: typePrefix + "Event")
                returnType = "ServerSentEvents<\(usage.swift)>"
                step = .returnEvents(.typed(itemType: usage.swift, validation: validation))
            } else {
                returnType = "ServerSentEvents<String>"
                step = .returnEvents(.text)
            }
        case .json(let format):
            let usage = item.map {
                models.usage($0, suggestedName: typePrefix + "Item", file: typePrefix + "Item")
            } ?? .json
            returnType = "JSONStream<\(usage.swift)>"
            step = .returnJSONStream(itemType: usage.swift, format: format, validation: validation)
        }
        let accept = chosen.content.mediaType.split(separator: ";").first.map(String.init) ?? chosen.content.mediaType
        return StreamedResponses(
            returnType: returnType,
            plan: StreamPlan(acceptLiteral: SwiftNaming.stringLiteral(accept),
                             cases: zip(patterns, headerSteps).map { ResponseCasePlan(status: $0, statements: ResponseStatements($1 + [step])) }),
            statuses: Set(patterns))
    }

    /// The download-to-file variant when the operation's 2xx responses are binary (not JSON, text or streamed).
    func planDownload(_ operation: Operation, parameters: [MethodParameter], docLines: [String], scope: inout NameScope) -> DownloadPlan? {
        let successes = operation.responses.filter { $0.status.hasPrefix("2") }
        let isBinary = !successes.isEmpty && successes.allSatisfy { response in
            guard let content = response.contents.first else { return false }
            return response.contents.allSatisfy {
                !Self.isJSON($0.mediaType) && !$0.mediaType.hasPrefix("text/") && StreamKind($0.mediaType) == nil
                    && !$0.mediaType.hasPrefix("multipart/") && !$0.mediaType.hasPrefix("application/x-www-form-urlencoded")
            } && !content.mediaType.isEmpty
        }
        guard isBinary else { return nil }
        let destination = scope.claim("destination")
        let resumable = scope.claim("resumable")
        let progress = scope.claim("progress")
        let added = ["to \(destination): URL", "\(resumable): Bool = true",
                     "\(progress): (@Sendable (TransferProgress) -> Void)? = nil"]
        var docs = docLines
        docs += ["", "Downloads the body to `\(destination)` as it arrives (memory stays bounded), reporting `\(progress)`;",
                 "with `\(resumable)`, an interrupted download continues with `Range` on the next call.",
                 "Any other status is handled as the method above handles it (documented errors are typed)."]
        return DownloadPlan(signature: (parameters.map(\.declaration) + added).joined(separator: ", "), docLines: docs,
                            destinationLabel: destination, resumableLabel: resumable, progressLabel: progress,
                            headCases: downloadHeadCases(successes, operation: operation))
    }

    /// The header checks of a download's 2xx heads, exact codes before classes. The runtime asks for a `Range`, so
    /// a server answers `206` where the description documents `200`: the `200`'s headers (the representation's) are
    /// checked on it too, unless the description documents `206` or `2XX` itself.
    private func downloadHeadCases(_ successes: [Response], operation: Operation) -> [ResponseCasePlan] {
        let documented = Set(successes.compactMap { StatusPattern($0.status) })
        let cases = successes.compactMap { response -> ResponseCasePlan? in
            guard let status = Self.streamStatus(response.status), let checks = headerChecks(response, operation: operation)
            else { return nil }
            var plan = ResponseCasePlan(status: status, statements: ResponseStatements([.validateStreamHeaders(checks)]))
            if status == .code(200), !documented.contains(.code(206)), !documented.contains(.statusClass(2)) {
                plan.pattern = "200, 206"
            }
            return plan
        }
        return cases.filter { !$0.status.isClass } + cases.filter(\.status.isClass)
    }

    /// The upload-from-file variant when the body that is sent is binary (not JSON, a form, multipart or text).
    func planUpload(_ operation: Operation, methodName: String, parameters: [MethodParameter], statements: RequestStatements,
                    docLines: [String], scope: inout NameScope) -> UploadPlan? {
        guard let body = operation.requestBody, let content = sentContent(body) else { return nil }
        let mediaType = content.mediaType.lowercased()
        // Raw content under a wildcard (`*/*` with a string schema) is binary too.
        guard !mediaType.isEmpty, !mediaType.hasPrefix("text/"), isRawWildcardBody(content) || (!Self.isJSON(mediaType)
              && !mediaType.hasPrefix("multipart/") && !mediaType.hasPrefix("application/x-www-form-urlencoded"))
        else { return nil }
        let file = scope.claim("fromFile")
        let contentType = scope.claim("contentType")
        let progress = scope.claim("progress")
        // A range (`image/*`) is no Content-Type: the caller names the concrete one, unless one fits any (`*/*`).
        let fallback = content.mediaType.contains("*") ? Self.defaultContentType(forWildcard: content.mediaType) : content.mediaType
        let contentTypeDefault = fallback.map { " = \(SwiftNaming.stringLiteral($0))" } ?? ""
        let added = ["\(file): URL", "\(contentType): String\(contentTypeDefault)",
                     "\(progress): (@Sendable (TransferProgress) -> Void)? = nil"]
        var docs = docLines
        docs += ["", "Sends the body from the file at `\(file)`, read as it is sent (memory stays bounded), as",
                 "`\(contentType)`, reporting `\(progress)` (bytes sent and the file's size)."]
        return UploadPlan(signature: (parameters.map(\.declaration) + added).joined(separator: ", "), docLines: docs,
                          requestStatements: statements, requestBinding: statements.isEmpty ? "let" : "var",
                          // `__` keeps a keyword method name (`` `default` ``) from making a keyword of it.
                          responseHandlerName: "__" + methodName.replacingOccurrences(of: "`", with: "") + "Response",
                          fileLabel: file, contentTypeLabel: contentType, progressLabel: progress)
    }

    /// Declares the enum of an event stream typed by event name (one case per documented `event`, its data validated
    /// and decoded as that branch's `contentSchema`, or text) in the operation's event file; returns its name.
    private func planEventUnion(_ itemSchema: SchemaRef, types: [MediaContent.EventType], typePrefix: String,
                                operation: Operation) -> String {
        let file = typePrefix + "Event"
        let name = models.claimName(typePrefix + "Event", named: false)
        let schema = api[itemSchema]
        var plan = ModelPlan(name: name, access: config.access.rawValue, docLines: models.documentation(schema),
                             isDeprecated: schema.deprecated, source: models.sourceComment(schema))
        plan.isEventUnion = true
        var caseScope = NameScope(reserved: ["init"])
        for type in types {
            let caseName = SwiftNaming.escapedMember(caseScope.claim(SwiftNaming.memberName(type.name)))
            var docs = ["`event: \(SwiftNaming.commentText(type.name))`."]
            let described = SwiftNaming.docLines(type.documentation)
            if !described.isEmpty { docs = described + [""] + docs }
            let payload: String
            let read: EventCasePlan.Read
            if let dataSchema = type.dataSchema, !isText(dataSchema) {
                let suggested = typePrefix + SwiftNaming.typeNamePart(type.name) + "Data"
                payload = models.usage(dataSchema, suggestedName: suggested, file: file).swift
                read = .json(validation: itemValidator(dataSchema, operation: operation))
            } else {
                payload = "String"
                read = .text
            }
            plan.eventCases.append(EventCasePlan(name: caseName, eventLiteral: SwiftNaming.stringLiteral(type.name),
                                                 type: payload, read: read, docLines: docs))
        }
        plan.undocumentedCaseName = SwiftNaming.escapedMember(caseScope.claim("undocumented"))
        models.register(ModelDraft(plan: plan, file: file))
        return name
    }

    /// The schema of one streamed item: OpenAPI 3.2's `itemSchema` when given (for events, the `contentSchema` of its
    /// `data`; none means the data is text), else the media type's `schema` (read, before 3.2, as the item's).
    private static func itemSchema(of content: MediaContent, _ kind: StreamKind) -> SchemaRef? {
        guard content.itemSchema != nil else { return content.schema }
        return kind == .events ? content.eventDataSchema : content.itemSchema
    }

    private func isText(_ ref: SchemaRef) -> Bool {
        api[ref].types == [.string]
    }

    private func itemValidator(_ schema: SchemaRef?, operation: Operation) -> ResponseValidation? {
        let mode = validationMode(of: operation)
        guard mode != .off, let schema, !api[schema].isAnything else { return nil }
        models.addValidatorRoot(schema)
        return ResponseValidation(mode: mode.runtimeCase, schema: schema)
    }

    private static func streamStatus(_ status: String) -> StatusPattern? {
        guard let pattern = StatusPattern(status), !pattern.isClass || pattern == .statusClass(2) else { return nil }
        return pattern
    }
}
