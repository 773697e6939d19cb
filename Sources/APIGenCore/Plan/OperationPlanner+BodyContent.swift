/// Which of a request body's media types is sent, and which members are files.
extension OperationPlanner {
    /// The one of a body's media types that is sent: JSON, else a form, else multipart, else the first; but
    /// multipart before JSON when the body holds a file. JSON has no bytes: a file member would go out as base64
    /// text the API did not ask for (openai's `POST /skills` offers both for its `files`, and means multipart).
    func sentContent(_ body: RequestBody) -> MediaContent? {
        let json = body.contents.first(where: { Self.isJSON($0.mediaType) })
        let multipart = body.contents.first(where: { $0.mediaType.hasPrefix("multipart/form-data") })
        if let json, let multipart, let schemaRef = json.schema,
           models.mergedProperties(of: api[schemaRef]).contains(where: { isFileMember($0.schema) }) {
            return multipart
        }
        return json
            ?? body.contents.first(where: { $0.mediaType.hasPrefix("application/x-www-form-urlencoded") })
            ?? multipart
            ?? body.contents.first
    }

    /// Whether a member is a file (`format: binary`), a list of files, or a choice between those: each is sent as
    /// file parts named like the member.
    func isFileMember(_ ref: SchemaRef) -> Bool {
        isFileOrFiles(ref) || isFileChoice(ref)
    }

    /// A `oneOf`/`anyOf` whose every alternative is a file or a list of files (openai's `files`: one zip, or a
    /// directory's files). On the wire both are file parts with the member's name, so the argument is a list of
    /// files: one file is a list of one.
    func isFileChoice(_ ref: SchemaRef) -> Bool {
        let schema = api[ref]
        let alternatives = schema.oneOf + schema.anyOf
        guard !alternatives.isEmpty, schema.properties.isEmpty, schema.items == nil else { return false }
        return alternatives.allSatisfy(isFileOrFiles)
    }

    private func isFileOrFiles(_ ref: SchemaRef) -> Bool {
        isFile(ref) || api[ref].items.map(isFile) == true
    }

    private func isFile(_ ref: SchemaRef) -> Bool {
        let schema = api[ref]
        return schema.format == "binary" && (schema.types.isEmpty || schema.types.contains(.string))
    }
}
