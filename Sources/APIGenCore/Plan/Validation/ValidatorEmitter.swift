import Foundation

/// Emits one straight-line Swift validation function per schema: the checks a schema's keywords make, in
/// code, not an interpreter walking the schema at run time. Subschemas are calls to their own functions, so
/// recursion and shared schemas cost nothing extra.
struct ValidatorEmitter {
    let api: ResolvedAPI
    /// `file#pointer` -> handle, for subschema nodes.
    private var ids: [String: SchemaRef] { api.schemaIDs }
    /// The names of the functions and of their files.
    let naming: ValidatorNaming
    /// Static constants (numbers, regexes, enum values, rule tables) the functions use, per section of a file
    /// (``ValidatorNaming/section(_:)``: a whole file, or one operation's part of its group file): each section
    /// declares what its functions use, privately, so that an edit to one schema changes no other file or section.
    private var fileConstants: [String: [String: ValidatorConstantPlan]] = [:]
    /// Expression -> reference of the constants already declared in a section.
    private var fileConstantNames: [String: [String: ValidatorConstantReference]] = [:]
    /// The schema whose function is being emitted: its file holds the constants, its name starts theirs.
    private var current: SchemaRef?
    /// The type-set constant of the current function's `type` keyword, when it has one.
    private var currentTypeSet: ValidatorConstantReference?
    /// The validators the emitted functions call, recorded as calls are emitted.
    private let calls = CallLog()
    /// A prefix per section, unique in the module, for the constants named by content (`memberTypesString`): the
    /// same private name declared in hundreds of files makes every use a lookup through all of them (measured on
    /// 500 files: 165 s of type checking instead of 60 s).
    private var filePrefixes: [String: String] = [:]
    /// Paths shown in messages are relative to the root document's folder.
    let rootDirectory: String
    /// Whether any schema uses `unevaluatedProperties`/`unevaluatedItems`; only then do validators record which
    /// properties and items they evaluated.
    let tracksAnnotations: Bool
    /// Present when a `$dynamicRef` / `$recursiveRef` binds dynamically: validators then keep the dynamic scope.
    let scope: DynamicScopeTable?
    /// Calls on the same value that would come back to their caller forever (emitted as failed checks).
    let loops: SameValueLoops
    /// The functions validation starts from; they enter their resource even when it starts elsewhere.
    var entryRoots: Set<SchemaRef> = []

    init(api: ResolvedAPI, naming: ValidatorNaming) {
        self.api = api
        self.naming = naming
        scope = api.dynamicScope
        loops = SameValueLoops(api: api)
        rootDirectory = DocumentPath.directory(of: api.rootPath)
        tracksAnnotations = api.schemas.contains { $0.node["unevaluatedProperties"] != nil || $0.node["unevaluatedItems"] != nil }
    }

    func functionName(_ ref: SchemaRef) -> String { naming.functionName(ref) }

    /// Emits the bodies of `roots` and of every function they call, transitively: the calls recorded while
    /// emitting are the source of truth, so a function is never referenced without being generated, nor generated
    /// without being referenced. Each wave of functions is emitted in name order, which makes the constants a file
    /// shares independent of resolution order.
    mutating func bodies(from roots: [SchemaRef]) -> [(SchemaRef, [String])] {
        entryRoots = Set(roots)
        var reachable = Set<SchemaRef>()
        var stack = roots
        while let next = stack.popLast() {
            guard reachable.insert(next).inserted else { continue }
            stack.append(contentsOf: dependencies(of: next))
        }
        assignFilePrefixes(Set(reachable.map(naming.section)))
        var emitted: [SchemaRef: [String]] = [:]
        // Only what is called gets a function: a leaf checked through a property table (`SchemaRule`) has none.
        var pending = Set(roots)
        while !pending.isEmpty {
            var discovered = Set<SchemaRef>()
            for ref in pending.sorted(by: inNameOrder) where emitted[ref] == nil {
                calls.refs = []
                emitted[ref] = body(for: ref).texts
                for called in calls.refs where emitted[called] == nil && !pending.contains(called) { discovered.insert(called) }
            }
            pending = discovered
        }
        return emitted.keys.sorted(by: inNameOrder).map { ($0, emitted[$0]!) }
    }

