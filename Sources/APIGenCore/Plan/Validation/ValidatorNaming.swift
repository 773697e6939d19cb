/// Names of the validator functions and of the files that hold them, derived from where each schema is written
/// (`#/components/schemas/Member/properties/name` -> `validateMemberName` in `Checks/Member+Validation.swift`),
/// never from the order schemas were resolved in. An edit to one schema therefore renames nothing else, and its
/// validators live in files that belong to the schema's owner: the component, the operation or the document that
/// contains it.
struct ValidatorNaming: Sendable {
    /// The folder of the validator files. It sorts before `Models/` on purpose: SwiftPM hands a target's files to
    /// the compiler sorted by path and the driver compiles them in batches in that order; validator files are among
    /// the largest of the output, and compiled first they run while many small model batches keep both cores busy.
    static let folder = "Checks"

    private var functionNames: [SchemaRef: String] = [:]
    private var ownerFiles: [SchemaRef: String] = [:]
    /// What each schema's owner is, as a placement key: `schema:<file#pointer>` of a component, `$defs` entry or
    /// document root, or `operation:<file#pointer>` of an operation.
    private var ownerAnchors: [SchemaRef: String] = [:]
    /// The owner's name by its anchor (`operation:…` -> `GetMember`): it starts the names of an operation section's
    /// constants.
    private var anchorOwners: [String: String] = [:]
    /// Files of other templates that hold an owner's validators (its model file, its operation's group file):
    /// fewer files compile faster (the compiler driver starts a job per 25 files, each parsing the whole module),
    /// and the owner's files change together anyway.
    private var placements: [String: String] = [:]
    /// Schemas whose function is public API (`validate<Name>` for a named schema).
    private(set) var entryPoints: Set<SchemaRef> = []
    private let singleFile: String?

    /// Names every schema of `api`. `entryNames` are the named schemas' type-name parts (`Member`): their
    /// functions are public and keep the name `validate<Name>`, unless a name in `shadowing` (see
    /// ``ValidatorShadowing``) would hide it where generated code calls it: then every claimant gets a digest.
    init(api: ResolvedAPI, entryNames: [SchemaRef: String], shadowing: Set<String> = []) {
        singleFile = nil
        let anchors = Self.anchors(api)
        var candidates: [String: [(ref: SchemaRef, id: String, isEntry: Bool)]] = [:]
        var ownerSpellings: [String: String] = [:]
        var ownerKeys: [SchemaRef: String] = [:]
        // By index: a `Schema` is large, and copying each one out of the array cost more than naming it.
        for index in api.schemas.indices {
            let ref = SchemaRef(index)
            let location = Self.location(of: api.schemas[index].node, rootPath: api.rootPath, anchors: anchors)
            let isEntry = entryNames[ref] != nil
            let name = "validate" + (entryNames[ref] ?? location.parts.joined())
            let id = api.schemas[index].id
            candidates[Self.capped(name, id: id), default: []].append((ref, id, isEntry))
            // One file per owner whatever the case of its spelling (macOS file systems ignore case).
            let key = location.owner.lowercased()
            if let existing = ownerSpellings[key] { ownerSpellings[key] = min(existing, location.owner) } else { ownerSpellings[key] = location.owner }
            ownerKeys[ref] = key
            if let anchor = location.anchor {
                ownerAnchors[ref] = anchor
                anchorOwners[anchor] = location.owner
            }
        }
        for (name, claimants) in candidates {
            // The plain name goes to a public entry point first, then to the schema written first in document terms
            // (its location), so adding a schema elsewhere never takes a name away from an existing one.
            let ordered = claimants.sorted { ($0.isEntry ? 0 : 1, $0.id) < ($1.isEntry ? 0 : 1, $1.id) }
            let isShadowed = ValidatorShadowing.isShadowed(name, by: shadowing)
            for (position, claimant) in ordered.enumerated() {
                functionNames[claimant.ref] = position == 0 && !isShadowed ? name : name + "_" + Self.digest(claimant.id)
                if claimant.isEntry && position == 0 { entryPoints.insert(claimant.ref) }
            }
        }
        let keyFiles = ownerSpellings.mapValues { "\(Self.folder)/\(SwiftNaming.fileName($0))+Validation.swift" }
        for (ref, key) in ownerKeys {
            ownerFiles[ref] = keyFiles[key] ?? "\(Self.folder)/\(SwiftNaming.fileName(key))+Validation.swift"
        }
    }

    /// Names by handle (`v12`) in one file: for code that is compiled once and never reviewed (the JSON Schema
    /// conformance suite), where stability across edits does not matter.
    private init(positionalFor api: ResolvedAPI, file: String) {
        singleFile = file
        for index in api.schemas.indices { functionNames[SchemaRef(index)] = "v\(index)" }
    }

    static func positional(_ api: ResolvedAPI, file: String) -> ValidatorNaming {
        ValidatorNaming(positionalFor: api, file: file)
    }

