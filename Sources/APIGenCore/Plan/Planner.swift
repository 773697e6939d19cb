/// Stage 3: turns a ``ResolvedAPI`` and the configuration into a ``GenerationPlan``.
public enum Planner {
    /// The plan and the diagnostics planning produced (naming collisions, skipped constructs).
    public struct Result: Sendable {
        public var plan: GenerationPlan
        public var diagnostics: [Diagnostic]
    }

    /// Plans every model, operation and validator.
    public static func plan(_ api: ResolvedAPI, config: GeneratorConfig, queueable: Set<String> = []) -> Result {
        var (result, validators) = planExceptValidators(api, config: config, queueable: queueable)
        result.plan.placeValidators(validators.plan())
        return result
    }

    /// The validator part of planning, kept apart so that it can run while the models render (``Generator``):
    /// it needs only the resolved API and the schemas responses are validated against.
    struct PendingValidators: Sendable {
        let api: ResolvedAPI
        let roots: [SchemaRef]
        let access: String
        let naming: ValidatorNaming

        func plan() -> [ValidatorFilePlan] {
            ValidatorPlanner.plan(api, roots: roots, access: access, naming: naming)
        }
    }

    /// Plans every model and operation; the plan's `validatorFiles` stay empty until `PendingValidators.plan()`.
    static func planExceptValidators(_ api: ResolvedAPI, config: GeneratorConfig, queueable: Set<String> = []) -> (Result, PendingValidators) {
        let dispatcherTypes = config.wireDispatcher ? ["WireDispatcher", "WireArguments", "WireOutcome"] : []
        var typeScope = NameScope(reserved: Set(SwiftNaming.reservedTypeNames.map { $0 } + dispatcherTypes))
        let clientName = typeScope.claim(config.clientName ?? (SwiftNaming.typeName(api.title.isEmpty ? "API" : api.title)
            .replacingOccurrences(of: "Model", with: "") + "Client"))

        // Group names are claimed before models so a schema called `MembersAPI` cannot take them.
        var groupOrder: [String] = []
        var groupOperations: [String: [Operation]] = [:]
        for operation in api.operations {
            let tag = operation.tags.first ?? "Default"
            if groupOperations[tag] == nil { groupOrder.append(tag) }
            groupOperations[tag, default: []].append(operation)
        }
        var groupTypeNames: [String: String] = [:]
        for tag in groupOrder { groupTypeNames[tag] = typeScope.claim(SwiftNaming.typeName(tag) + "API") }

        var groupDiagnostics: [Diagnostic] = []
        let canonicalGroups = CanonicalGroup.collect(api: api, config: config, diagnostics: &groupDiagnostics)
        let models = ModelPlanner(api: api, config: config, typeScope: typeScope)
        models.diagnostics += groupDiagnostics
        // Validator names and loop warnings read the description only, so they are worked out while the models and
        // operations are planned; operations refer to their validators by schema until then (``ResponseValidation``).
        let overrides = Array(config.nameOverrides.values)
        let security = SecurityPlanner(api: api, clientName: clientName)
        var groups: [APIGroupPlan] = []
        let (validatorNaming, loops) = SideBySide.run({
            var entryNames: [SchemaRef: String] = [:]
            for (name, ref) in api.namedSchemas where entryNames[ref] == nil { entryNames[ref] = SwiftNaming.typeNamePart(name) }
            let naming = ValidatorNaming(api: api, entryNames: entryNames, shadowing: ValidatorShadowing.names(api, overrides: overrides))
            return (naming, SameValueLoops(api: api).diagnostics(for: Set(api.schemas.indices.map(SchemaRef.init))))
        }, alongside: {
            models.planNamedSchemas(groups: canonicalGroups)
            let operations = OperationPlanner(models: models, config: config, queueable: queueable.union(config.queueable),
                                              security: security, givenTypeNames: Set(api.schemas.compactMap(\.nameOverride))
                                                .union(config.nameOverrides.values).union(config.models.map(\.name)))
            groups = planGroups(order: groupOrder, operations: groupOperations, typeNames: groupTypeNames, planner: operations,
                                clientName: clientName)
        })
        groups = groups.map { $0.namingValidators(validatorNaming) }

        let servers = planServers(api.servers)
        var client = ClientPlan(
            name: clientName,
            access: config.access.rawValue,
            docLines: SwiftNaming.docLines(api.title) + (api.description.map { [""] + SwiftNaming.docLines($0) } ?? []),
            groups: groups.map { ClientGroupPlan(propertyName: $0.propertyName, typeName: $0.name) },
            servers: servers,
            hasServers: !servers.isEmpty
        )
        client.securitySchemes = security.schemes
        client.hasSecuritySchemes = !security.schemes.isEmpty
        client.securitySchemesAccess = config.access.generatedOnly
        client.credentialSchemes = security.schemes.filter(\.hasCredential)
        client.hasCredentialSchemes = !client.credentialSchemes.isEmpty
        client.credentialsInitSignature = client.credentialSchemes
            .map { "\($0.memberName): \($0.credentialType)? = nil" }.joined(separator: ", ")
        client.secretFieldsLiteral = secretFieldsLiteral(api)
        if let reportID = config.validationReport {
            let match = zip(groupOrder, groups).lazy.compactMap { tag, group -> (APIGroupPlan, OperationPlan)? in
                guard let operation = groupOperations[tag]?.firstIndex(where: { $0.operationId == reportID }) else { return nil }
                return (group, group.operations[operation])
            }.first
            if let (group, operation) = match, let bodyType = operation.jsonBodyType {
                client.hasValidationReport = true
                client.reportGroup = group.propertyName
                client.reportMethod = operation.methodName
                client.reportBodyType = bodyType
            } else {
                models.diagnostics.append(Diagnostic(.error, "validationReport: '\(reportID)' is not an operation with a JSON body",
                                                     hint: "name the operationId of the endpoint that receives validation failure reports"))
            }
        }
        let modelFiles = models.finishedFiles().map { $0.namingValidators(validatorNaming) }
        for key in config.nameOverrides.keys.sorted() where !models.usedOverrides.contains(key) {
            models.diagnostics.append(Diagnostic(.warning, "nameOverrides: '\(key)' matches nothing, so it renames nothing",
                                                 hint: "keys are schema names, operationIds, `TypeName.wireProperty`, or the name apigen gives an inline type (`GetFriendsSort`)"))
        }
        var plan = GenerationPlan(
            access: config.access.rawValue,
            apiTitle: api.title,
            apiVersion: api.version,
            modelFiles: modelFiles,
            groups: groups,
            client: client
        )
        plan.validationIsConfigured = config.validation != .off || config.validationOverrides.values.contains { $0 != .off }
        if config.wireDispatcher {
            plan.wireDispatcher = wireDispatcher(groups: groups, operations: groupOrder.map { groupOperations[$0] ?? [] },
                                                 clientName: clientName, access: config.access.rawValue)
            plan.wireDispatcher?.credentials = client.securitySchemes.filter(\.hasCredential).map(WireCredentialPlan.init)
            plan.wireDispatcher?.errorHeaders = (groups.flatMap { $0.operations.flatMap(\.supportTypes) }
                + modelFiles.flatMap(\.models)).compactMap(\.headersStruct)
        }
        // A component's validators go into its model file, an operation's inline ones into its group's file.
        let producedModelFiles = Set(modelFiles.map(\.fileName))
        var schemaPlacements: [String: String] = [:]
        for (id, ref) in api.schemaIDs {
            if let file = models.modelFile(of: ref), producedModelFiles.contains(file) { schemaPlacements[id] = file }
        }
        var operationPlacements: [String: String] = [:]
        for (tag, group) in zip(groupOrder, groups) {
            for operation in groupOperations[tag] ?? [] {
                operationPlacements[operation.node.location.file + "#" + operation.node.pointer] = group.fileName
            }
        }
        let placedNaming = validatorNaming.placed(schemas: schemaPlacements, operations: operationPlacements)
        let validators = PendingValidators(api: api, roots: models.validatorRoots, access: config.access.rawValue, naming: placedNaming)
        let detector = DuplicateEntityDetector(api: api, excluded: Set(canonicalGroups.flatMap(\.shapes)), envelope: config.envelope)
        return (Result(plan: plan, diagnostics: models.diagnostics + detector.diagnostics() + loops), validators)
    }

