import Foundation

/// Converts a Swagger 2.0 document tree into the OpenAPI 3.0 shape the resolver reads, once, on load.
/// Converted nodes keep their original locations and pointers, so diagnostics still point into the file
/// the user wrote.
struct SwaggerConverter {
    private typealias Entry = SpecNode.Entry

    /// Reads the node a reference into another file points at (`parameters.json#/tagsParam`, written at the node
    /// given). Parameters written in other files are Swagger 2.0 too, which an OpenAPI 3 reader cannot read (their
    /// `type` is beside `name`, not in a `schema`): those are converted and written in place of the reference.
    var externalTarget: (_ reference: String, _ at: SpecNode) -> SpecNode? = { _, _ in nil }

    func convert(_ root: SpecNode) -> SpecNode {
        var entries: [Entry] = []
        let produces = root["produces"]?.elements?.compactMap(\.string) ?? []
        let consumes = root["consumes"]?.elements?.compactMap(\.string) ?? []
        entries.append(entry("openapi", scalar(.string("3.0.3"), like: root["swagger"] ?? root)))
        if let info = root.entry("info") { entries.append(info) }
        entries.append(entry("servers", servers(root)))
        if let paths = root["paths"] {
            entries.append(entry("paths", convertPaths(paths, root: root, produces: produces, consumes: consumes)))
        }
        var components: [Entry] = []
        if let definitions = root["definitions"] {
            components.append(entry("schemas", rewriteRefs(definitions, inValue: false, keysAreNames: true)))
        }
        if let parameters = root["parameters"]?.entries {
            let converted = parameters.filter { $0.value["in"]?.string != "body" }.map {
                Entry(key: $0.key, keyLocation: $0.keyLocation, value: convertParameter($0.value))
            }
            components.append(entry("parameters", mapping(converted, like: root["parameters"]!)))
        }
        if let responses = root["responses"]?.entries {
            let converted = responses.map {
                Entry(key: $0.key, keyLocation: $0.keyLocation, value: convertResponse($0.value, produces: produces))
            }
            components.append(entry("responses", mapping(converted, like: root["responses"]!)))
        }
        if let definitions = root["securityDefinitions"]?.entries {
            let converted = definitions.map {
                Entry(key: $0.key, keyLocation: $0.keyLocation, value: convertSecurityDefinition($0.value))
            }
            components.append(entry("securitySchemes", mapping(converted, like: root["securityDefinitions"]!)))
        }
        entries.append(entry("components", mapping(components, like: root)))
        if let security = root.entry("security") { entries.append(security) }
        return mapping(entries, like: root)
    }

    private func servers(_ root: SpecNode) -> SpecNode {
        let host = root["host"]?.string
        let basePath = root["basePath"]?.string ?? ""
        let scheme = root["schemes"]?.elements?.first?.string ?? "https"
        let url = host.map { "\(scheme)://\($0)\(basePath)" } ?? (basePath.isEmpty ? "/" : basePath)
        let server = mapping([entry("url", scalar(.string(url), like: root["host"] ?? root))], like: root)
        return SpecNode(.sequence([server]), location: root.location, pointer: "/servers")
    }

    private func convertPaths(_ paths: SpecNode, root: SpecNode, produces: [String], consumes: [String]) -> SpecNode {
        let items: [Entry] = (paths.entries ?? []).map { pathEntry in
            guard pathEntry.value.isMapping else { return pathEntry }
            let converted: [Entry] = (pathEntry.value.entries ?? []).map { itemEntry in
                if itemEntry.key == "parameters" {
                    let kept = (itemEntry.value.elements ?? []).filter { resolvedParameter($0, root: root)?["in"]?.string != "body" }
                    return entry("parameters", SpecNode(.sequence(kept.map(convertParameterOrRef)),
                                                        location: itemEntry.value.location, pointer: itemEntry.value.pointer))
                }
                guard ResolverContext.methods.contains(itemEntry.key), itemEntry.value.isMapping else { return itemEntry }
                return Entry(key: itemEntry.key, keyLocation: itemEntry.keyLocation,
                             value: convertOperation(itemEntry.value, root: root, produces: produces, consumes: consumes,
                                                     sharedParameters: pathEntry.value["parameters"]))
            }
            return Entry(key: pathEntry.key, keyLocation: pathEntry.keyLocation, value: mapping(converted, like: pathEntry.value))
        }
        return mapping(items, like: paths)
    }