    /// `Models/Member.swift` -> `member`, the section of operation `getMember` -> `getMember`; two sections that read
    /// the same get a digest of their key after the first.
    private mutating func assignFilePrefixes(_ files: Set<String>) {
        var taken = Set<String>()
        for file in files.sorted() {
            let base = naming.sectionOwner(file).map(SwiftNaming.memberName) ?? Self.prefixWord(file)
            let prefix = taken.insert(base).inserted ? base : base + "_" + ValidatorNaming.digest(file)
            taken.insert(prefix)
            filePrefixes[file] = prefix
        }
    }

    private static func prefixWord(_ file: String) -> String {
        let stem = DocumentPath.stem(of: file)
        return SwiftNaming.memberName(stem)
    }

    private func inNameOrder(_ lhs: SchemaRef, _ rhs: SchemaRef) -> Bool {
        (functionName(lhs), lhs.index) < (functionName(rhs), rhs.index)
    }

    /// The constants of `file` (a section, see ``ValidatorNaming/section(_:)``): those that name no other constant
    /// first, then the rules and tables that name them, each sorted by name (the template builds them in this order).
    func constants(inFile file: String) -> [ValidatorConstantPlan] {
        var constants = (fileConstants[file] ?? [:]).values.sorted {
            ($0.readsConstants ? 1 : 0, $0.name) < ($1.readsConstants ? 1 : 0, $1.name)
        }
        if !constants.isEmpty { constants[constants.count - 1].isLast = true }
        return constants
    }

    /// The constants group of `file`: the file-private global holding them (`__memberConstants`) and its type
    /// (`__MemberValidatorConstants`). A prefix unique in the module keeps each file's names apart (see `filePrefixes`).
    func constantsGroup(ofFile file: String) -> (property: String, type: String) {
        let prefix = prefix(ofFile: file)
        // File-private top-level names: they start with `__`, which no name derived from the description does (a
        // private type named like a model of another file is an invalid redeclaration). The type is never spelled
        // like the property: a prefix without a letter to capitalise (`_2fa`, `_13`) would otherwise name both
        // `___13Constants`.
        return ("__" + prefix + "Constants", "__" + prefix.prefix(1).uppercased() + prefix.dropFirst() + "ValidatorConstants")
    }

    /// The handles of the subschemas a schema's validator calls.
    func dependencies(of ref: SchemaRef) -> [SchemaRef] {
        let node = api[ref].node
        var result: [SchemaRef] = []
        func add(_ child: SpecNode?) {
            guard let child, child.isMapping || child.bool != nil, let handle = handle(of: child) else { return }
            result.append(handle)
        }
        guard node.isMapping else { return [] }
        for key in ResolverContext.schemaMapKeywords { for entry in node[key]?.entries ?? [] where key != "$defs" && key != "definitions" { add(entry.value) } }
        for key in ResolverContext.schemaKeywords { add(node[key]) }
        for key in ResolverContext.schemaListKeywords { for element in node[key]?.elements ?? [] { add(element) } }
        if let target = api[ref].refTarget { result.append(target) }
        if let dynamic = api[ref].dynamicReference {
            result.append(dynamic.target)
            result += dynamicCandidates(dynamic).map(\.schema)
        }
        return result
    }

    /// The schemas a dynamic reference may land on besides its static target, with their resources.
    func dynamicCandidates(_ reference: DynamicReference) -> [(resource: Int, schema: SchemaRef)] {
        guard let scope else { return [] }
        switch reference.kind {
        case .dynamicAnchor(let name): return scope.dynamicAnchors[name] ?? []
        case .recursiveAnchor: return scope.recursiveAnchors
        case .staticTarget: return []
        }
    }

