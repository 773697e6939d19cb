import Foundation

/// `$id` / `id`, `$anchor` and `$dynamicAnchor`: base URIs for resolving references inside JSON Schema documents,
/// and remote URIs mapped to local files.
extension ResolverContext {
    /// Keywords whose values are maps of schemas.
    static let schemaMapKeywords = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies"]
    /// Keywords whose values are one schema.
    static let schemaKeywords = ["additionalProperties", "additionalItems", "items", "contains", "propertyNames", "not", "if",
                                 "then", "else", "unevaluatedProperties", "unevaluatedItems", "contentSchema", "extends"]
    /// Keywords whose values are lists of schemas.
    static let schemaListKeywords = ["items", "prefixItems", "allOf", "anyOf", "oneOf", "extends"]

    /// The URI a document is identified by before any `$id`: its remote URI when it was loaded for one, else a
    /// `file://` URI of its path.
    func documentURI(_ path: String) -> String {
        if let remote = remoteURIs[path] { return remote }
        return path.hasPrefix("/") ? "file://abs" + path : "file://local/" + path
    }

    /// The file path of a `file://` URI made by ``documentURI(_:)``, or the local file a remote URI maps to.
    func path(forURI uri: String) -> String? {
        if uri.hasPrefix("file://local/") { return DocumentPath.normalise(String(uri.dropFirst("file://local/".count))) }
        if uri.hasPrefix("file://abs/") { return DocumentPath.normalise(String(uri.dropFirst("file://abs".count))) }
        for (prefix, folder) in remotes where uri.hasPrefix(prefix) {
            let path = DocumentPath.normalise(folder + "/" + uri.dropFirst(prefix.count))
            remoteURIs[path] = uri
            return path
        }
        let withoutFragment = uri.hasSuffix("#") ? String(uri.dropLast()) : uri
        if BundledMetaSchemas.all[withoutFragment] != nil {
            let path = Self.bundledMetaSchemaPrefix + withoutFragment.replacingOccurrences(of: "://", with: "/")
            remoteURIs[path] = withoutFragment
            return path
        }
        return nil
    }

    /// Paths of meta-schemas served from ``BundledMetaSchemas`` start with this (no real file does).
    static let bundledMetaSchemaPrefix = "@apigen-metaschemas/"

    /// The text of a bundled meta-schema loaded under `path`.
    func bundledMetaSchema(at path: String) -> String? {
        guard path.hasPrefix(Self.bundledMetaSchemaPrefix), let uri = remoteURIs[path] else { return nil }
        return BundledMetaSchemas.all[uri]
    }