    private func resolvedParameter(_ node: SpecNode, root: SpecNode) -> SpecNode? {
        guard let reference = node["$ref"]?.string else { return node }
        if let external = externalParameter(reference, at: node) { return external }
        guard reference.hasPrefix("#/parameters/"), let tokens = JSONPointer.tokens(String(reference.dropFirst())) else { return nil }
        return root.descend(tokens)
    }

    /// The Swagger 2.0 parameter another file holds at `reference`; nil for a reference into this document, or to a
    /// node that is no Swagger 2.0 parameter (one with a `schema` stays a reference).
    private func externalParameter(_ reference: String, at node: SpecNode) -> SpecNode? {
        guard !reference.hasPrefix("#"), let target = externalTarget(reference, node), target.isMapping,
              target["in"] != nil, target["content"] == nil,
              target["schema"] == nil || target["in"]?.string == "body" else { return nil }
        return target
    }

    private func convertOperation(_ operation: SpecNode, root: SpecNode, produces: [String], consumes: [String],
                                  sharedParameters: SpecNode?) -> SpecNode {
        let operationProduces = operation["produces"]?.elements?.compactMap(\.string) ?? produces
        let operationConsumes = operation["consumes"]?.elements?.compactMap(\.string) ?? consumes
        var entries: [Entry] = []
        var bodyParameter: SpecNode?
        var formParameters: [SpecNode] = []
        var otherParameters: [SpecNode] = []
        let all = (sharedParameters?.elements ?? []).filter { resolvedParameter($0, root: root)?["in"]?.string == "body" || resolvedParameter($0, root: root)?["in"]?.string == "formData" }
            + (operation["parameters"]?.elements ?? [])
        for parameter in all {
            let resolved = resolvedParameter(parameter, root: root) ?? parameter
            switch resolved["in"]?.string {
            case "body": bodyParameter = resolved
            case "formData": formParameters.append(resolved)
            default: if !(sharedParameters?.elements ?? []).contains(where: { $0.pointer == parameter.pointer }) {
                otherParameters.append(parameter)
            }
            }
        }
        for item in operation.entries ?? [] {
            switch item.key {
            case "parameters":
                entries.append(entry("parameters", SpecNode(.sequence(otherParameters.map(convertParameterOrRef)),
                                                            location: item.value.location, pointer: item.value.pointer)))
            case "responses":
                let responses = (item.value.entries ?? []).map {
                    Entry(key: $0.key, keyLocation: $0.keyLocation, value: convertResponse($0.value, produces: operationProduces))
                }
                entries.append(entry("responses", mapping(responses, like: item.value)))
            case "produces", "consumes", "schemes":
                continue
            default:
                entries.append(item)
            }
        }
        if let bodyParameter, let schemaNode = bodyParameter["schema"] {
            let mediaType = operationConsumes.first { $0.contains("json") } ?? operationConsumes.first ?? "application/json"
            entries.append(entry("requestBody", requestBody(schema: rewriteRefs(schemaNode), mediaType: mediaType,
                                                            required: bodyParameter["required"]?.bool ?? false, like: bodyParameter)))
        } else if !formParameters.isEmpty {
            let hasFile = formParameters.contains { $0["type"]?.string == "file" }
            let mediaType = hasFile ? "multipart/form-data"
                : (operationConsumes.first { $0.contains("form") } ?? "application/x-www-form-urlencoded")
            let properties = formParameters.map { parameter in
                Entry(key: parameter["name"]?.string ?? "field", keyLocation: parameter.location, value: parameterSchema(parameter))
            }
            let required = formParameters.filter { $0["required"]?.bool == true }.compactMap { $0["name"] }
            var schemaEntries = [entry("type", scalar(.string("object"), like: operation)),
                                 entry("properties", mapping(properties, like: operation))]
            if !required.isEmpty {
                schemaEntries.append(entry("required", SpecNode(.sequence(required), location: operation.location,
                                                                pointer: operation.pointer + "/x-form-required")))
            }
            let schema = SpecNode(.mapping(schemaEntries), location: operation.location, pointer: operation.pointer + "/x-form-body")
            entries.append(entry("requestBody", requestBody(schema: schema, mediaType: mediaType,
                                                            required: !required.isEmpty, like: operation)))
        }
        return mapping(entries, like: operation)
    }

