/// Reading schemas: `$ref` following with memoisation (so recursion becomes a handle to a schema still being
/// read), and dialect normalisation done once, here.
extension ResolverContext {
    /// Keys that may sit beside `$ref` without changing what it validates.
    private static let annotationKeys: Set<String> = [
        "$ref", "description", "summary", "title", "$comment", "example", "examples", "deprecated",
        "readOnly", "writeOnly", "default", "externalDocs", "xml",
    ]

    /// Reads the schema written at `node`, returning its handle.
    func schema(_ node: SpecNode, nameHint: String? = nil) -> SchemaRef {
        let id = node.location.file + "#" + node.pointer
        if let existing = schemaIndex[id] { return existing }

        if let referenceNode = node["$ref"], let reference = referenceNode.string {
            let siblings = (node.entries ?? []).filter { !Self.annotationKeys.contains($0.key) && !$0.key.hasPrefix("x-") }
            let nullable = node["nullable"]?.bool == true
            // Up to draft-07, `$ref` makes its siblings irrelevant; OpenAPI 3.0 specs rely on `nullable` and others
            // beside it, so there the siblings are kept.
            let siblingsIgnored = [.draft3, .draft4, .draft6, .draft7].contains(dialect(for: node))
            if siblingsIgnored || siblings.isEmpty || (siblings.count == 1 && siblings[0].key == "nullable" && !nullable) {
                guard let target = target(of: reference, at: referenceNode) else {
                    return placeholder(id: id, node: node)
                }
                let targetID = target.location.file + "#" + target.pointer
                referenceHops[id] = target
                if targetID == id {
                    error("schema refers to itself with '\(reference)' and defines nothing", at: referenceNode)
                    return placeholder(id: id, node: node)
                }
                let hint = Self.nameHint(forTarget: target, reference: reference)
                if let started = referencesInProgress[id] {
                    guard started < schemas.count else {
                        error("'\(SwiftNaming.commentText(reference))' is part of a cycle of references that defines no schema",
                              at: referenceNode, hint: "one schema of the cycle must have keywords of its own")
                        return placeholder(id: id, node: node)
                    }
                    // A schema of its own is being read inside the cycle: the target is found through it.
                    return schema(target, nameHint: hint)
                }
                referencesInProgress[id] = schemas.count
                let resolved = schema(target, nameHint: hint)
                referencesInProgress[id] = nil
                schemaIndex[id] = resolved
                // A whole file or a `$defs` entry reached by reference is an entity of its own.
                if let hint, target.location.file != node.location.file || target.pointer.isEmpty
                    || target.pointer.utf8.containsSequence("/$defs/".utf8) || target.pointer.utf8.containsSequence("/definitions/".utf8) {
                    registerNamed(hint, resolved)
                }
                return resolved
            }
        }

        let handle = SchemaRef(schemas.count)
        // Validators read the node again: they must see the maps its references point to, as the model does.
        let written = followingMapReferences(node)
        schemas.append(Schema(id: id, node: written))
        schemaIndex[id] = handle
        var schema = Schema(id: id, node: written)
        schema.nameHint = nameHint
        read(into: &schema, from: written)
        schemas[handle.index] = schema
        return handle
    }

    private func placeholder(id: String, node: SpecNode) -> SchemaRef {
        let handle = SchemaRef(schemas.count)
        schemas.append(Schema(id: id, node: node))
        schemaIndex[id] = handle
        return handle
    }

    /// Registers a named schema (component, file root, `$defs` entry) once.
    func registerNamed(_ name: String, _ handle: SchemaRef) {
        let id = schemas[handle.index].id
        guard !namedSchemaIDs.contains(id) else { return }
        namedSchemaIDs.insert(id)
        namedSchemas.append((name, handle))
        if schemas[handle.index].nameHint == nil { schemas[handle.index].nameHint = name }
    }

