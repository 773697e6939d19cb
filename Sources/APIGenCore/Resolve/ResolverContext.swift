/// Mutable state of one resolution run: loaded documents, the schema table and collected diagnostics.
/// One instance per ``Resolver/resolve(rootPath:provider:)`` call; nothing is shared between runs.
final class ResolverContext {
    /// The JSON Schema dialect a document's schemas follow.
    enum Dialect {
        case draft3, draft4, draft6, draft7, draft2019, draft2020, openAPI30, openAPI31

        var booleanExclusiveBounds: Bool { self == .draft3 || self == .draft4 || self == .openAPI30 }
        var isJSONSchemaDraft: Bool { self != .openAPI30 && self != .openAPI31 }
    }

    let provider: any SourceProvider
    private(set) var documents: [String: SourceDocument] = [:]
    private(set) var documentOrder: [String] = []
    private var failedDocuments: Set<String> = []
    /// Swagger 2.0 documents being converted, so that their external parameters never convert them again.
    private var converting: Set<String> = []
    var dialects: [String: Dialect] = [:]
    var diagnostics: [Diagnostic] = []
    var schemas: [Schema] = []
    var schemaIndex: [String: SchemaRef] = [:]
    var namedSchemas: [(name: String, schema: SchemaRef)] = []
    var namedSchemaIDs: Set<String> = []
    /// The root document, for the root-relative fallback of references.
    var rootPath: String?
    /// Where documents may be read from (nil: anywhere the provider serves).
    var readScope: ReadScope?
    /// Ids of `$ref`-only schemas whose target is being read, with the number of schemas that existed when it
    /// started: meeting one again with no schema created since is a cycle of references that defines nothing
    /// (`A: {$ref: B}`, `B: {$ref: A}`), which would otherwise recurse until the stack overflows.
    var referencesInProgress: [String: Int] = [:]
    /// Documents whose patterns are read with the lenient grammar (``ResolvedAPI/lenientPatternDocuments``).
    var lenientPatternDocuments: Set<String> = []
    /// Remote URI prefixes served from local folders (`http://localhost:1234/` -> `remotes`).
    var remotes: [(prefix: String, folder: String)] = []
    /// Documents loaded for a remote URI, by path.
    var remoteURIs: [String: String] = [:]
    /// Nodes by absolute URI (documents and `$id`s), anchors by `uri#name`.
    var identifiedNodes: [String: SpecNode] = [:]
    var anchoredNodes: [String: SpecNode] = [:]
    var dynamicAnchors: [String: SpecNode] = [:]
    /// Whether some `$dynamicRef` / `$recursiveRef` can bind dynamically (validators then track the scope).
    var bindsDynamically = false
    /// Documents whose custom meta-schema declares `$vocabulary`, with what it turns on.
    var vocabularies: [String: Vocabularies] = [:]
    /// `file#pointer` of every schema with `$ref` -> the node it refers to directly (chains are kept hop by hop,
    /// because each hop may enter another schema resource).
    var referenceHops: [String: SpecNode] = [:]
    /// Per file: schema pointers that set a base URI.
    var identifierBases: [String: [(pointer: String, uri: String)]] = [:]

    /// Findings already reported about objects met more than once (a shared parameter is read once per operation
    /// that refers to it): `file#pointer` of the fixed-field objects checked for unknown fields, and the like.
    var fieldCheckedObjects: Set<String> = []
    /// The Link Objects read so far, their `operationId`s checked once every operation is known.
    var linksRead: [SpecNode] = []
    /// The OpenAPI version of the root document (`3.1.0`; 3.1 when it names none), for fields newer than it.
    var pathsVersion = ""
    /// Whether the root document is OpenAPI 3.0 or 3.1, whose rules some 3.2 fields and locations change.
    var isBefore32: Bool { pathsVersion.hasPrefix("3.0") || pathsVersion.hasPrefix("3.1") }

    /// Parses referenced documents in the background; resolution takes them as it reaches them.
    var prefetcher: DocumentPrefetcher?
    /// Bytes read, or prefetched documents taken, to check that a referenced file exists: kept for loading it.
    private var readAhead: [String: [UInt8]] = [:]
    private var takenAhead: [String: SourceDocument] = [:]

    init(provider: any SourceProvider) { self.provider = provider }

    func error(_ message: String, at node: SpecNode?, hint: String? = nil) {
        diagnostics.append(.error(message, at: node, hint: hint))
    }