    /// The function validating `ref`, e.g. `validateMember`.
    func functionName(_ ref: SchemaRef) -> String { functionNames[ref] ?? "validateSchema\(ref.index)" }

    /// The file holding `ref`'s function: its owner's model or group file when it has one (see ``placed(in:)``),
    /// else `Checks/<Owner>+Validation.swift`.
    func fileName(_ ref: SchemaRef) -> String {
        if let singleFile { return singleFile }
        if let anchor = ownerAnchors[ref], let file = placements[anchor] { return file }
        return ownerFiles[ref] ?? "\(Self.folder)/Validators+Other.swift"
    }

    /// The section of its file that holds `ref`'s function and the constants it uses. An operation's inline
    /// schemas are a section of their own in the group file (`operation:<id>`), next to the operation's method, so
    /// that two branches that each add an operation to one group insert code at different places of the file and
    /// merge; every other file is one section, named by its path.
    func section(_ ref: SchemaRef) -> String {
        if singleFile == nil, let anchor = ownerAnchors[ref], Self.isOperationSection(anchor), placements[anchor] != nil { return anchor }
        return fileName(ref)
    }

    /// Whether `section` is an operation's section of its group file (see ``section(_:)``).
    static func isOperationSection(_ section: String) -> Bool { section.hasPrefix(operationPrefix) }

    /// The placement key of an operation's owner and section: `operation:<file#pointer>` of the operation's node.
    static func operationAnchor(id: String) -> String { operationPrefix + id }

    private static let operationPrefix = "operation:"

    /// The owner name an operation section's constants start with (`GetMember`), or nil for a file section.
    func sectionOwner(_ section: String) -> String? { Self.isOperationSection(section) ? anchorOwners[section] : nil }

    /// Places owners' validators in other files: `schemas` maps a schema id (`file#pointer`) to its model file,
    /// `operations` an operation node's id to its group file.
    func placed(schemas: [String: String], operations: [String: String]) -> ValidatorNaming {
        var copy = self
        for (id, file) in schemas { copy.placements["schema:" + id] = file }
        for (id, file) in operations { copy.placements[Self.operationAnchor(id: id)] = file }
        return copy
    }

    // MARK: - Locations

    /// What a location contributes to names: the parts of the function name and the owner's file stem.
    struct Location {
        var parts: [String]
        var owner: String
        /// `schema:<id>` or `operation:<id>` of the owner, when it is a schema or an operation.
        var anchor: String?
    }

    /// Operations and parameters by `file#pointer` of their node: their names stand for the pointer segments that
    /// lead to them (`/paths/~1members~1{id}/get` is `getMember`).
    struct Anchors {
        /// Operation names by file, then by pointer: `location(of:)` looks up every prefix of a schema's pointer.
        var operations: [String: [String: String]] = [:]
        /// How many tokens the pointers of each file's operations have: only prefixes of those lengths are looked up.
        var operationDepths: [String: Set<Int>] = [:]
        var parameters: [String: String] = [:]
        /// The type-name part of each document's stem (`shared/pets.yaml` -> `Pets`), worked out once per document
        /// rather than once per schema.
        var stems: [String: String] = [:]

        /// Type-name parts of pointer tokens already read: property names and keywords repeat across thousands of
        /// schemas, and each is split into words once.
        let words = WordMemo()

        func stem(of file: String) -> String { stems[file] ?? SwiftNaming.typeNamePart(DocumentPath.stem(of: file)) }
    }

    /// ``SwiftNaming/typeNamePart(_:)`` by token, remembered for one naming pass.
    final class WordMemo {
        private var parts: [String: String] = [:]

        func typeNamePart(_ token: String) -> String {
            if let part = parts[token] { return part }
            let part = SwiftNaming.typeNamePart(token)
            parts[token] = part
            return part
        }
    }

    static func anchors(_ api: ResolvedAPI) -> Anchors {
        var anchors = Anchors()
        for operation in api.operations {
            let raw = operation.operationId ?? (operation.method.lowercased() + " " + operation.path)
            anchors.operations[operation.node.location.file, default: [:]][operation.node.pointer] = SwiftNaming.typeNamePart(raw)
            anchors.operationDepths[operation.node.location.file, default: []].insert(JSONPointer.tokens(operation.node.pointer)?.count ?? 0)
            for parameter in operation.parameters {
                anchors.parameters[parameter.node.location.file + "#" + parameter.node.pointer] = SwiftNaming.typeNamePart(parameter.name) + "Parameter"
            }
        }
        for index in api.schemas.indices where anchors.stems[api.schemas[index].node.location.file] == nil {
            let file = api.schemas[index].node.location.file
            anchors.stems[file] = SwiftNaming.typeNamePart(DocumentPath.stem(of: file))
        }
        return anchors
    }