    static func nameHint(forTarget target: SpecNode, reference: String) -> String? {
        let tokens = JSONPointer.tokens(target.pointer) ?? []
        if tokens.isEmpty { return DocumentPath.stem(of: target.location.file) }
        if tokens.count >= 2, ["schemas", "$defs", "definitions"].contains(tokens[tokens.count - 2]) {
            return tokens.last
        }
        return nil
    }

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    private func read(into schema: inout Schema, from node: SpecNode) {
        if let value = node.bool {
            schema.acceptsNothing = !value
            return
        }
        guard node.isMapping else {
            warning("a schema must be a mapping or a boolean, found \(node.kindName); treated as accepting anything", at: node)
            return
        }
        reportMisspeltKeywords(in: node)
        let dialect = dialect(for: node)
        schema.title = node["title"]?.string
        schema.description = node["description"]?.string
        schema.format = node["format"]?.string
        schema.readOnly = node["readOnly"]?.bool ?? false
        schema.writeOnly = node["writeOnly"]?.bool ?? false
        schema.deprecated = node["deprecated"]?.bool ?? false
        schema.defaultValue = node["default"]
        schema.canonicalModel = swiftName(node["x-apigen-model"], "x-apigen-model")
        schema.nameOverride = swiftName(node["x-apigen-name"], "x-apigen-name")

        readTypes(into: &schema, from: node, dialect: dialect)
        if let referenceNode = node["$ref"], let reference = referenceNode.string,
           let target = target(of: reference, at: referenceNode) {
            referenceHops[schema.id] = target
            // `$ref` with constraining siblings (allowed since 2019-09): the reference is one more `allOf` member.
            let handle = self.schema(target, nameHint: Self.nameHint(forTarget: target, reference: reference))
            schema.allOf.append(handle)
            schema.refTarget = handle
        }
        readDynamicReference(into: &schema, from: node, dialect: dialect)
        if node["nullable"]?.bool == true { schema.nullable = true }

        if let properties = node["properties"] {
            if let entries = properties.entries {
                for entry in entries {
                    let handle = self.schema(entry.value)
                    schema.properties.append((entry.key, handle, entry.value))
                    // draft-03 puts `required: true` on the property itself.
                    if entry.value["required"]?.bool == true, !schema.required.contains(entry.key) {
                        schema.required.append(entry.key)
                    }
                    if let alias = swiftName(entry.value["x-apigen-field"], "x-apigen-field") { schema.fieldAliases[entry.key] = alias }
                }
            } else {
                error("'properties' must be a mapping, found \(properties.kindName)", at: properties)
            }
        }
        if let required = node["required"] {
            if let elements = required.elements {
                for element in elements {
                    guard let name = element.string else {
                        error("'required' must list property names, found \(element.kindName)", at: element)
                        continue
                    }
                    if !schema.required.contains(name) { schema.required.append(name) }
                }
            } else if required.bool == nil {
                error("'required' must be a list of property names, found \(required.kindName)", at: required)
            }
        }
        if let additional = node["additionalProperties"] {
            if let allowed = additional.bool {
                schema.additionalProperties = allowed ? .allowed : .forbidden
            } else if additional.isMapping {
                let handle = self.schema(additional)
                schema.additionalProperties = schemas[handle.index].isAnything ? .allowed : .schema(handle)
            }
        }
        if let prefix = node["prefixItems"]?.elements, !prefix.isEmpty {
            // 2020-12 tuple: `items` is then the schema of the elements after the positions.
            schema.items = tupleElement(prefix, rest: node["items"])
            if schema.items == nil { schema.tuple = tuple(prefix, rest: node["items"], in: node) }
        } else if let items = node["items"] {
            if items.isMapping || items.bool != nil {
                schema.items = self.schema(items)
            } else if let positions = items.elements, !positions.isEmpty {
                // Draft-04 tuple typing: `additionalItems` is the rest.
                schema.items = tupleElement(positions, rest: node["additionalItems"])
                if schema.items == nil { schema.tuple = tuple(positions, rest: node["additionalItems"], in: node) }
            }
        }
        if let values = node["enum"] {
            if let elements = values.elements {
                schema.enumValues = elements.compactMap(\.scalar)
            } else {
                error("'enum' must be a list, found \(values.kindName)", at: values)
            }
        }
        if let constant = node["const"]?.scalar { schema.constValue = constant }
        schema.allOf = compositionMembers("allOf", of: node, nullable: &schema.nullable)
        schema.oneOf = compositionMembers("oneOf", of: node, nullable: &schema.nullable)
        schema.anyOf = compositionMembers("anyOf", of: node, nullable: &schema.nullable)
        if let not = node["not"] { schema.not = self.schema(not) }
        if let discriminator = node["discriminator"] { schema.discriminator = readDiscriminator(discriminator) }
        readBounds(into: &schema, from: node, dialect: dialect)
        readDefinitions(of: node)
        readValidationSubschemas(of: node)
    }