    func warning(_ message: String, at node: SpecNode?, hint: String? = nil) {
        diagnostics.append(.warning(message, at: node, hint: hint))
    }

    /// A warning at an entry's key (where a misspelt, misplaced or ignored field is written), pointing at its value.
    func warning(_ message: String, atKeyOf entry: SpecNode.Entry, hint: String? = nil) {
        diagnostics.append(Diagnostic(.warning, message, at: entry.keyLocation, pointer: entry.value.pointer, hint: hint))
    }

    /// Loads (once) the document at `path`; reports a diagnostic at `referrer` when it cannot be read or parsed.
    func document(_ path: String, referrer: SpecNode?) -> SourceDocument? {
        if let document = documents[path] { return document }
        if failedDocuments.contains(path) { return nil }
        let bytes: [UInt8]
        let bundled = bundledMetaSchema(at: path)
        if bundled == nil, let readScope, !readScope.contains(path) {
            failedDocuments.insert(path)
            let hint = "apigen reads only below \(readScope.description); list more folders under `referenceFolders:` in apigen.yml"
            if let referrer {
                self.error("reference to '\(path)' leaves the folders apigen reads", at: referrer, hint: hint)
            } else {
                diagnostics.append(Diagnostic(.error, "'\(path)' is outside the folders apigen reads", hint: hint))
            }
            return nil
        }
        if bundled == nil, let document = takenAhead.removeValue(forKey: path) ?? prefetcher?.take(path) {
            return loaded(document, path: path, referrer: referrer)
        }
        do {
            if let bundled { bytes = Array(bundled.utf8) } else { bytes = try readAhead.removeValue(forKey: path) ?? provider.read(path) }
        } catch {
            failedDocuments.insert(path)
            if let referrer {
                self.error("cannot read referenced file '\(path)': \(error)", at: referrer,
                           hint: "check the path; it is resolved relative to '\(referrer.location.file)'")
            } else {
                diagnostics.append(Diagnostic(.error, "cannot read '\(path)': \(error)"))
            }
            return nil
        }
        do {
            let document = try SourceDocument.load(bytes: bytes, path: path)
            if bundled == nil { prefetcher?.prefetchReferences(of: document) }
            return loaded(document, path: path, referrer: referrer)
        } catch {
            failedDocuments.insert(path)
            diagnostics.append(error)
            return nil
        }
    }

    /// Registers a freshly parsed document.
    private func loaded(_ parsed: SourceDocument, path: String, referrer: SpecNode?) -> SourceDocument {
        var document = parsed
        if document.root["swagger"] != nil {
            var converter = SwaggerConverter()
            converting.insert(path)
            converter.externalTarget = { [unowned self] reference, node in
                // A Swagger root referred to by its own external parameters is not converted a second time.
                let file = DocumentPath.splitFragment(reference).0
                guard !self.converting.contains(DocumentPath.resolve(file, against: node.location.file)) else { return nil }
                return self.target(of: reference, at: node)
            }
            document.root = converter.convert(document.root)
            converting.remove(path)
        }
        documents[path] = document
        documentOrder.append(path)
        dialects[path] = Self.dialect(of: document.root)
        // A JSON Schema document without `$schema` is read in the dialect of the schema that refers to it.
        if document.root["$schema"] == nil, document.root["openapi"] == nil, document.root["swagger"] == nil,
           let referrer, let inherited = dialects[referrer.location.file], inherited.isJSONSchemaDraft {
            dialects[path] = inherited
        }
        // A schema file an OpenAPI description refers to is part of that description: its patterns were written
        // for the same tools (`\:`, `\-` in classes), unless it declares a JSON Schema dialect of its own.
        if PatternCheck.isLenient(dialects[path] ?? .draft2020)
            || (document.root["$schema"] == nil && referrer.map { lenientPatternDocuments.contains($0.location.file) } == true) {
            lenientPatternDocuments.insert(path)
        }
        readVocabularies(of: document)
        indexIdentifiers(document)
        return document
    }

    /// Whether the file at `path` is loaded or can be read; what was read to find out is kept for loading it.
    private func canRead(_ path: String) -> Bool {
        if documents[path] != nil || readAhead[path] != nil || takenAhead[path] != nil { return true }
        if let readScope, !readScope.contains(path) { return false }
        if let document = prefetcher?.take(path) {
            takenAhead[path] = document
            return true
        }
        guard let bytes = try? provider.read(path) else { return false }
        readAhead[path] = bytes
        return true
    }

