/// Object, array, applicator and unevaluated-* keywords.
extension ValidatorEmitter {
    mutating func objectChecks(_ schema: Schema, _ node: SpecNode, _ dialect: ResolverContext.Dialect) -> [ValidatorLine] {
        var lines: [ValidatorLine] = []
        let tracks = tracksAnnotations
        // required: the IR already folded draft-03 `required: true` into the list.
        let declaredNames = (node["properties"]?.entries ?? []).map(\.key)
        let requiredNames = node["required"] != nil || dialect == .draft3 ? schema.required : []
        // Declared names are checked by one call through the property table; others one by one.
        let positions = requiredNames.compactMap { declaredNames.firstIndex(of: $0) }
        if !positions.isEmpty {
            let table = propertyTable(declaredNames)
            let list = constant("[Int]", "[" + positions.map(String.init).joined(separator: ", ") + "]", label: "Required")
            lines.append(.failing(if: "!context.checkRequired(object, \(table.inFunction), \(list.inFunction), keywordLocation: "
                         + "\(SwiftNaming.stringLiteral(node.pointer + "/required")), schemaLocation: \(SwiftNaming.stringLiteral(location(node))))"))
        }
        for name in requiredNames where !declaredNames.contains(name) {
            lines += check("object.contains(key: \(SwiftNaming.stringLiteral(name)))", keyword: "required", node: node,
                           message: "ValidationMessage.required(\(SwiftNaming.stringLiteral(name)))")
        }
        if let limit = node["minProperties"]?.int {
            lines += check("object.count >= \(limit)", keyword: "minProperties", node: node, message: "ValidationMessage.minProperties(object, \(limit))")
        }
        if let limit = node["maxProperties"]?.int {
            lines += check("object.count <= \(limit)", keyword: "maxProperties", node: node, message: "ValidationMessage.maxProperties(object, \(limit))")
        }
        // One pass over the members: declared properties are found through a hash table built at generation
        // time (keys were hashed while parsing), patterns apply to every member, the rest is "additional".
        let declared = (node["properties"]?.entries ?? []).map(\.key)
        var patternRegexes: [(ValidatorConstantReference, SpecNode)] = []
        for entry in node["patternProperties"]?.entries ?? []
        where PatternCheck.problem(in: entry.key, lenient: regexSyntax(node) == ".lenient") == nil {
            let regex = constant("ECMARegex", "ECMARegex(compiling: \(SwiftNaming.stringLiteral(entry.key)), syntax: \(regexSyntax(node)))",
                                 label: "PropertyPattern")
            patternRegexes.append((regex, entry.value))
        }
        let additional = node["additionalProperties"].flatMap { $0.isMapping || $0.bool == false ? $0 : nil }
        if usesPropertyTables, !declared.isEmpty {
            let table = propertyTable(declared)
            let (rules, functionCases) = propertyChecks(node)
            let ruleFails = rules.map { "!context.validate(member.value, at: member.key, \($0.inFunction)[__index])" }
            if patternRegexes.isEmpty && additional == nil && functionCases.isEmpty {
                if let rules {
                    lines.append(.failing(if: "!context.validateProperties(object, \(table.inFunction), \(rules.inFunction))"))
                }
            } else {
                let needsMatched = additional != nil && !patternRegexes.isEmpty
                var body: [ValidatorLine] = []
                if rules != nil || !functionCases.isEmpty || additional != nil { body.append(ValidatorLine("let __index = \(table.inFunction).index(of: member)")) }
                if additional != nil { body.append(ValidatorLine((needsMatched ? "var" : "let") + " __declared = __index != nil")) }
                if functionCases.isEmpty, let ruleFails {
                    body.append(.failing(if: "let __index, " + ruleFails))
                } else if !functionCases.isEmpty {
                    body += ["if let __index {", "    switch __index {"]
                    for (index, statements) in functionCases {
                        body.append(ValidatorLine("    case \(index):"))
                        body += (statements.isEmpty ? ["break"] : statements).indented.indented
                    }
                    body += ["    default:", ruleFails.map { ValidatorLine.failing(if: $0) }?.indented.indented ?? "        break", "    }", "}"]
                }
                body += patternAndAdditionalChecks(node, patternRegexes, additional, needsMatched: needsMatched)
                lines += ["for member in object {"] + body.indented + ["}"]
            }
        } else if !declared.isEmpty || !patternRegexes.isEmpty || additional != nil {
            var body: [ValidatorLine] = []
            let needsMatched = additional != nil && !patternRegexes.isEmpty
            // `__declared` says whether a declared property or a pattern took the member; only
            // `additionalProperties` reads it.
            let declaredFlag = (needsMatched ? "var" : "let") + " __declared = "
            if !declared.isEmpty {
                let table = propertyTable(declared)
                body.append(ValidatorLine("let __index = \(table.inFunction).index(of: member)"))
                if additional != nil { body.append(ValidatorLine(declaredFlag + "__index != nil")) }
                body.append("switch __index {")
                for (index, entry) in (node["properties"]?.entries ?? []).enumerated() {
                    body.append(ValidatorLine("case \(index)?:"))
                    var inner = call(entry.value, value: "member.value", component: SwiftNaming.stringLiteral(entry.key))
                    if tracks { inner.append(.annotation("context.noteEvaluated(property: member.key)")) }
                    if inner.isEmpty { inner = ["break"] }
                    body += inner.indented
                }
                body += ["default:", "    break", "}"]
            } else if additional != nil {
                body.append(ValidatorLine(declaredFlag + "false"))
            }
            body += patternAndAdditionalChecks(node, patternRegexes, additional, needsMatched: needsMatched)
            lines += ["for member in object {"] + body.indented + ["}"]
        }
        if node["additionalProperties"]?.bool == true && tracks {
            lines.append(.annotation("context.noteEvaluatedAllProperties()"))
        }
        if let names = node["propertyNames"], names.isMapping || names.bool == false, let target = handle(of: names) {
            lines += ["for member in object {", ValidatorLine("    if !\(invocation(target, at: names, ".string(member.key)", "context")) {")]
                + Self.invalidation.indented.indented + ["    }", "}"]
        }
        // dependentRequired / dependentSchemas, and draft-07-and-earlier `dependencies` (either form).
        var requiredDependencies: [(String, [String])] = []
        var schemaDependencies: [(String, SpecNode)] = []
        // `dependentRequired` / `dependentSchemas` exist from 2019-09 on; earlier drafts ignore them.
        let splitDependencies = dialect == .draft2019 || dialect == .draft2020 || dialect == .openAPI31
        for entry in node["dependentRequired"]?.entries ?? [] where splitDependencies {
            requiredDependencies.append((entry.key, entry.value.elements?.compactMap(\.string) ?? []))
        }
        for entry in node["dependentSchemas"]?.entries ?? [] where splitDependencies { schemaDependencies.append((entry.key, entry.value)) }
        for entry in node["dependencies"]?.entries ?? [] {
            if let list = entry.value.elements { requiredDependencies.append((entry.key, list.compactMap(\.string))) }
            else if let single = entry.value.string, dialect == .draft3 { requiredDependencies.append((entry.key, [single])) }
            else { schemaDependencies.append((entry.key, entry.value)) }
        }
        for (trigger, required) in requiredDependencies where !required.isEmpty {
            lines.append(ValidatorLine("if object.contains(key: \(SwiftNaming.stringLiteral(trigger))) {"))
            for name in required {
                lines += check("object.contains(key: \(SwiftNaming.stringLiteral(name)))", keyword: node["dependentRequired"] != nil ? "dependentRequired" : "dependencies",
                               node: node, message: "ValidationMessage.dependentRequired(\(SwiftNaming.stringLiteral(name)), presentProperty: \(SwiftNaming.stringLiteral(trigger)))")
                    .indented
            }
            lines.append("}")
        }
        for (trigger, child) in schemaDependencies {
            lines.append(ValidatorLine("if object.contains(key: \(SwiftNaming.stringLiteral(trigger))) {"))
            lines += call(child, value: "instance", component: nil).indented
            lines.append("}")
        }
        return lines
    }