    /// The expression calling `target`'s validator on `value`, for a subschema written at `site`. When the
    /// dynamic scope is tracked and the call jumps into the middle of another resource, that resource is entered
    /// around the call (a resource's root enters itself).
    func invocation(_ target: SchemaRef, at site: SpecNode?, _ value: String, _ context: String) -> String {
        if value == "instance", let current, loops.closesLoop(from: current, to: target) {
            // The schema's own `$ref`, or the subschema of `allOf`, `oneOf`, … written at `site`.
            let own = site.map { $0.location.file == api[current].node.location.file && $0.pointer == api[current].node.pointer } ?? true
            let keyword = own ? "$ref" : JSONPointer.tokens(site?.pointer ?? "")?.reversed().first { Int($0) == nil } ?? "$ref"
            let keywordLocation = own ? api[current].node.pointer + "/$ref" : site?.pointer ?? ""
            return "\(context).failEndlessLoop(keyword: \(SwiftNaming.stringLiteral(keyword)), "
                + "keywordLocation: \(SwiftNaming.stringLiteral(keywordLocation)), schemaLocation: \(SwiftNaming.stringLiteral(location(api[current].node))))"
        }
        calls.refs.insert(target)
        let resources = enteredResources(calling: target, at: site)
        guard !resources.isEmpty else { return "\(functionName(target))(\(value), \(context))" }
        var expression = "\(functionName(target))(\(value), $0)"
        for resource in resources.reversed() { expression = "$0.within(resource: \(resource)) { \(expression) }" }
        return context + expression.dropFirst(2)
    }

    /// The resources a call from `site` to `target` passes into (none unless the dynamic scope is tracked): every
    /// `$ref` hop between them that changes the resource (a `$ref`-only schema shares its target's function, so the
    /// hops are replayed here). The target itself is left out when it starts a resource, because such a function
    /// enters its resource itself.
    func enteredResources(calling target: SchemaRef, at site: SpecNode?) -> [Int] {
        guard let scope, let site else { return [] }
        let targetNode = api[target].node
        let targetID = targetNode.location.file + "#" + targetNode.pointer
        var resources: [Int] = []
        var current = scope.resource(of: site)
        var node = site
        for _ in 0..<64 {
            let id = node.location.file + "#" + node.pointer
            guard id != targetID, let next = scope.referenceHops[id] else { break }
            let resource = scope.resource(of: next)
            let isTarget = next.location.file + "#" + next.pointer == targetID
            if let resource, resource != current, !(isTarget && scope.startsResource(next)) { resources.append(resource) }
            current = resource
            node = next
        }
        if node.location.file + "#" + node.pointer == targetID { return resources }
        // Not a chain of references (a dynamic reference's candidate): enter the target's resource if it is foreign.
        guard !scope.startsResource(targetNode), let resource = scope.resource(of: targetNode),
              scope.resource(of: site) != resource else { return [] }
        return [resource]
    }

    func handle(of node: SpecNode) -> SchemaRef? {
        ids[node.location.file + "#" + node.pointer]
    }

    func location(_ node: SpecNode) -> String {
        document(node) + "#" + node.pointer
    }

    /// The document of `node` as `schemaLocation` names it: relative to the root document's folder.
    func document(_ node: SpecNode) -> String {
        DocumentPath.relative(node.location.file, to: rootDirectory)
    }

    /// A constant of the current function, named after it and `label` (`memberNamePattern`), declared privately
    /// in the function's file; a file declares an expression once.
    /// `readsConstants`: the expression names other constants of the file (by `ValidatorConstantReference.name`).
    mutating func constant(_ type: String, _ expression: String, label: String, readsConstants: Bool = false) -> ValidatorConstantReference {
        declare(type, expression, name: constantBase() + label, readsConstants: readsConstants)
    }

    /// A `[SchemaRule]` table of the current function (``tableExpression(_:)``), named after it and `label`; it may
    /// name other constants of the file (its patterns).
    mutating func table(_ expression: String, label: String) -> ValidatorConstantReference {
        declare("[SchemaRule]", expression, name: constantBase() + label, readsConstants: true)
    }

    /// The current function's name without `validate`, lower-cased: the start of its constants' names.
    private func constantBase() -> String {
        let function = current.map(functionName) ?? "validator"
        var base = function.hasPrefix("validate") && function.count > 8 ? String(function.dropFirst(8)) : function
        base = base.prefix(1).lowercased() + base.dropFirst()
        // `validate2fa` is a schema named `2fa`: its constants are `_2faProperties`, not `2faProperties`.
        if base.first?.isNumber == true { base = "_" + base }
        return base
    }