    /// `basic` becomes `http` `basic`; an `oauth2` flow (`implicit`, `password`, `application`, `accessCode`)
    /// becomes the OpenAPI 3 flow of the same meaning with its URLs and scopes; `apiKey` stays as it is.
    private func convertSecurityDefinition(_ node: SpecNode) -> SpecNode {
        switch node["type"]?.string {
        case "basic":
            var entries = [entry("type", scalar(.string("http"), like: node)), entry("scheme", scalar(.string("basic"), like: node))]
            if let description = node.entry("description") { entries.append(description) }
            return mapping(entries, like: node)
        case "oauth2":
            let flowNames = ["implicit": "implicit", "password": "password", "application": "clientCredentials",
                             "accessCode": "authorizationCode"]
            var flow: [Entry] = []
            for key in ["authorizationUrl", "tokenUrl", "scopes"] {
                if let value = node.entry(key) { flow.append(value) }
            }
            let name = node["flow"]?.string.flatMap { flowNames[$0] } ?? "implicit"
            let flows = mapping([Entry(key: name, keyLocation: node.location, value: mapping(flow, like: node))], like: node)
            var entries = [entry("type", scalar(.string("oauth2"), like: node)), entry("flows", flows)]
            if let description = node.entry("description") { entries.append(description) }
            return mapping(entries, like: node)
        default:
            return node
        }
    }

    private func requestBody(schema: SpecNode, mediaType: String, required: Bool, like node: SpecNode) -> SpecNode {
        let media = mapping([entry("schema", schema)], like: node)
        let content = mapping([Entry(key: mediaType, keyLocation: node.location, value: media)], like: node)
        return mapping([entry("required", scalar(.bool(required), like: node)), entry("content", content)], like: node)
    }

    private func convertParameterOrRef(_ node: SpecNode) -> SpecNode {
        if let reference = node["$ref"]?.string {
            if let external = externalParameter(reference, at: node) { return convertParameter(external) }
            return mapping([entry("$ref", scalar(.string(Self.rewrite(reference)), like: node))], like: node)
        }
        return convertParameter(node)
    }

    private func convertParameter(_ node: SpecNode) -> SpecNode {
        var entries: [Entry] = []
        for key in ["name", "in", "description", "required", "deprecated"] {
            if let value = node.entry(key) { entries.append(value) }
        }
        let collectionFormat = node["collectionFormat"]?.string
        if collectionFormat == "multi" {
            entries.append(entry("explode", scalar(.bool(true), like: node)))
        } else if node["type"]?.string == "array" {
            entries.append(entry("explode", scalar(.bool(false), like: node)))
            // csv is the default; tsv has no OpenAPI 3 style and is sent comma-separated like csv.
            let style = ["ssv": "spaceDelimited", "pipes": "pipeDelimited"][collectionFormat ?? "csv"]
            if let style { entries.append(entry("style", scalar(.string(style), like: node))) }
        }
        entries.append(entry("schema", parameterSchema(node)))
        return mapping(entries, like: node)
    }

    private static let schemaKeys: Set<String> = [
        "type", "format", "items", "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum",
        "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf",
    ]

    private func parameterSchema(_ node: SpecNode) -> SpecNode {
        if let schema = node["schema"] { return rewriteRefs(schema) }
        var entries = (node.entries ?? []).filter { Self.schemaKeys.contains($0.key) }
        if node["type"]?.string == "file" {
            entries = [entry("type", scalar(.string("string"), like: node)), entry("format", scalar(.string("binary"), like: node))]
        }
        return SpecNode(.mapping(entries.map { Entry(key: $0.key, keyLocation: $0.keyLocation, value: rewriteRefs($0.value)) }),
                        location: node.location, pointer: node.pointer + "/x-schema")
    }

    private func convertResponse(_ node: SpecNode, produces: [String]) -> SpecNode {
        if let reference = node["$ref"]?.string {
            return mapping([entry("$ref", scalar(.string(Self.rewrite(reference)), like: node))], like: node)
        }
        var entries = (node.entries ?? []).filter { $0.key != "schema" && $0.key != "examples" && $0.key != "headers" }
        if let schema = node["schema"] {
            let mediaType = produces.first { $0.contains("json") } ?? produces.first ?? "application/json"
            let media = mapping([entry("schema", rewriteRefs(schema))], like: node)
            entries.append(entry("content", mapping([Entry(key: mediaType, keyLocation: node.location, value: media)], like: node)))
        }
        if let headers = node["headers"], let written = headers.entries {
            let converted = written.map { Entry(key: $0.key, keyLocation: $0.keyLocation, value: convertHeader($0.value)) }
            entries.append(Entry(key: "headers", keyLocation: node.entry("headers")?.keyLocation ?? headers.location,
                                 value: mapping(converted, like: headers)))
        }
        return mapping(entries, like: node)
    }