    /// The statements of the member loop after the declared properties: `patternProperties` (setting `__declared`
    /// when `needsMatched`), then `additionalProperties` for members nothing else matched.
    private mutating func patternAndAdditionalChecks(
        _ node: SpecNode, _ patternRegexes: [(ValidatorConstantReference, SpecNode)], _ additional: SpecNode?, needsMatched: Bool
    ) -> [ValidatorLine] {
        let tracks = tracksAnnotations
        var body: [ValidatorLine] = []
        for (regex, child) in patternRegexes {
            body.append(ValidatorLine("if context.matches(\(regex.inFunction), member.key) {"))
            if needsMatched { body.append("    __declared = true") }
            body += call(child, value: "member.value", component: "member.key").indented
            if tracks { body.append(ValidatorLine.annotation("context.noteEvaluated(property: member.key)").indented) }
            body.append("}")
        }
        if let additional {
            body.append("if !__declared {")
            if additional.bool == false {
                body += failure(keyword: "additionalProperties", keywordPath: node.pointer + "/additionalProperties", node: node,
                                message: "ValidationMessage.additionalProperty(member.key)").indented
            } else {
                body += call(additional, value: "member.value", component: "member.key").indented
            }
            if tracks { body.append(ValidatorLine.annotation("context.noteEvaluated(property: member.key)").indented) }
            body.append("}")
        }
        return body
    }