    /// Subschemas only validators use are read too, so every schema node has a handle and a `$ref` to any of them
    /// resolves.
    private func readValidationSubschemas(of node: SpecNode) {
        for key in ["patternProperties", "dependentSchemas"] {
            for entry in node[key]?.entries ?? [] { _ = self.schema(entry.value) }
        }
        for entry in node["dependencies"]?.entries ?? [] where entry.value.isMapping || entry.value.bool != nil {
            _ = self.schema(entry.value)
        }
        for key in ["additionalItems", "contains", "propertyNames", "if", "then", "else", "unevaluatedProperties",
                    "unevaluatedItems", "contentSchema"] {
            if let value = node[key], value.isMapping || value.bool != nil { _ = self.schema(value) }
        }
        for key in ["items", "prefixItems"] {
            for element in node[key]?.elements ?? [] { _ = self.schema(element) }
        }
        // After `prefixItems`, `items` is the rest, which the model's element type may not use.
        if let rest = node["items"], rest.isMapping || rest.bool != nil { _ = self.schema(rest) }
        // draft-03 lists schemas among the names of `type` and `disallow`.
        for key in ["type", "disallow"] {
            for element in node[key]?.elements ?? [] where element.isMapping { _ = self.schema(element) }
        }
        if let extends = node["extends"] {
            if extends.isMapping { _ = self.schema(extends) }
            for element in extends.elements ?? [] { _ = self.schema(element) }
        }
    }