    /// Resolves `reference` against `base` (RFC 3986), keeping `urn:` and other opaque bases working for fragments.
    func resolveURI(_ reference: String, against base: String) -> String {
        if reference.isEmpty { return base }
        if reference.hasPrefix("#") {
            let stripped = base.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? base
            return stripped + reference
        }
        if let scheme = reference.split(separator: ":", maxSplits: 1).first, reference.utf8.contains(UInt8(ascii: ":")),
           scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }), scheme.first?.isLetter == true {
            return reference
        }
        guard let baseURL = URL(string: base), let resolved = URL(string: reference, relativeTo: baseURL) else { return reference }
        return resolved.absoluteString
    }

    /// The base URI in effect at `node`: the nearest enclosing schema's `$id`, else the document's URI.
    func baseURI(of node: SpecNode) -> String {
        let file = node.location.file
        var best = documentURI(file)
        var bestLength = -1
        for (pointer, uri) in identifierBases[file] ?? [] where pointer.count > bestLength {
            if node.pointer == pointer || node.pointer.hasPrefix(pointer + "/") {
                best = uri
                bestLength = pointer.count
            }
        }
        return best
    }

    /// Records the identifiers of a newly loaded document.
    func indexIdentifiers(_ document: SourceDocument) {
        let uri = documentURI(document.path)
        identifiedNodes[Self.withoutEmptyFragment(uri)] = document.root
        let dialect = dialects[document.path] ?? .draft2020
        if document.root["openapi"] != nil || document.root["swagger"] != nil {
            for entry in document.root["components"]?["schemas"]?.entries ?? [] {
                indexSchema(entry.value, base: uri, file: document.path, dialect: dialect)
            }
        } else {
            indexSchema(document.root, base: uri, file: document.path, dialect: dialect)
        }
    }

    private static func withoutEmptyFragment(_ uri: String) -> String {
        uri.hasSuffix("#") ? String(uri.dropLast()) : uri
    }

    private func indexSchema(_ node: SpecNode, base: String, file: String, dialect: Dialect) {
        guard node.isMapping else { return }
        var base = base
        let usesLegacyID = dialect == .draft3 || dialect == .draft4
        let siblingsIgnored = node["$ref"] != nil && [.draft3, .draft4, .draft6, .draft7].contains(dialect)
        if !siblingsIgnored, let id = node[usesLegacyID ? "id" : "$id"]?.string {
            let resolved = resolveURI(id, against: base)
            if id.hasPrefix("#") && id.count > 1 {
                anchoredNodes[resolved] = node  // draft-06/07 plain-name `$id: "#foo"`
            } else {
                let canonical = Self.withoutEmptyFragment(resolved)
                identifiedNodes[canonical] = node
                identifierBases[file, default: []].append((node.pointer, canonical))
                base = canonical
            }
        }
        // Only anchors need the base without its fragment; most schema nodes have none.
        var stripped: String { Self.withoutEmptyFragment(base.split(separator: "#", maxSplits: 1).first.map(String.init) ?? base) }
        if let anchor = node["$anchor"]?.string { anchoredNodes[stripped + "#" + anchor] = node }
        if let anchor = node["$dynamicAnchor"]?.string {
            anchoredNodes[stripped + "#" + anchor] = anchoredNodes[stripped + "#" + anchor] ?? node
            dynamicAnchors[stripped + "#" + anchor] = node
        }
        if siblingsIgnored { return }
        for key in Self.schemaMapKeywords {
            for entry in node[key]?.entries ?? [] { indexSchema(entry.value, base: base, file: file, dialect: dialect) }
        }
        for key in Self.schemaKeywords {
            if let value = node[key], value.isMapping { indexSchema(value, base: base, file: file, dialect: dialect) }
        }
        for key in Self.schemaListKeywords {
            for element in node[key]?.elements ?? [] { indexSchema(element, base: base, file: file, dialect: dialect) }
        }
    }

    /// Resolves a reference through identifiers: `nil` when the reference does not involve a known URI, so the
    /// caller falls back to file-relative resolution.
    func identifiedTarget(of reference: String, at node: SpecNode) -> SpecNode?? {
        let base = baseURI(of: node)
        let bytes = reference.utf8
        let usesIdentifiers = base.hasPrefix("file://") == false || identifiedNodes.count > documents.count
            || bytes.containsSequence("://".utf8) || reference.hasPrefix("urn:")
            || (bytes.contains(UInt8(ascii: "#")) && !bytes.containsSequence("#/".utf8) && !reference.hasSuffix("#") && !anchoredNodes.isEmpty)
        guard usesIdentifiers else { return nil }
        let absolute = resolveURI(reference, against: base)
        let parts = absolute.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let resource = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        var root = identifiedNodes[resource]
        if root == nil, let path = path(forURI: resource) {
            if self.document(path, referrer: node) != nil { root = identifiedNodes[resource] ?? documents[path]?.root }
            else { return .some(nil) }
        }
        guard let root else { return nil }
        if fragment.isEmpty { return .some(root) }
        if fragment.hasPrefix("/") {
            guard let tokens = JSONPointer.tokens(fragment), let target = root.descend(tokens) else {
                error("reference '\(reference)' points to nothing: '\(fragment)' does not exist in '\(resource)'", at: node)
                return .some(nil)
            }
            return .some(target)
        }
        if let anchored = anchoredNodes[resource + "#" + fragment] { return .some(anchored) }
        error("reference '\(reference)' names an anchor '\(fragment)' that does not exist in '\(resource)'", at: node)
        return .some(nil)
    }
}