    mutating func arrayChecks(_ node: SpecNode, _ dialect: ResolverContext.Dialect) -> [ValidatorLine] {
        var lines: [ValidatorLine] = []
        let tracks = tracksAnnotations
        if let limit = node["minItems"]?.int {
            lines += check("array.count >= \(limit)", keyword: "minItems", node: node, message: "ValidationMessage.minItems(array, \(limit))")
        }
        if let limit = node["maxItems"]?.int {
            lines += check("array.count <= \(limit)", keyword: "maxItems", node: node, message: "ValidationMessage.maxItems(array, \(limit))")
        }
        if node["uniqueItems"]?.bool == true {
            lines += ["if let (first, second) = SchemaCheck.firstDuplicate(in: array) {"]
                + failure(keyword: "uniqueItems", keywordPath: node.pointer + "/uniqueItems", node: node,
                          message: "ValidationMessage.uniqueItems(first, second)").indented
                + ["}"]
        }
        // Tuple items: `prefixItems` (2020-12) or `items: [...]` (earlier), then the rest.
        let tuple: [SpecNode] = dialect == .draft2020 || dialect == .openAPI31
            ? (node["prefixItems"]?.elements ?? []) : (node["items"]?.elements ?? [])
        // Before 2020-12, `additionalItems` applies only after an `items` array; a schema `items` covers every element.
        let modern = dialect == .draft2020 || dialect == .openAPI31
        let rest: SpecNode? = modern ? node["items"] : (node["items"]?.elements != nil ? node["additionalItems"] : node["items"])
        let restApplies = rest != nil
        for (index, child) in tuple.enumerated() {
            lines.append(ValidatorLine("if array.count > \(index) {"))
            lines += call(child, value: "array[\(index)]", component: "\(index)").indented
            lines.append("}")
        }
        if tracks && !tuple.isEmpty { lines.append(.annotation("context.noteEvaluated(itemsBelow: \(tuple.count))")) }
        if let rest, restApplies, rest.bool == true, tracks {
            lines.append(.annotation("context.noteEvaluatedAllItems()"))
        } else if let rest, restApplies, rest.isMapping || rest.bool == false {
            if rest.bool == false {
                lines += [ValidatorLine("if array.count > \(tuple.count) {")]
                    + failure(keyword: node["items"]?.elements != nil ? "additionalItems" : "items", keywordPath: rest.pointer, node: node,
                              message: "ValidationMessage.additionalItem(\(tuple.count))").indented
                    + ["}"]
            } else if usesPropertyTables, case let check = memberCheck(for: rest, label: "Items"), check != .function {
                if case .rule(let rule) = check {
                    let name = constant("SchemaRule", ruleExpression(rule), label: "ItemsRule", readsConstants: true)
                    lines += [ValidatorLine("for index in \(tuple.count)..<max(\(tuple.count), array.count) {"),
                              ValidatorLine.failing(if: "!context.validate(array[index], at: index, \(name.inFunction))").indented,
                              "}"]
                }
            } else if handle(of: rest) != nil {
                lines.append(ValidatorLine("for index in \(tuple.count)..<max(\(tuple.count), array.count) {"))
                lines += call(rest, value: "array[index]", component: "index").indented
                lines.append("}")
            }
            if tracks { lines.append(.annotation("context.noteEvaluatedAllItems()")) }
        }
        if let contains = node["contains"], dialect != .draft3, dialect != .draft4, let target = handle(of: contains) {
            let minimum = node["minContains"]?.int ?? 1
            let maximum = node["maxContains"]?.int
            let legacy = dialect == .draft6 || dialect == .draft7
            lines += ["var __matched = 0",
                      "for index in array.indices {",
                      "    context.push(index)",
                      ValidatorLine("    let matches = context.probe({ \(invocation(target, at: contains, "array[index]", "$0")) })"),
                      "    context.pop()",
                      "    if matches {",
                      "        __matched += 1"]
            if tracks { lines.append(ValidatorLine.annotation("context.noteEvaluated(item: index)").indented.indented) }
            lines += ["    }", "}"]
            let effectiveMinimum = legacy ? 1 : minimum
            lines += check("__matched >= \(effectiveMinimum)", keyword: "contains", node: node,
                           message: "ValidationMessage.contains(array, matched: __matched, minimum: \(effectiveMinimum))")
            if let maximum, !legacy {
                lines += check("__matched <= \(maximum)", keyword: "maxContains", node: node,
                               message: "ValidationMessage.maxContains(array, matched: __matched, maximum: \(maximum))")
            }
        }
        return lines
    }