    /// A Swagger 2.0 header (`{type: integer, description: …}`, its schema keywords inline) becomes an OpenAPI 3 header
    /// with a `schema`. Its schema keeps the header's location, which is where those keywords are written (a
    /// validation failure points there). A list in another `collectionFormat` than `csv` (`ssv`, `tsv`, `pipes`) has no
    /// OpenAPI 3 header style and is read as the field's text.
    private func convertHeader(_ node: SpecNode) -> SpecNode {
        guard node.isMapping else { return node }
        var entries: [Entry] = []
        if let description = node.entry("description") { entries.append(description) }
        let collectionFormat = node["collectionFormat"]?.string ?? "csv"
        let schema: SpecNode
        if node["type"]?.string == "array" && collectionFormat != "csv" {
            schema = mapping([entry("type", scalar(.string("string"), like: node))], like: node)
        } else {
            schema = SpecNode(.mapping((node.entries ?? []).filter { Self.schemaKeys.contains($0.key) || $0.key.hasPrefix("x-") }
                                .map { Entry(key: $0.key, keyLocation: $0.keyLocation, value: rewriteRefs($0.value)) }),
                              location: node.location, pointer: node.pointer)
        }
        entries.append(entry("schema", schema))
        return mapping(entries, like: node)
    }

    /// Rewrites `#/definitions/…` (in this or another file) to `#/components/schemas/…`, `x-nullable`, and a schema's
    /// `discriminator: petType` to OpenAPI 3's `discriminator: {propertyName: petType}` (values stay the subtypes'
    /// names or their `x-ms-discriminator-value`, which apigen reads; no `mapping` is written, since a mapping would
    /// make the schemas it leaves out no kinds at all). `inValue` is set below `example`, `default`, `enum` and
    /// extensions, whose contents are data, not schemas; `keysAreNames` for the members of `properties` and
    /// `definitions`, whose keys are names (a property may be called `discriminator` or `example`).
    private func rewriteRefs(_ node: SpecNode) -> SpecNode { rewriteRefs(node, inValue: false) }

    private func rewriteRefs(_ node: SpecNode, inValue: Bool, keysAreNames: Bool = false) -> SpecNode {
        switch node.content {
        case .scalar:
            return node
        case .sequence(let elements):
            return SpecNode(.sequence(elements.map { rewriteRefs($0, inValue: inValue) }), location: node.location, pointer: node.pointer)
        case .mapping(let entries):
            let converted = entries.map { item -> Entry in
                if keysAreNames {
                    return Entry(key: item.key, keyLocation: item.keyLocation, value: rewriteRefs(item.value, inValue: inValue))
                }
                if item.key == "discriminator", !inValue, item.value.string != nil {
                    let propertyName = Entry(key: "propertyName", keyLocation: item.value.location, value: item.value)
                    return Entry(key: item.key, keyLocation: item.keyLocation, value: mapping([propertyName], like: item.value))
                }
                if item.key == "$ref", let reference = item.value.string {
                    return Entry(key: item.key, keyLocation: item.keyLocation, value: scalar(.string(Self.rewrite(reference)), like: item.value))
                }
                if item.key == "x-nullable" {
                    return Entry(key: "nullable", keyLocation: item.keyLocation, value: item.value)
                }
                if item.key == "type", item.value.string == "file" {
                    return Entry(key: item.key, keyLocation: item.keyLocation, value: scalar(.string("string"), like: item.value))
                }
                let value = inValue || ["example", "default", "enum"].contains(item.key) || item.key.hasPrefix("x-")
                let names = !value && ["properties", "patternProperties", "definitions"].contains(item.key)
                return Entry(key: item.key, keyLocation: item.keyLocation, value: rewriteRefs(item.value, inValue: value, keysAreNames: names))
            }
            return SpecNode(.mapping(converted), location: node.location, pointer: node.pointer)
        }
    }

    static func rewrite(_ reference: String) -> String {
        reference.replacingOccurrences(of: "#/definitions/", with: "#/components/schemas/")
            .replacingOccurrences(of: "#/parameters/", with: "#/components/parameters/")
            .replacingOccurrences(of: "#/responses/", with: "#/components/responses/")
    }

    private func entry(_ key: String, _ value: SpecNode) -> Entry {
        Entry(key: key, keyLocation: value.location, value: value)
    }

    private func mapping(_ entries: [Entry], like node: SpecNode) -> SpecNode {
        SpecNode(.mapping(entries), location: node.location, pointer: node.pointer)
    }

    private func scalar(_ value: ScalarValue, like node: SpecNode) -> SpecNode {
        SpecNode(.scalar(value), location: node.location, pointer: node.pointer)
    }
}