    /// Every operation keyed by `METHOD /path`, which a harness knows from the API description alone (an operationId
    /// may be absent, and method names are apigen's).
    private static func wireDispatcher(groups: [APIGroupPlan], operations: [[Operation]], clientName: String,
                                       access: String) -> WireDispatcherPlan {
        var entries: [WireOperationPlan] = []
        // One function per operation, named after its group and method: a single `call` holding every operation's
        // closure exhausted 24 GB in swift-frontend on GitHub's 814 operations.
        var functions = NameScope(reserved: ["call", "operations"])
        for (group, sources) in zip(groups, operations) {
            for (plan, operation) in zip(group.operations, sources) {
                let method = plan.methodName.filter { $0 != "`" }
                let key = operation.method.uppercased() + " " + operation.path
                let function = functions.claim(group.propertyName.filter { $0 != "`" } + method.prefix(1).uppercased() + method.dropFirst())
                entries.append(WireOperationPlan(
                    keyLiteral: SwiftNaming.stringLiteral(key),
                    groupProperty: group.propertyName, methodName: plan.methodName, functionName: function,
                    arguments: plan.wireArguments, headers: plan.responseHeaders.map(WireHeadersPlan.init),
                    download: plan.download.map {
                        WireDownloadPlan(keyLiteral: SwiftNaming.stringLiteral(key + " download"),
                                         functionName: functions.claim(function + "Download"), resumableLabel: $0.resumableLabel,
                                         headers: $0.headers == nil ? nil : plan.responseHeaders.map(WireHeadersPlan.init))
                    },
                    upload: plan.upload.map { upload in
                        // The body (and a wildcard body's `contentType`, read as the `Content-Type` header) is the file's.
                        let contentType = plan.wireArguments.contains { $0.location == .header && $0.wireName == "Content-Type" }
                        return WireUploadPlan(
                            keyLiteral: SwiftNaming.stringLiteral(key + " upload"), functionName: functions.claim(function + "Upload"),
                            arguments: plan.wireArguments.filter {
                                ![.body, .multipart, .partHeader].contains($0.location) && !($0.location == .header && $0.wireName == "Content-Type")
                            },
                            fileLabel: SwiftNaming.callLabel(upload.fileLabel), contentTypeLabel: SwiftNaming.callLabel(upload.contentTypeLabel),
                            contentTypeRequired: contentType)
                    }))
            }
        }
        return WireDispatcherPlan(access: access, clientName: clientName, operations: entries)
    }