    /// The oneOf/anyOf check. For a union with a discriminator, a failure on a value whose discriminator the
    /// description does not list (a kind the server added) is one `discriminator` violation instead, which `reject`
    /// lets through because the model keeps such values; a value that passes stays valid whatever its kind.
    private func unionCheck(_ condition: String, keyword: String, _ schema: Schema, members: [SpecNode], node: SpecNode,
                            message: String) -> [ValidatorLine] {
        guard let discriminator = schema.discriminator else {
            return check(condition, keyword: keyword, node: node, message: message)
        }
        let known = DiscriminatorValues(discriminator: discriminator, api: api).known(variants: members.compactMap(handle(of:)))
        guard !known.isEmpty else { return check(condition, keyword: keyword, node: node, message: message) }
        let property = SwiftNaming.stringLiteral(discriminator.propertyName)
        let knownLiteral = "[" + known.map(SwiftNaming.stringLiteral).joined(separator: ", ") + "]"
        let kindMessage = "ValidationMessage.discriminator(__kind, property: \(property), known: \(knownLiteral))"
        return [ValidatorLine("if !(\(condition)) {"),
                ValidatorLine("    if let __kind = instance[\(property)]?.stringValue, !\(knownLiteral).contains(__kind) {"),
                ValidatorLine("        " + failLine(keyword: "discriminator", keywordPath: node.pointer + "/discriminator", node: node, message: kindMessage)),
                "    } else {",
                ValidatorLine("        " + failLine(keyword: keyword, keywordPath: node.pointer + "/" + keyword, node: node, message: message)),
                "    }"]
            + Self.invalidation.indented + ["}"]
    }

    mutating func applicatorChecks(_ ref: SchemaRef, _ schema: Schema, _ node: SpecNode, _ dialect: ResolverContext.Dialect) -> [ValidatorLine] {
        var lines: [ValidatorLine] = []
        if let target = schema.refTarget ?? (node["$ref"] != nil ? handle(of: node).flatMap { $0 == ref ? nil : $0 } : nil) {
            lines += [ValidatorLine("if !\(invocation(target, at: node, "instance", "context")) {")] + Self.invalidation.indented + ["}"]
        }
        if let dynamic = schema.dynamicReference {
            lines += dynamicReferenceCheck(dynamic, node)
        }
        for element in node["allOf"]?.elements ?? [] { lines += call(element, value: "instance", component: nil) }
        if dialect == .draft3 {
            if let extends = node["extends"] {
                for element in extends.elements ?? [extends] { lines += call(element, value: "instance", component: nil) }
            }
        }
        if let members = node["anyOf"]?.elements, !members.isEmpty {
            let calls = members.compactMap { member in handle(of: member).map { "context.probe({ \(invocation($0, at: member, "instance", "$0")) })" } }
            // Every branch runs so annotations of all successful branches count (unevaluated*).
            lines.append("var __any = false")
            for call in calls { lines.append(ValidatorLine("if \(call) { __any = true }")) }
            lines += unionCheck("__any", keyword: "anyOf", schema, members: members, node: node,
                                message: "ValidationMessage.anyOf(instance)")
        }
        if let members = node["oneOf"]?.elements, !members.isEmpty {
            lines.append("var __matches: [Int] = []")
            for (index, member) in members.enumerated() {
                guard let target = handle(of: member) else { continue }
                lines.append(ValidatorLine("if context.probe({ \(invocation(target, at: member, "instance", "$0")) }) { __matches.append(\(index)) }"))
            }
            lines += unionCheck("__matches.count == 1", keyword: "oneOf", schema, members: members, node: node,
                                message: "ValidationMessage.oneOf(instance, matches: __matches)")
        }
        if let negated = node["not"], let target = handle(of: negated) {
            lines += check("!context.probe(keepingAnnotations: false, { \(invocation(target, at: negated, "instance", "$0")) })", keyword: "not", node: node,
                           message: "ValidationMessage.not(instance, schema: \(SwiftNaming.stringLiteral(negated.pointer)))")
        }
        if let condition = node["if"], dialect != .draft3, dialect != .draft4, dialect != .draft6, let target = handle(of: condition) {
            let thenNode = node["then"], elseNode = node["else"]
            if thenNode != nil || elseNode != nil {
                lines.append(ValidatorLine("if context.probe({ \(invocation(target, at: condition, "instance", "$0")) }) {"))
                if let thenNode { lines += call(thenNode, value: "instance", component: nil).indented }
                lines.append("} else {")
                if let elseNode { lines += call(elseNode, value: "instance", component: nil).indented }
                lines.append("}")
            } else {
                // Annotations only: evaluate for unevaluated* bookkeeping.
                lines.append(ValidatorLine("_ = context.probe({ \(invocation(target, at: condition, "instance", "$0")) })"))
            }
        }
        if dialect == .draft3, let elements = node["disallow"]?.elements, elements.contains(where: \.isMapping) {
            lines += draft3TypeCheck(elements, keyword: "disallow", node: node)
        } else if dialect == .draft3, let disallow = node["disallow"] {
            let names = disallow.string.map { [$0] } ?? disallow.elements?.compactMap(\.string) ?? []
            let members = Self.typeMembers(names)
            if !members.isEmpty {
                let set = typeSetConstant(members)
                lines += check("!\(set.inFunction).matches(instance, draft4Integers: true)", keyword: "disallow", node: node,
                               message: "ValidationMessage.type(instance, expected: \(set.inFunction))")
            }
        }
        return lines
    }