    private func readTypes(into schema: inout Schema, from node: SpecNode, dialect: Dialect) {
        guard let type = node["type"] else { return }
        var names: [SpecNode] = []
        if type.string != nil { names = [type] } else if let elements = type.elements { names = elements }
        else {
            error("'type' must be a string or a list of strings, found \(type.kindName)", at: type)
            return
        }
        for name in names {
            guard let text = name.string else { continue }  // draft-03 allows schemas in `type`; models ignore them
            if text == "any" && dialect == .draft3 { schema.types = []; return }
            guard let jsonType = JSONType(rawValue: text) else {
                error("unknown type '\(text)'", at: name,
                      hint: "use one of: \(JSONType.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            if jsonType == .null { schema.nullable = true }
            if !schema.types.contains(jsonType) { schema.types.append(jsonType) }
        }
    }

    private func compositionMembers(_ key: String, of node: SpecNode, nullable: inout Bool) -> [SchemaRef] {
        guard let list = node[key] else { return [] }
        guard let elements = list.elements else {
            error("'\(key)' must be a list of schemas, found \(list.kindName)", at: list)
            return []
        }
        var members: [SchemaRef] = []
        for element in elements {
            let handle = schema(element)
            let member = schemas[handle.index]
            if key != "allOf", member.types == [.null], member.enumValues == nil {
                nullable = true
                continue
            }
            members.append(handle)
        }
        return members
    }

    private func readDiscriminator(_ node: SpecNode) -> Schema.Discriminator? {
        // Swagger 2.0 names the property alone (`discriminator: petType`); values are the schemas' names.
        if let propertyName = node.string { return Schema.Discriminator(propertyName: propertyName, mapping: []) }
        guard let propertyName = node["propertyName"]?.string else {
            if node.isMapping { error("a discriminator needs a 'propertyName'", at: node) }
            return nil
        }
        var mapping: [(String, SchemaRef)] = []
        for entry in node["mapping"]?.entries ?? [] {
            guard let text = entry.value.string else { continue }
            let reference = text.contains("#") || text.contains("/") || text.hasSuffix(".json") || text.hasSuffix(".yaml")
                ? text : "#/components/schemas/" + text
            if let target = target(of: reference, at: entry.value) {
                mapping.append((entry.key, schema(target, nameHint: Self.nameHint(forTarget: target, reference: reference))))
            }
        }
        return Schema.Discriminator(propertyName: propertyName, mapping: mapping)
    }

    private func readBounds(into schema: inout Schema, from node: SpecNode, dialect: Dialect) {
        checkNumbers(in: node)
        checkKeywordValues(in: node)
        checkPatterns(in: node)
        schema.minimum = node["minimum"]?.number
        schema.maximum = node["maximum"]?.number
        if let exclusive = node["exclusiveMinimum"] {
            if exclusive.bool == true { schema.exclusiveMinimum = schema.minimum; schema.minimum = nil }
            else if let value = exclusive.number { schema.exclusiveMinimum = value }
        }
        if let exclusive = node["exclusiveMaximum"] {
            if exclusive.bool == true { schema.exclusiveMaximum = schema.maximum; schema.maximum = nil }
            else if let value = exclusive.number { schema.exclusiveMaximum = value }
        }
        schema.minLength = node["minLength"]?.int
        schema.maxLength = node["maxLength"]?.int
        schema.pattern = node["pattern"]?.string
        schema.minItems = node["minItems"]?.int
        schema.maxItems = node["maxItems"]?.int
        schema.uniqueItems = node["uniqueItems"]?.bool ?? false
    }

    /// `$defs` / `definitions` inside a schema are named schemas of their own.
    private func readDefinitions(of node: SpecNode) {
        for key in ["$defs", "definitions"] {
            for entry in node[key]?.entries ?? [] where entry.value.isMapping {
                registerNamed(entry.key, schema(entry.value, nameHint: entry.key))
            }
        }
    }

    /// The element type a Swift array of a tuple can have: the positions' schema when every position (and every
    /// element after them, if allowed) is spelled the same, e.g. `[number, number]`; nil otherwise, which models the
    /// array as `[JSONValue]` so that no position's value is lost or refused.
    private func tuple(_ positions: [SpecNode], rest: SpecNode?, in node: SpecNode) -> Tuple {
        let maxItems = node["maxItems"]?.scalar.flatMap { if case .int(let value) = $0 { value } else { nil } }
        let forbidden = rest?.bool == false || maxItems.map { $0 <= positions.count } == true
        let restSchema = forbidden ? nil : rest.flatMap { $0.isMapping ? self.schema($0) : nil }
        return Tuple(positions: positions.map { self.schema($0) }, rest: restSchema, restForbidden: forbidden)
    }

    private func tupleElement(_ positions: [SpecNode], rest: SpecNode?) -> SchemaRef? {
        let first = positions[0].jsonText
        guard positions.allSatisfy({ $0.jsonText == first }) else { return nil }
        if let rest, rest.bool != false, rest.jsonText != first { return nil }
        return self.schema(positions[0])
    }
}

extension Schema {
    /// True for `{}` / `true`: a schema that constrains nothing a model can express.
    var isAnything: Bool {
        types.isEmpty && properties.isEmpty && additionalProperties == .unspecified && items == nil
            && enumValues == nil && constValue == nil && allOf.isEmpty && oneOf.isEmpty && anyOf.isEmpty && !acceptsNothing
    }
}
