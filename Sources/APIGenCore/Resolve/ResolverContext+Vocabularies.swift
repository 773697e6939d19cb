/// `$schema` naming a custom meta-schema: its dialect and `$vocabulary`.
extension ResolverContext {
    /// A document whose `$schema` names a custom meta-schema that can be read locally (a remote mapped to a folder)
    /// gets that meta-schema's dialect and `$vocabulary`. Unknown meta-schemas that cannot be read are ignored:
    /// `$schema` is an identifier, not a reference apigen must follow.
    func readVocabularies(of document: SourceDocument) {
        guard let uri = document.root["$schema"]?.string else { return }
        let withoutFragment = uri.hasSuffix("#") ? String(uri.dropLast()) : uri
        guard BundledMetaSchemas.all[withoutFragment] == nil, let metaPath = path(forURI: withoutFragment),
              metaPath != document.path, (try? provider.read(metaPath)) != nil,
              let meta = self.document(metaPath, referrer: nil) else { return }
        if let dialect = dialects[metaPath] { dialects[document.path] = dialect }
        if let declared = Vocabularies(metaSchema: meta.root) { vocabularies[document.path] = declared }
    }
}