    /// A constant named by its content after its file (`memberTypesStringNull`, `memberNumber10`), shared by the
    /// functions of the file.
    mutating func sharedConstant(_ type: String, _ expression: String, name: String) -> ValidatorConstantReference {
        let prefix = prefix(ofFile: current.map(naming.section) ?? "")
        return declare(type, expression, name: prefix + name.prefix(1).uppercased() + name.dropFirst())
    }

    /// The word that starts the names of `file`'s shared constants and of its constants group.
    private func prefix(ofFile file: String) -> String {
        filePrefixes[file] ?? (naming.sectionOwner(file).map(SwiftNaming.memberName) ?? Self.prefixWord(file)) + "_" + ValidatorNaming.digest(file)
    }

    private mutating func declare(_ type: String, _ expression: String, name preferred: String,
                                  readsConstants: Bool = false) -> ValidatorConstantReference {
        let file = current.map(naming.section) ?? ""
        let key = type + "=" + expression
        if let reference = fileConstantNames[file]?[key] { return reference }
        var name = preferred
        var counter = 2
        while fileConstants[file]?[name] != nil {
            name = preferred + String(counter)
            counter += 1
        }
        fileConstants[file, default: [:]][name] = ValidatorConstantPlan(name: name, type: type, expression: expression,
                                                                     readsConstants: readsConstants)
        let reference = ValidatorConstantReference(group: constantsGroup(ofFile: file).property, name: name)
        fileConstantNames[file, default: [:]][key] = reference
        return reference
    }

    /// The `JSONTypeSet` members for the type names of a `type` keyword (unknown names dropped), with `null` added for
    /// OpenAPI 3.0 `nullable: true`: `[".string", ".null"]`.
    static func typeMembers(_ names: [String], nullable: Bool = false) -> [String] {
        let all = nullable && !names.contains("null") ? names + ["null"] : names
        return all.compactMap { ["null", "boolean", "object", "array", "number", "string", "integer"].contains($0) ? "." + $0 : nil }
    }

    /// A type set: the runtime's own for one type, or one type and null (`JSONTypeSet.stringOrNull`; 43% of the GitHub
    /// output's constants were such sets, declared again in every file), else a constant named by its members:
    /// `typesStringInteger`.
    mutating func typeSetConstant(_ members: [String]) -> ValidatorConstantReference {
        let types = members.filter { $0 != ".null" }.map { String($0.dropFirst()) }
        if types.count == 1, members.count <= 2 {
            return ValidatorConstantReference(runtime: "JSONTypeSet", member: types[0] + (members.count == 2 ? "OrNull" : ""))
        }
        if members == [".null"] { return ValidatorConstantReference(runtime: "JSONTypeSet", member: "null") }
        let name = "types" + (members.isEmpty ? "None" : members.map { SwiftNaming.typeNamePart(String($0.drop { $0 == "." })) }.joined())
        return sharedConstant("JSONTypeSet", "[" + members.joined(separator: ", ") + "]", name: name)
    }

    mutating func numberConstant(_ node: SpecNode) -> ValidatorConstantReference? {
        guard let scalar = node.scalar else { return nil }
        switch scalar {
        case .int(let value):
            return sharedConstant("JSONNumber", "JSONNumber(\(value) as Int64)", name: "int" + Self.numberWord(String(value)))
        case .double(_, let text):
            return sharedConstant("JSONNumber", "JSONNumber(literal: \(SwiftNaming.stringLiteral(text)))", name: "number" + Self.numberWord(text))
        default: return nil
        }
    }