    /// The sources loaded so far, for quoting lines in diagnostics.
    var sourceTexts: [String: String] {
        documents.mapValues(\.text)
    }

    func dialect(for node: SpecNode) -> Dialect {
        dialects[node.location.file] ?? .openAPI31
    }

    static func dialect(of root: SpecNode) -> Dialect {
        if let version = root["openapi"]?.scalar?.description {
            return version.hasPrefix("3.0") ? .openAPI30 : .openAPI31
        }
        if root["swagger"] != nil { return .openAPI30 }
        guard let uri = root["$schema"]?.string else { return .draft2020 }
        if uri.contains("draft-03") { return .draft3 }
        if uri.contains("draft-04") { return .draft4 }
        if uri.contains("draft-06") { return .draft6 }
        if uri.contains("draft-07") { return .draft7 }
        if uri.contains("2019-09") { return .draft2019 }
        return .draft2020
    }

    /// Follows a `$ref` string written at `node` to its target node, reporting broken references.
    func target(of reference: String, at node: SpecNode) -> SpecNode? {
        if let identified = identifiedTarget(of: reference, at: node) { return identified }
        let base = node.location.file
        let (filePart, fragment) = DocumentPath.splitFragment(reference)
        if filePart.utf8.containsSequence("://".utf8) || filePart.hasPrefix("urn:") {
            error("remote reference '\(reference)' cannot be resolved: only local files are read", at: node,
                  hint: "download the document next to the spec and refer to it by a relative path")
            return nil
        }
        var path = filePart.isEmpty ? base : DocumentPath.resolve(filePart, against: base)
        if !filePart.isEmpty, !canRead(path), let rootPath {
            // Some tools resolve refs against the root document; accept that, but say it is non-standard.
            let fromRoot = DocumentPath.resolve(filePart, against: rootPath)
            if fromRoot != path, canRead(fromRoot) {
                warning("'\(filePart)' does not exist relative to '\(base)'; using '\(fromRoot)' (relative to the root document)",
                        at: node, hint: "references are resolved relative to the file they are written in")
                path = fromRoot
            }
        }
        guard let document = document(path, referrer: node) else { return nil }
        if !fragment.isEmpty && !fragment.hasPrefix("/") {
            if let anchored = Self.findAnchor(fragment, in: document.root) { return anchored }
            error("reference '\(reference)' names an anchor that does not exist in '\(path)'", at: node)
            return nil
        }
        guard let tokens = JSONPointer.tokens(fragment) else {
            error("reference '\(reference)' has an invalid JSON pointer", at: node)
            return nil
        }
        guard let target = document.root.descend(tokens) else {
            error("reference '\(reference)' points to nothing: '\(fragment)' does not exist in '\(path)'", at: node,
                  hint: Self.suggestion(for: tokens, in: document.root))
            return nil
        }
        return target
    }

    private static func findAnchor(_ name: String, in node: SpecNode) -> SpecNode? {
        switch node.content {
        case .mapping(let entries):
            if node["$anchor"]?.string == name || node["$id"]?.string == "#" + name { return node }
            for entry in entries { if let found = findAnchor(name, in: entry.value) { return found } }
        case .sequence(let elements):
            for element in elements { if let found = findAnchor(name, in: element) { return found } }
        case .scalar:
            break
        }
        return nil
    }

    private static func suggestion(for tokens: [String], in root: SpecNode) -> String? {
        guard let last = tokens.last, let parent = root.descend(Array(tokens.dropLast())),
              let keys = parent.entries?.map(\.key) else { return nil }
        let lowered = last.lowercased()
        if let close = keys.first(where: { $0.lowercased() == lowered }) {
            return "did you mean '\(close)'?"
        }
        if let close = keys.min(by: { editDistance($0, last) < editDistance($1, last) }),
           editDistance(close, last) <= max(2, last.count / 3) {
            return "did you mean '\(close)'?"
        }
        return nil
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Follows `$ref` chains on a non-schema object (parameter, response, path item), at most 32 hops.
    func dereference(_ node: SpecNode) -> SpecNode? {
        var current = node
        var hops = 0
        while let reference = current["$ref"]?.string {
            hops += 1
            if hops > 32 {
                error("reference cycle: '\(reference)' never reaches a definition", at: node)
                return nil
            }
            guard let next = target(of: reference, at: current) else { return nil }
            current = next
        }
        return current
    }
}