    /// `$dynamicRef` / `$recursiveRef`: the static target, or the schema the dynamic scope selects at run time.
    mutating func dynamicReferenceCheck(_ reference: DynamicReference, _ node: SpecNode) -> [ValidatorLine] {
        let staticCall = invocation(reference.target, at: node, "instance", "context")
        let failure = Self.invalidation.indented + ["}"]
        let candidates = dynamicCandidates(reference)
        guard scope != nil, !candidates.isEmpty else { return [ValidatorLine("if !\(staticCall) {")] + failure }
        let resources = constant("[Int]", "[" + candidates.map { String($0.resource) }.joined(separator: ", ") + "]", label: "DynamicResources")
        let selection = reference.kind == .recursiveAnchor
            ? "context.recursiveResource(anchored: \(resources.inFunction))" : "context.outermostResource(among: \(resources.inFunction))"
        var lines: [ValidatorLine] = ["let __dynamic: Bool", ValidatorLine("switch \(selection) {")]
        for candidate in candidates {
            lines += [ValidatorLine("case \(candidate.resource)?:"), ValidatorLine("    __dynamic = " + invocation(candidate.schema, at: node, "instance", "context"))]
        }
        lines += ["default:", ValidatorLine("    __dynamic = " + staticCall), "}", "if !__dynamic {"] + failure
        return lines
    }

    mutating func unevaluatedChecks(_ node: SpecNode) -> [ValidatorLine] {
        var lines: [ValidatorLine] = []
        if let unevaluated = node["unevaluatedProperties"], unevaluated.isMapping || unevaluated.bool == false {
            lines += ["if case .object(let object) = instance {", "    for member in object where !__evaluated.contains(property: member.key) {"]
            if unevaluated.bool == false {
                lines += failure(keyword: "unevaluatedProperties", keywordPath: node.pointer + "/unevaluatedProperties", node: node,
                                 message: "ValidationMessage.unevaluatedProperty(member.key)").indented.indented
            } else {
                lines += call(unevaluated, value: "member.value", component: "member.key").indented.indented
            }
            lines += ["        context.noteEvaluated(property: member.key)", "    }", "}"]
        } else if node["unevaluatedProperties"]?.bool == true {
            lines.append("context.noteEvaluatedAllProperties()")
        }
        if let unevaluated = node["unevaluatedItems"], unevaluated.isMapping || unevaluated.bool == false {
            lines += ["if case .array(let array) = instance {", "    for index in array.indices where !__evaluated.contains(item: index) {"]
            if unevaluated.bool == false {
                lines += failure(keyword: "unevaluatedItems", keywordPath: node.pointer + "/unevaluatedItems", node: node,
                                 message: "ValidationMessage.unevaluatedItem(index)").indented.indented
            } else {
                lines += call(unevaluated, value: "array[index]", component: "index").indented.indented
            }
            lines += ["    }", "    context.noteEvaluatedAllItems()", "}"]
        } else if node["unevaluatedItems"]?.bool == true {
            lines.append("context.noteEvaluatedAllItems()")
        }
        return lines
    }
}
