/// Property tables: a leaf subschema of `properties` or `items` (`type`, `format`, `minLength`, `maxLength`, `pattern`
/// and annotations only) becomes data in a `[SchemaRule]` table instead of a function of its own; the members that need
/// a function still call it directly. On the GitHub description this removes about 3,900 of 5,000 validator
/// functions (Docs/performance.md).
extension ValidatorEmitter {
    /// The assertions a `SchemaRule` checks from data: the ones it can hold as plain data (its regex is an unmanaged
    /// reference; enum values, number bounds and items would make every table read count references: measured 27%
    /// slower validation). `pattern` is one because a member with a pattern needing a function of its own made adding
    /// one patterned property rewrite its owner's validator (the locality benchmark's leaf edit, Docs/benchmarks.md).
    static let leafKeywords: Set<String> = ["type", "nullable", "minLength", "maxLength", "pattern", "format"]

    /// Keywords a leaf may carry besides its assertions: the validator ignores them.
    static let annotationKeywords: Set<String> = [
        "title", "description", "default", "example", "examples", "deprecated", "readOnly", "writeOnly", "$comment",
        "externalDocs", "xml",
    ]

    /// Whether properties are checked through a table: not when validators track evaluated properties or the
    /// dynamic scope, which need the statements around each call.
    var usesPropertyTables: Bool { !tracksAnnotations && scope == nil }

    /// How a subschema is checked where a table could hold it.
    enum MemberCheck: Equatable {
        /// Nothing to check (`true`, annotations only, not a schema).
        case nothing
        /// A `SchemaRule(...)` expression.
        case rule(String)
        /// Its generated function (a call site emits it; nothing is recorded yet).
        case function
    }

    /// How the subschema `child` is checked: data for a leaf, its function otherwise. `label` names what the member
    /// is to its owner (`Nickname`, `Items`): a rule's regex constant is named after it, so adding a member does
    /// not rename another's.
    mutating func memberCheck(for child: SpecNode, label: String) -> MemberCheck {
        guard child.isMapping || child.bool != nil, child.bool != true, let target = handle(of: child) else { return .nothing }
        return leafRule(target, label: label) ?? .function
    }

    /// The rule of a leaf schema, or nil when it checks anything else (or its function is an entry point).
    private mutating func leafRule(_ ref: SchemaRef, label: String) -> MemberCheck? {
        let node = api[ref].node
        guard let entries = node.entries, !entryRoots.contains(ref), api.documentVocabularies[node.location.file] == nil else { return nil }
        let dialect = dialect(of: node)
        guard dialect != .draft3 else { return nil }
        for entry in entries {
            let key = entry.key
            guard Self.leafKeywords.contains(key) || key.hasPrefix("x-") || Self.annotationKeywords.contains(key) else { return nil }
        }
        var arguments: [String] = []
        if let type = node["type"] {
            guard let names = type.string.map({ [$0] }) ?? type.elements?.compactMap(\.string),
                  type.string != nil || names.count == type.elements?.count else { return nil }
            arguments.append("types: \(typeSetConstant(Self.typeMembers(names, nullable: node["nullable"]?.bool == true)).inGroup)")
            if dialect == .draft4 { arguments.append("draft4Integers: true") }
        }
        if let limit = node["minLength"]?.int { arguments.append("minLength: \(limit)") }
        if let limit = node["maxLength"]?.int { arguments.append("maxLength: \(limit)") }
        if let pattern = node["pattern"]?.string, PatternCheck.problem(in: pattern, lenient: regexSyntax(node) == ".lenient") == nil {
            arguments.append("pattern: \(patternConstant(pattern, node, label: label + "Pattern").name)")
        }
        if let written = node["format"]?.string, let format = FormatSupport.runtimeName(written, dialect: dialect) {
            arguments.append("format: \(SwiftNaming.stringLiteral(format))")
        }
        guard !arguments.isEmpty else { return .nothing }
        let location = location(node)
        let document = String(location.dropLast(node.pointer.utf8.count + 1))
        arguments.append("in: \(SwiftNaming.stringLiteral(document)), at: \(SwiftNaming.stringLiteral(node.pointer))")
        return .rule("SchemaRule(" + arguments.joined(separator: ", ") + ")")
    }

    /// The checks of `node`'s `properties`: the name of their `[SchemaRule]` table (nil when no member is a leaf; a
    /// member with a function has `.anything` in it) and the statements calling the functions, by position.
    mutating func propertyChecks(_ node: SpecNode) -> (table: ValidatorConstantReference?, functionCases: [(Int, [ValidatorLine])]) {
        let entries = node["properties"]?.entries ?? []
        var rules: [String] = []
        var functionCases: [(Int, [ValidatorLine])] = []
        var hasRule = false
        for (index, entry) in entries.enumerated() {
            switch memberCheck(for: entry.value, label: SwiftNaming.typeNamePart(entry.key)) {
            case .nothing:
                rules.append(".anything")
            case .rule(let expression):
                rules.append(expression)
                hasRule = true
            case .function:
                rules.append(".anything")
                functionCases.append((index, call(entry.value, value: "member.value", component: SwiftNaming.stringLiteral(entry.key))))
            }
        }
        guard hasRule else { return (nil, functionCases) }
        return (table(rules, label: "PropertyRules"), functionCases)
    }
}