    /// Property names whose values are secrets by the spec's own account (`writeOnly`, `format: password`), sorted.
    private static func secretFieldsLiteral(_ api: ResolvedAPI) -> String {
        var names = Set<String>()
        for schema in api.schemas {
            for property in schema.properties where api.isWriteOnly(property.schema) || api[property.schema].format == "password" {
                names.insert(property.name)
            }
        }
        guard !names.isEmpty else { return "[]" }
        return "[\n" + names.sorted().map { "        " + SwiftNaming.stringLiteral($0) + "," }.joined(separator: "\n") + "\n    ]"
    }

    static func envelopeLiteral(_ envelope: EnvelopeConfig) -> String {
        var seen = Set<String>()
        let values = envelope.success.filter { seen.insert($0).inserted }.map(SwiftNaming.stringLiteral).joined(separator: ", ")
        return "EnvelopeFormat(statusKey: \(SwiftNaming.stringLiteral(envelope.status)), reasonKey: \(SwiftNaming.stringLiteral(envelope.reason)), "
            + "dataKey: \(SwiftNaming.stringLiteral(envelope.data)), successValues: [\(values)])"
    }

    private static func planServers(_ servers: [Server]) -> [ServerPlan] {
        var scope = NameScope(reserved: ["init"])
        return servers.enumerated().map { index, server in
            let described = server.description.map { SwiftNaming.memberName($0) }
            let base = (described?.count ?? 0) > 0 && (described?.count ?? 0) <= 30 ? described! : "server\(index + 1)"
            let name = SwiftNaming.escapedMember(scope.claim(base))
            var parameterScope = NameScope()
            var parameters: [String] = []
            var pairs: [String] = []
            // A relative URL is relative to where the description is served: the function resolves it against that URL.
            let documentURL = server.isRelative ? parameterScope.claim("documentURL") : nil
            if let documentURL { parameters.append("relativeTo \(documentURL): URL") }
            for variable in server.variables {
                let label = SwiftNaming.escapedMember(parameterScope.claim(SwiftNaming.memberName(variable.name)))
                parameters.append("\(label): String" + (variable.defaultValue.map { " = " + SwiftNaming.stringLiteral($0) } ?? ""))
                pairs.append("\(SwiftNaming.stringLiteral(variable.name)): \(label)")
            }
            var docs = SwiftNaming.docLines(server.description)
            docs.append(contentsOf: docs.isEmpty ? [] : [""])
            docs.append("`\(SwiftNaming.commentText(server.url))`")
            if let documentURL {
                docs.append("- Parameter \(documentURL): where the API description is served from (or the API's origin, "
                            + "`https://api.example.com`): the URL is relative to it")
            }
            for variable in server.variables where !variable.enumValues.isEmpty {
                docs.append("- Parameter \(SwiftNaming.memberName(variable.name)): one of \(SwiftNaming.commentText(variable.enumValues.joined(separator: ", ")))")
            }
            return ServerPlan(name: name, docLines: docs, signature: parameters.joined(separator: ", "),
                              templateLiteral: SwiftNaming.stringLiteral(server.url),
                              variablesLiteral: pairs.isEmpty ? "[:]" : "[" + pairs.joined(separator: ", ") + "]",
                              relativeToArgument: documentURL.map { ", relativeTo: \($0)" } ?? "")
        }
    }
}
