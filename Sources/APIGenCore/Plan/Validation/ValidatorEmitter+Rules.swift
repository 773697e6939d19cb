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
        /// A row of a rules table, or a `SchemaRule(...)` constant of its own.
        case rule(LeafRule)
        /// Its generated function (a call site emits it; nothing is recorded yet).
        case function
    }

    /// What a `SchemaRule` checks, as data: written as a row of a table's literal (``tableExpression(_:)``)
    /// or as an initializer call (``ruleExpression(_:)``).
    struct LeafRule: Equatable {
        /// The `JSONTypeSet` members (`[".string", ".null"]`), nil without a `type` keyword.
        var typeMembers: [String]?
        var draft4Integers = false
        var minLength: Int?
        var maxLength: Int?
        /// The name of the group's `ECMARegex` constant.
        var pattern: String?
        /// The runtime's format name.
        var format: String?
        var document: String
        var pointer: String

        /// A table row is read up to the end of its line.
        var fitsOnOneLine: Bool { !document.contains("\n") && !pointer.contains("\n") }
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
        var rule = LeafRule(document: document(node), pointer: node.pointer)
        var asserts = false
        if let type = node["type"] {
            guard let names = type.string.map({ [$0] }) ?? type.elements?.compactMap(\.string),
                  type.string != nil || names.count == type.elements?.count else { return nil }
            rule.typeMembers = Self.typeMembers(names, nullable: node["nullable"]?.bool == true)
            rule.draft4Integers = dialect == .draft4
            asserts = true
        }
        if let limit = node["minLength"]?.int { rule.minLength = limit; asserts = true }
        if let limit = node["maxLength"]?.int { rule.maxLength = limit; asserts = true }
        if let pattern = node["pattern"]?.string, PatternCheck.problem(in: pattern, lenient: regexSyntax(node) == ".lenient") == nil {
            rule.pattern = patternConstant(pattern, node, label: label + "Pattern").name
            asserts = true
        }
        if let written = node["format"]?.string, let format = FormatSupport.runtimeName(written, dialect: dialect) {
            rule.format = format
            asserts = true
        }
        return asserts ? .rule(rule) : .nothing
    }

    /// A rule as a `SchemaRule(...)` initializer call, for a rule that is a constant of its own (an array's items).
    mutating func ruleExpression(_ rule: LeafRule) -> String {
        var arguments: [String] = []
        if let members = rule.typeMembers {
            arguments.append("types: \(typeSetConstant(members).inGroup)")
            if rule.draft4Integers { arguments.append("draft4Integers: true") }
        }
        if let limit = rule.minLength { arguments.append("minLength: \(limit)") }
        if let limit = rule.maxLength { arguments.append("maxLength: \(limit)") }
        if let pattern = rule.pattern { arguments.append("pattern: \(pattern)") }
        if let format = rule.format { arguments.append("format: \(SwiftNaming.stringLiteral(format))") }
        arguments.append("in: \(SwiftNaming.stringLiteral(rule.document)), at: \(SwiftNaming.stringLiteral(rule.pointer))")
        return "SchemaRule(" + arguments.joined(separator: ", ") + ")"
    }

    /// A `[SchemaRule]` table as one multi-line string literal read by `SchemaRule.table(_:patterns:)`, a row per
    /// line (nil is `.anything`): an array literal of initializer calls compiled to about a hundred bytes of machine
    /// code per row, a tenth of the GitHub client's build (Docs/performance.md). A table whose locations hold a line
    /// break (only hostile descriptions write one) stays an array literal.
    mutating func tableExpression(_ rows: [LeafRule?]) -> String {
        guard rows.allSatisfy({ $0?.fitsOnOneLine ?? true }) else {
            var written: [String] = []
            for row in rows { written.append(row.map { ruleExpression($0) } ?? ".anything") }
            return "[" + written.joined(separator: ", ") + "]"
        }
        var lines: [String] = []
        var patterns: [String] = []
        var document: String?
        for row in rows {
            guard let row else {
                lines.append("-")
                continue
            }
            if row.document != document {
                lines.append("in " + row.document)
                document = row.document
            }
            var keywords: [String] = []
            if let members = row.typeMembers {
                keywords.append("type=" + members.map { String($0.dropFirst()) }.joined(separator: "|"))
                if row.draft4Integers { keywords.append("draft4") }
            }
            if let limit = row.minLength { keywords.append("minLength=\(limit)") }
            if let limit = row.maxLength { keywords.append("maxLength=\(limit)") }
            if let pattern = row.pattern {
                let index = patterns.firstIndex(of: pattern) ?? patterns.count
                if index == patterns.count { patterns.append(pattern) }
                keywords.append("pattern=\(index)")
            }
            if let format = row.format { keywords.append("format=" + format) }
            lines.append(keywords.joined(separator: " ") + " @" + row.pointer)
        }
        let arguments = patterns.isEmpty ? "" : ", patterns: [" + patterns.joined(separator: ", ") + "]"
        return "SchemaRule.table(" + Self.multilineLiteral(lines) + arguments + ")"
    }

    /// A table of property names: one name per line of a multi-line literal (`JSONPropertyTable(lines:)`), or an
    /// array literal when the table is empty or a name is empty or holds a line break.
    mutating func propertyTable(_ names: [String], label: String = "Properties") -> ValidatorConstantReference {
        let packs = !names.isEmpty && names.allSatisfy { !$0.isEmpty && !$0.contains("\n") }
        let expression = packs ? "JSONPropertyTable(lines: " + Self.multilineLiteral(names) + ")"
            : "JSONPropertyTable([" + names.map(SwiftNaming.stringLiteral).joined(separator: ", ") + "])"
        return constant("JSONPropertyTable", expression, label: label)
    }

    /// `lines` as a multi-line string literal whose content lines are indented for a constant of a constants
    /// group (the compiler strips the closing delimiter's indentation from each line). Each line is escaped as a
    /// string literal's content; a trailing space is written as an escape so that no editor strips it.
    static func multilineLiteral(_ lines: [String]) -> String {
        let indent = "            "
        var text = "\"\"\"\n"
        for line in lines {
            var content = String(SwiftNaming.stringLiteral(line).dropFirst().dropLast())
            if content.hasSuffix(" ") { content = String(content.dropLast()) + "\\u{20}" }
            text += indent + content + "\n"
        }
        return text + indent + "\"\"\""
    }

    /// The checks of `node`'s `properties`: the name of their `[SchemaRule]` table (nil when no member is a leaf; a
    /// member with a function has `.anything` in it) and the statements calling the functions, by position.
    mutating func propertyChecks(_ node: SpecNode) -> (table: ValidatorConstantReference?, functionCases: [(Int, [ValidatorLine])]) {
        let entries = node["properties"]?.entries ?? []
        var rules: [LeafRule?] = []
        var functionCases: [(Int, [ValidatorLine])] = []
        var hasRule = false
        for (index, entry) in entries.enumerated() {
            switch memberCheck(for: entry.value, label: SwiftNaming.typeNamePart(entry.key)) {
            case .nothing:
                rules.append(nil)
            case .rule(let rule):
                rules.append(rule)
                hasRule = true
            case .function:
                rules.append(nil)
                functionCases.append((index, call(entry.value, value: "member.value", component: SwiftNaming.stringLiteral(entry.key))))
            }
        }
        guard hasRule else { return (nil, functionCases) }
        return (table(tableExpression(rules), label: "PropertyRules"), functionCases)
    }
}
