/// Stage 2: follows every `$ref` across files and normalises dialects into a ``ResolvedAPI``.
public enum Resolver {
    /// The outcome of resolution: the API (nil when the root could not be read) and every diagnostic.
    public struct Result: Sendable {
        public var api: ResolvedAPI?
        public var diagnostics: [Diagnostic]
        /// Texts of every document loaded, for quoting lines in diagnostics.
        public var sources: [String: String]
    }

    /// Resolves the document at `rootPath` and everything it references. Documents are read only below the root
    /// document's folder, `readFolders` and the folders `remotes` map to; a reference elsewhere is an error.
    public static func resolve(rootPath: String, provider: any SourceProvider,
                               remotes: [(prefix: String, folder: String)] = [], readFolders: [String] = []) -> Result {
        let scope = ReadScope(rootPath: rootPath, extraFolders: readFolders + remotes.map(\.folder))
        let provider = ScopedSourceProvider(base: provider, scope: scope)
        let context = ResolverContext(provider: provider)
        context.readScope = scope
        context.remotes = remotes
        let path = DocumentPath.normalise(rootPath)
        context.rootPath = path
        guard let document = context.document(path, referrer: nil) else {
            return Result(api: nil, diagnostics: context.diagnostics, sources: context.sourceTexts)
        }
        let prefetcher = DocumentPrefetcher(provider: provider)
        prefetcher.start(from: document)
        context.prefetcher = prefetcher
        defer { prefetcher.stop() }
        let root = document.root
        guard root.isMapping else {
            context.error("the document root must be a mapping, found \(root.kindName)", at: root)
            return Result(api: nil, diagnostics: context.diagnostics, sources: context.sourceTexts)
        }
        let specVersion: String
        if let version = root["openapi"]?.scalar?.description {
            specVersion = version
            if !version.hasPrefix("3.") {
                context.error("unsupported OpenAPI version '\(version)'", at: root["openapi"],
                              hint: "apigen reads OpenAPI 3.0.x, 3.1.x and Swagger 2.0")
            }
        } else if root["paths"] != nil || root["components"] != nil {
            specVersion = "3.1.0"
            context.warning("no 'openapi' version given; read as OpenAPI 3.1", at: root)
        } else {
            specVersion = "json-schema"
        }

        var servers: [Server] = []
        var operations: [Operation] = []
        var securitySchemes: [SecuritySchemeDefinition] = []
        let info = root["info"]
        if specVersion == "json-schema" {
            context.registerNamed(root["title"]?.string ?? DocumentPath.stem(of: path),
                                  context.schema(root, nameHint: root["title"]?.string ?? DocumentPath.stem(of: path)))
        } else {
            if info == nil {
                context.warning("the document has no 'info'; the API is titled after the file", at: root,
                                hint: "add `info: { title: ..., version: ... }`")
            }
            context.pathsVersion = specVersion
            context.reportUnknownDocumentFields(of: root)
            if root["paths"] == nil, root["components"] == nil, root["webhooks"] == nil {
                context.warning("the document has no 'paths', 'components' or 'webhooks'; the client has no operations and no models",
                                at: root, hint: "OpenAPI requires at least one of them")
            } else if root["paths"] == nil, specVersion.hasPrefix("3.0") {
                context.warning("OpenAPI 3.0 requires 'paths' (3.1 made it optional); the client has no operations", at: root,
                                hint: "add `paths: {}` if the document only holds components")
            }
            servers = readServers(root["servers"], context: context)
            readComponentSchemas(root, context: context)
            operations = context.operations(in: root)
            checkOperationIDs(operations, context: context)
            securitySchemes = context.securitySchemes(in: root, operations: operations)
            readSecurity(root, operations: &operations, schemes: securitySchemes, context: context)
        }
        var api = ResolvedAPI(
            title: info?["title"]?.string ?? root["title"]?.string ?? DocumentPath.stem(of: path),
            version: info?["version"]?.scalar?.description ?? "",
            description: info?["description"]?.string ?? root["description"]?.string,
            specVersion: specVersion,
            servers: servers,
            operations: operations,
            schemas: context.schemas,
            namedSchemas: context.namedSchemas,
            documents: context.documentOrder
        )
        api.rootPath = path
        api.securitySchemes = securitySchemes
        api.schemaIDs = context.schemaIndex
        api.documentDialects = context.dialects
        api.lenientPatternDocuments = context.lenientPatternDocuments
        api.dynamicScope = context.dynamicScopeTable()
        api.documentVocabularies = context.vocabularies
        if api.dynamicScope != nil { api.dynamicScope?.referenceHops = context.referenceHops }
        context.diagnostics += RefusedProperties.warnings(in: context.schemas)
        if specVersion != "json-schema" {
            context.checkComponents(of: root, operationIDs: Set(operations.compactMap(\.operationId)))
        }
        return Result(api: api, diagnostics: context.diagnostics, sources: context.sourceTexts)
    }