    /// A number's spelling as identifier characters: `-1.5e3` -> `Minus1_5e3`.
    static func numberWord(_ text: String) -> String {
        var word = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "-": word += "Minus"
            case "+": word += "Plus"
            case "0"..."9", "a"..."z", "A"..."Z": word.unicodeScalars.append(scalar)
            default: word += "_"
            }
        }
        return word
    }

    /// A `JSONInstance` literal for a spec value.
    static func instanceLiteral(_ node: SpecNode) -> String {
        switch node.content {
        case .scalar(.null): return ".null"
        case .scalar(.bool(let value)): return ".bool(\(value))"
        case .scalar(.int(let value)): return ".number(JSONNumber(\(value) as Int64))"
        case .scalar(.double(_, let text)): return ".number(JSONNumber(literal: \(SwiftNaming.stringLiteral(text))))"
        case .scalar(.string(let value)): return ".string(\(SwiftNaming.stringLiteral(value)))"
        case .sequence(let elements): return ".array([" + elements.map(instanceLiteral).joined(separator: ", ") + "])"
        case .mapping(let entries):
            return ".object(JSONObject([" + entries.map { "(\(SwiftNaming.stringLiteral($0.key)), \(instanceLiteral($0.value)))" }
                .joined(separator: ", ") + "]))"
        }
    }

    /// OpenAPI documents get the lenient grammar real-world patterns need (`\-`, `\/`); JSON Schema documents
    /// the exact ECMA-262 `u` grammar the specification and its test suite use.
    func regexSyntax(_ node: SpecNode) -> String {
        api.lenientPatternDocuments.contains(node.location.file) ? ".lenient" : ".unicode"
    }

    func dialect(of node: SpecNode) -> ResolverContext.Dialect {
        api.documentDialects[node.location.file] ?? .draft2020
    }

    /// The body of `static func validate<Name>(_ instance: JSONInstance, _ context: ValidationContext) -> Bool`.
    mutating func body(for ref: SchemaRef) -> [ValidatorLine] {
        current = ref
        currentTypeSet = nil
        let schema = api[ref]
        if let value = schema.node.bool {
            let node = schema.node
            if value { return ["return true"] }
            return [ValidatorLine(failLine(keyword: "false", keywordPath: node.pointer, node: node, message: "ValidationMessage.falseSchema(instance)")),
                    "return false"]
        }
        guard schema.node.isMapping else { return ["return true"] }
        // A custom meta-schema without the validation vocabulary leaves only applicators to check.
        let node = api.documentVocabularies[schema.node.location.file]?.validation == false
            ? schema.node.removingKeys(Vocabularies.validationKeywords) : schema.node
        let dialect = dialect(of: node)
        let legacy = dialect == .draft3 || dialect == .draft4 || dialect == .draft6 || dialect == .draft7
        // Up to draft-07 a `$ref` replaces every sibling keyword.
        if legacy, node["$ref"] != nil {
            if let target = handle(of: node), target != ref { return [ValidatorLine("return " + invocation(target, at: node, "instance", "context"))] }
        }
        var lines: [ValidatorLine] = ["var valid = true"]
        let typeLines = typeChecks(schema, node, dialect)
        lines += typeLines
        lines += valueChecks(node, schema)
        let objectLines = objectChecks(schema, node, dialect)
        let arrayLines = arrayChecks(node, dialect)
        let stringLines = stringChecks(node, schema)
        let numberLines = numberChecks(node, schema, dialect)
        let needsEvaluatedProperties = node["unevaluatedProperties"] != nil
        let needsEvaluatedItems = node["unevaluatedItems"] != nil
        var switchLines: [ValidatorLine] = []
        // Bind the payload only when the case uses it: generated code must compile without warnings.
        func block(_ kind: String, _ binding: String, _ body: [ValidatorLine]) -> [ValidatorLine] {
            [ValidatorLine(body.readsPayload ? "case .\(kind)(let \(binding)):" : "case .\(kind):")] + body.indented
        }
        if !objectLines.isEmpty { switchLines += block("object", "object", objectLines) }
        if !arrayLines.isEmpty { switchLines += block("array", "array", arrayLines) }
        if !stringLines.isEmpty { switchLines += block("string", "string", stringLines) }
        if !numberLines.isEmpty { switchLines += block("number", "number", numberLines) }
        let applicators = applicatorChecks(ref, schema, node, dialect)
        let unevaluated = unevaluatedChecks(node)
        if needsEvaluatedProperties || needsEvaluatedItems {
            lines.append("let __scope = context.beginAnnotationScope()")
        }
        if !switchLines.isEmpty {
            lines.append("switch instance {")
            lines += switchLines
            lines += ["default:", "    break", "}"]
        }
        lines += applicators
        if needsEvaluatedProperties || needsEvaluatedItems {
            lines.append("let __evaluated = context.endAnnotationScope(__scope)")
            lines += unevaluated
        }
        lines.append("return valid")
        // The most common schema by far (`{type: string}` and friends): one call instead of a block.
        if typeLines.count == 5, lines.count == 7, let set = currentTypeSet {
            let draft4 = dialect == .draft3 || dialect == .draft4 ? ", draft4Integers: true" : ""
            lines = [ValidatorLine("return context.checkType(instance, \(set.inFunction)\(draft4), keywordLocation: \(SwiftNaming.stringLiteral(node.pointer + "/type")), "
                                   + "schemaLocation: \(SwiftNaming.stringLiteral(location(node))))")]
        } else if !lines.invalidates {
            // Nothing can fail: no `valid` to keep.
            lines.removeFirst()
            lines[lines.count - 1] = "return true"
        }
        if let scope, scope.startsResource(node) || entryRoots.contains(ref), let resource = scope.resource(of: node) {
            lines = [ValidatorLine("context.enterResource(\(resource))"), "defer { context.leaveResource() }"] + lines
        }
        return lines
    }

    // MARK: - Emission helpers

    func failLine(keyword: String, keywordPath: String, node: SpecNode, message: String) -> String {
        "context.fail(keyword: \(SwiftNaming.stringLiteral(keyword)), keywordLocation: \(SwiftNaming.stringLiteral(keywordPath)), "
            + "schemaLocation: \(SwiftNaming.stringLiteral(location(node))), message: \(message))"
    }

    /// `if !(condition) { fail; stop?; valid = false }`.
    func check(_ condition: String, keyword: String, node: SpecNode, message: String) -> [ValidatorLine] {
        [ValidatorLine("if !(\(condition)) {")] + failure(keyword: keyword, keywordPath: node.pointer + "/" + keyword, node: node, message: message).indented
            + ["}"]
    }

    /// The lines reporting a failure and marking the instance invalid (stopping when the context says so).
    func failure(keyword: String, keywordPath: String, node: SpecNode, message: String) -> [ValidatorLine] {
        [ValidatorLine(failLine(keyword: keyword, keywordPath: keywordPath, node: node, message: message))] + Self.invalidation
    }

    /// What follows a failed check: stop when the context says so, else mark the instance invalid.
    static let invalidation: [ValidatorLine] = ["if context.shouldStop { return false }", .markInvalid]

    /// Calls a subschema's validator on `value` at path component `component`.
    func call(_ child: SpecNode, value: String, component: String?) -> [ValidatorLine] {
        // Only real subschemas (as `dependencies(of:)` collects them): a string where a schema belongs is skipped.
        guard child.isMapping || child.bool != nil, let target = handle(of: child) else { return [] }
        if child.bool == true { return [] }
        let invocation = invocation(target, at: child, value, "context")
        guard let component else { return [.failing(if: "!" + invocation)] }
        if enteredResources(calling: target, at: child).isEmpty {
            return [.failing(if: "!context.validate(\(value), at: \(component), \(functionName(target)))")]
        }
        return [ValidatorLine("context.push(\(component))"), ValidatorLine("if !\(invocation) {")] + Self.invalidation.indented
            + ["}", "context.pop()"]
    }

    // MARK: - Keywords

    mutating func typeChecks(_ schema: Schema, _ node: SpecNode, _ dialect: ResolverContext.Dialect) -> [ValidatorLine] {
        guard let type = node["type"] else { return [] }
        let names = type.string.map { [$0] } ?? type.elements?.compactMap(\.string) ?? []
        if dialect == .draft3, names.contains("any") { return [] }
        if dialect == .draft3, let elements = type.elements, elements.contains(where: \.isMapping) {
            return draft3TypeCheck(elements, keyword: "type", node: node)
        }
        let set = typeSetConstant(Self.typeMembers(names, nullable: node["nullable"]?.bool == true))
        currentTypeSet = set
        let draft4 = dialect == .draft3 || dialect == .draft4
        // One call (`checkType` reports with the same keyword, locations and message as a written-out check).
        return [.failing(if: "!context.checkType(instance, \(set.inFunction)\(draft4 ? ", draft4Integers: true" : ""), keywordLocation: "
                         + "\(SwiftNaming.stringLiteral(node.pointer + "/type")), schemaLocation: \(SwiftNaming.stringLiteral(location(node))))")]
    }

    /// draft-03 `type` / `disallow` lists mixing type names and schemas: the instance matches the list when it has
    /// one of the types or is valid against one of the schemas.
    mutating func draft3TypeCheck(_ elements: [SpecNode], keyword: String, node: SpecNode) -> [ValidatorLine] {
        let names = elements.compactMap(\.string)
        let members = names.contains("any") ? ["null", "boolean", "object", "array", "number", "string"].map { "." + $0 }
            : Self.typeMembers(names)
        let set = typeSetConstant(members)
        let variable = "__" + keyword + "Matched"
        var lines = [ValidatorLine("var \(variable) = \(set.inFunction).matches(instance, draft4Integers: true)")]
        for element in elements where element.isMapping {
            guard let target = handle(of: element) else { continue }
            lines.append(ValidatorLine("if !\(variable) && context.probe(keepingAnnotations: false, { \(invocation(target, at: element, "instance", "$0")) }) { \(variable) = true }"))
        }
        let condition = keyword == "disallow" ? "!" + variable : variable
        let message = keyword == "disallow" ? "ValidationMessage.disallowed(instance)" : "ValidationMessage.type(instance, expected: \(set.inFunction))"
        return lines + check(condition, keyword: keyword, node: node, message: message)
    }

    mutating func valueChecks(_ node: SpecNode, _ schema: Schema) -> [ValidatorLine] {
        var lines: [ValidatorLine] = []
        if let values = node["enum"]?.elements {
            var allowed = values
            if node["nullable"]?.bool == true && !values.contains(where: { $0.scalar == .null }) {
                allowed.append(SpecNode(.scalar(.null), location: node.location, pointer: node.pointer))
            }
            let name = constant("[JSONInstance]", "[" + allowed.map(Self.instanceLiteral).joined(separator: ", ") + "]", label: "Enum")
            lines += check("SchemaCheck.isOneOf(instance, \(name.inFunction))", keyword: "enum", node: node,
                           message: "ValidationMessage.enumeration(instance, \(name.inFunction))")
        }
        if let constantNode = node["const"] {
            let name = constant("JSONInstance", Self.instanceLiteral(constantNode), label: "Const")
            lines += check("SchemaCheck.equals(instance, \(name.inFunction))", keyword: "const", node: node,
                           message: "ValidationMessage.constant(instance, \(name.inFunction))")
        }
        return lines
    }

    mutating func numberChecks(_ node: SpecNode, _ schema: Schema, _ dialect: ResolverContext.Dialect) -> [ValidatorLine] {
        var lines: [ValidatorLine] = []
        let booleanExclusive = dialect.booleanExclusiveBounds
        if let minimum = node["minimum"], let value = numberConstant(minimum) {
            let exclusive = booleanExclusive && node["exclusiveMinimum"]?.bool == true
            lines += exclusive
                ? check("\(value.inFunction) < number", keyword: "minimum", node: node, message: "ValidationMessage.exclusiveMinimum(number, \(value.inFunction))")
                : check("!(number < \(value.inFunction))", keyword: "minimum", node: node, message: "ValidationMessage.minimum(number, \(value.inFunction))")
        }
        if let maximum = node["maximum"], let value = numberConstant(maximum) {
            let exclusive = booleanExclusive && node["exclusiveMaximum"]?.bool == true
            lines += exclusive
                ? check("number < \(value.inFunction)", keyword: "maximum", node: node, message: "ValidationMessage.exclusiveMaximum(number, \(value.inFunction))")
                : check("!(\(value.inFunction) < number)", keyword: "maximum", node: node, message: "ValidationMessage.maximum(number, \(value.inFunction))")
        }
        if !booleanExclusive || node["exclusiveMinimum"]?.number != nil, let bound = node["exclusiveMinimum"], let value = numberConstant(bound) {
            lines += check("\(value.inFunction) < number", keyword: "exclusiveMinimum", node: node,
                           message: "ValidationMessage.exclusiveMinimum(number, \(value.inFunction))")
        }
        if !booleanExclusive || node["exclusiveMaximum"]?.number != nil, let bound = node["exclusiveMaximum"], let value = numberConstant(bound) {
            lines += check("number < \(value.inFunction)", keyword: "exclusiveMaximum", node: node,
                           message: "ValidationMessage.exclusiveMaximum(number, \(value.inFunction))")
        }
        for keyword in ["multipleOf", "divisibleBy"] {
            if let divisor = node[keyword], let value = numberConstant(divisor), divisor.number.map({ $0 > 0 }) == true {
                lines += check("number.isMultiple(of: \(value.inFunction))", keyword: keyword, node: node,
                               message: "ValidationMessage.multipleOf(number, \(value.inFunction))")
            }
        }
        return lines
    }

    /// The name of the compiled `pattern` of `node` (a file declares one constant per pattern and syntax).
    mutating func patternConstant(_ pattern: String, _ node: SpecNode, label: String = "Pattern") -> ValidatorConstantReference {
        constant("ECMARegex", "ECMARegex(compiling: \(SwiftNaming.stringLiteral(pattern)), syntax: \(regexSyntax(node)))", label: label)
    }

    mutating func stringChecks(_ node: SpecNode, _ schema: Schema) -> [ValidatorLine] {
        var lines: [ValidatorLine] = []
        if let limit = node["minLength"]?.int {
            lines += check("SchemaCheck.hasLength(string, atLeast: \(limit))", keyword: "minLength", node: node,
                           message: "ValidationMessage.minLength(string, \(limit))")
        }
        if let limit = node["maxLength"]?.int {
            lines += check("SchemaCheck.hasLength(string, atMost: \(limit))", keyword: "maxLength", node: node,
                           message: "ValidationMessage.maxLength(string, \(limit))")
        }
        if let pattern = node["pattern"]?.string, PatternCheck.problem(in: pattern, lenient: regexSyntax(node) == ".lenient") == nil {
            let regex = patternConstant(pattern, node)
            lines += check("context.matches(\(regex.inFunction), string)", keyword: "pattern", node: node,
                           message: "ValidationMessage.pattern(string, \(SwiftNaming.stringLiteral(pattern)))")
        }
        if let written = node["format"]?.string, let format = FormatSupport.runtimeName(written, dialect: dialect(of: node)) {
            let asserted = api.documentVocabularies[node.location.file]?.formatAssertion == true
            lines += [ValidatorLine(asserted ? "do {" : "if context.assertsFormats {")]
                + check("JSONSchemaFormat(name: \(SwiftNaming.stringLiteral(format)))?.isValid(string) ?? true", keyword: "format", node: node,
                        message: "ValidationMessage.format(string, \(SwiftNaming.stringLiteral(format)))").indented
                + ["}"]
        }
        // draft-07 lets implementations assert `contentEncoding` / `contentMediaType`; apigen does so when formats
        // are asserted. Later drafts make them annotations only.
        if dialect(of: node) == .draft7, node["contentEncoding"]?.string != nil || node["contentMediaType"]?.string != nil {
            let encoding = node["contentEncoding"]?.string.map(SwiftNaming.stringLiteral) ?? "nil"
            let mediaType = node["contentMediaType"]?.string.map(SwiftNaming.stringLiteral) ?? "nil"
            lines += ["if context.assertsFormats {"]
                + check("SchemaCheck.hasValidContent(string, encoding: \(encoding), mediaType: \(mediaType))", keyword: "contentMediaType",
                        node: node, message: "ValidationMessage.content(string, encoding: \(encoding), mediaType: \(mediaType))").indented
                + ["}"]
        }
        return lines
    }
}

/// Formats validators can assert.
enum FormatSupport {
    /// The runtime's name for a format written in a document of `dialect`, or nil when it is not asserted.
    static func runtimeName(_ format: String, dialect: ResolverContext.Dialect) -> String? {
        switch (dialect, format) {
        case (.draft3, "time"): return "draft-03-time"
        case (.draft3, "host-name"), (.draft3, "ip-address"), (.draft3, "color"): return format
        case (.draft3, "hostname"), (.draft4, "hostname"), (.draft6, "hostname"): return "host-name"
        default: return known.contains(format) ? format : nil
        }
    }

    static let known: Set<String> = [
        "date-time", "date", "time", "duration", "email", "idn-email", "hostname", "idn-hostname", "ipv4", "ipv6", "uri",
        "uri-reference", "iri", "iri-reference", "uri-template", "uuid", "regex", "json-pointer", "relative-json-pointer",
    ]
}


/// The validators emitted code calls, collected while it is emitted (a class so non-mutating emitters can record).
final class CallLog {
    var refs: Set<SchemaRef> = []
}