    /// Reads a schema's location as words: `components/schemas/X` is `X`, `properties/p` is `P`, `items` is
    /// `Item`, `responses/200/content/application~1json/schema` is `Response200`, and so on.
    static func location(of node: SpecNode, rootPath: String, anchors: Anchors) -> Location {
        let file = node.location.file
        let tokens = JSONPointer.tokens(node.pointer) ?? []
        let stem = anchors.stem(of: file)
        var parts: [String] = file == rootPath ? [] : [stem]
        var owner: String?
        var anchor: String?
        var index = 0
        func take() -> String {
            let token = tokens[index]
            index += 1
            return token
        }
        // The pointer to what has been read so far is a prefix of the node's own (escaped) pointer, cut where a
        // token ends: no string is built per token, only when one is needed.
        let escaped = node.pointer.utf8.contains(UInt8(ascii: "%")) ? tokens.map { "/" + JSONPointer.escape($0) }.joined() : node.pointer
        var escapedCopy = escaped
        var tokenEnds: [Int] = escapedCopy.withUTF8 { bytes in
            var ends: [Int] = []
            for offset in bytes.indices.dropFirst() where bytes[offset] == UInt8(ascii: "/") { ends.append(offset) }
            return ends
        }
        tokenEnds.append(escaped.utf8.count)
        var pointer: String { index == 0 ? "" : String(Substring(escaped.utf8.prefix(tokenEnds[index - 1]))) }
        func word(_ token: String) -> String { anchors.words.typeNamePart(token) }
        let fileOperations = anchors.operations[file] ?? [:]
        let operationDepths = anchors.operationDepths[file] ?? []
        var hasNext: Bool { index < tokens.count }
        while hasNext {
            let atRoot = index == 0
            let token = take()
            if operationDepths.contains(index), let operation = fileOperations[pointer] {
                parts = file == rootPath ? [operation] : [stem, operation]
                owner = parts.joined()
                anchor = ValidatorNaming.operationAnchor(id: file + "#" + pointer)
                continue
            }
            switch token {
            case "components" where atRoot && hasNext:
                let kind = take()
                guard hasNext else { parts.append(word(kind)); continue }
                parts.append(word(take()))
                // Non-schema components (`responses/NotFound`) say what they are.
                if kind != "schemas" { parts.append(word(kind.hasSuffix("s") ? String(kind.dropLast()) : kind)) }
                if owner == nil {
                    owner = parts.joined()
                    if kind == "schemas" { anchor = "schema:" + file + "#" + pointer }
                }
            case "definitions" where hasNext, "$defs" where hasNext:
                parts.append(word(take()))
                if atRoot && owner == nil {
                    owner = parts.joined()
                    anchor = "schema:" + file + "#" + pointer
                }
            case "paths" where atRoot && hasNext, "webhooks" where atRoot && hasNext:
                parts.append(word(take()))
                owner = owner ?? parts.joined()
            case "properties" where hasNext, "dependentSchemas" where hasNext, "dependencies" where hasNext:
                parts.append(word(take()))
            case "patternProperties" where hasNext:
                parts.append("Pattern" + word(take()))
            case "prefixItems" where hasNext, "allOf" where hasNext, "anyOf" where hasNext, "oneOf" where hasNext:
                parts.append(word(token) + take())
            case "items" where hasNext && Int(tokens[index]) != nil:
                parts.append("Item" + take())
            case "items": parts.append("Item")
            case "additionalProperties": parts.append("AdditionalProperty")
            case "additionalItems": parts.append("AdditionalItem")
            case "unevaluatedProperties": parts.append("UnevaluatedProperty")
            case "unevaluatedItems": parts.append("UnevaluatedItem")
            case "propertyNames": parts.append("PropertyName")
            case "responses" where hasNext:
                parts.append("Response" + word(take()))
            case "requestBody": parts.append("Body")
            case "headers" where hasNext:
                parts.append(word(take()) + "Header")
            case "parameters" where hasNext:
                let position = take()
                parts.append(anchors.parameters[file + "#" + pointer] ?? "Parameter" + position)
            case "content" where hasNext:
                // The usual JSON body adds nothing; another media type of the same response is named.
                let mediaType = take()
                if !mediaType.lowercased().contains("json") { parts.append(word(mediaType)) }
            case "schema": break
            default: parts.append(word(token))
            }
        }
        if parts.isEmpty { parts = [stem] }
        if owner == nil && file != rootPath { anchor = "schema:" + file + "#" }
        return Location(parts: parts, owner: owner ?? (file == rootPath ? parts[0] : stem), anchor: anchor)
    }

    /// Names stay readable: a very deep location keeps its first 100 bytes and a digest of where it is.
    static func capped(_ name: String, id: String) -> String {
        guard name.utf8.count > 120 else { return name }
        var prefix = String.UnicodeScalarView()
        var bytes = 0
        for scalar in name.unicodeScalars {
            bytes += String(scalar).utf8.count
            if bytes > 100 { break }
            prefix.append(scalar)
        }
        return String(prefix) + "_" + digest(id)
    }

    /// Eight hex digits of FNV-1a over `text`: stable across runs and platforms, unlike `Hasher`.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let hex = String(hash & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