    private static func readSecurity(_ root: SpecNode, operations: inout [Operation], schemes: [SecuritySchemeDefinition],
                                     context: ResolverContext) {
        let written = root["components"]?["securitySchemes"].flatMap { context.dereference($0) }?.entries?.map(\.key) ?? []
        let skipped = Set(written.filter { name in !schemes.contains { $0.name == name } })
        let global = context.securityRequirements(root["security"], declared: schemes, skipped: skipped)
        for index in operations.indices {
            let own = operations[index].node["security"]
            operations[index].security = own == nil
                ? global : context.securityRequirements(own, declared: schemes, skipped: skipped)
        }
    }

    private static func readComponentSchemas(_ root: SpecNode, context: ResolverContext) {
        guard let written = root["components"]?["schemas"], let schemas = context.dereference(written) else { return }
        guard let entries = schemas.entries else {
            context.error("'components.schemas' must be a mapping, found \(schemas.kindName)", at: schemas)
            return
        }
        for entry in entries where !entry.key.hasPrefix("x-") {
            context.registerNamed(entry.key, context.schema(entry.value, nameHint: entry.key))
        }
    }

    private static func readServers(_ node: SpecNode?, context: ResolverContext) -> [Server] {
        // `servers:` with nothing after it means none; any other shape lost every server without a word.
        guard let node, node.scalar != .null else { return [] }
        guard let elements = node.elements else {
            context.error("'servers' must be a list, found \(node.kindName)", at: node,
                          hint: "write each server as an item: `servers: [{ url: https://api.example.com }]`")
            return []
        }
        return elements.compactMap { element in
            guard let url = element["url"]?.string else {
                context.error("a server needs a 'url'", at: element)
                return nil
            }
            var variables = (element["variables"]?.entries ?? []).map { entry in
                let defaultValue = entry.value["default"]?.scalar?.description
                if defaultValue == nil {
                    context.warning("server variable '\(SwiftNaming.commentText(entry.key))' has no default, which OpenAPI requires; "
                                    + "the generated server function requires it as an argument", at: entry.value,
                                    hint: "add `default:` with the value most callers want")
                }
                let enumValues = entry.value["enum"]?.elements?.compactMap { $0.scalar?.description }
                checkServerVariable(entry, defaultValue: defaultValue, enumValues: enumValues, context: context)
                return (name: entry.key, defaultValue: defaultValue, enumValues: enumValues ?? [],
                        description: entry.value["description"]?.string)
            }
            // `api.example.com` is, by RFC 3986 and OpenAPI, a path relative to where the document is served.
            if !Server.hasScheme(url), !url.hasPrefix("/"), !url.hasPrefix("{"), !url.hasPrefix(".") {
                context.warning("server URL '\(SwiftNaming.commentText(url))' has no scheme, so it is a path relative to where "
                                + "the description is served, not a host", at: element["url"],
                                hint: "write https://\(SwiftNaming.commentText(url)) if it names a host")
            }
            // Without a variable the URL could never be built: every call of the server function threw.
            for placeholder in ResolverContext.pathPlaceholders(url) where !variables.contains(where: { $0.name == placeholder }) {
                context.warning("server URL '\(SwiftNaming.commentText(url))' has '{\(SwiftNaming.commentText(placeholder))}' but no "
                                + "variable declares it; the generated server function requires it as an argument",
                                at: element["url"], hint: "declare it under `variables:` with a `default:`")
                variables.append((name: placeholder, defaultValue: nil, enumValues: [], description: nil))
            }
            return Server(url: url, description: element["description"]?.string, variables: variables)
        }
    }

    /// A variable's `enum` lists the values the server takes: an empty one (which OpenAPI forbids) or a default outside
    /// it says something the generated function cannot honour (it documents the values and sends any).
    private static func checkServerVariable(_ entry: SpecNode.Entry, defaultValue: String?, enumValues: [String]?,
                                            context: ResolverContext) {
        guard let enumValues else { return }
        let name = SwiftNaming.commentText(entry.key)
        if enumValues.isEmpty {
            context.warning("server variable '\(name)' has an empty 'enum', which OpenAPI forbids; any value is accepted",
                            at: entry.value["enum"], hint: "list the values the server takes, or remove 'enum'")
        } else if let defaultValue, !enumValues.contains(defaultValue) {
            context.warning("the default '\(SwiftNaming.commentText(defaultValue))' of server variable '\(name)' is not one of "
                            + "its 'enum' values (\(enumValues.map(SwiftNaming.commentText).joined(separator: ", ")))",
                            at: entry.value["default"], hint: "OpenAPI requires the default to be in the enum")
        }
    }

    private static func checkOperationIDs(_ operations: [Operation], context: ResolverContext) {
        var seen: [String: Operation] = [:]
        for operation in operations {
            guard let id = operation.operationId else { continue }
            if let first = seen[id] {
                context.warning("operationId '\(id)' is used by \(first.method) \(first.path) and \(operation.method) \(operation.path); the second method gets a distinct name",
                                at: operation.node["operationId"])
            } else {
                seen[id] = operation
            }
        }
    }
}
