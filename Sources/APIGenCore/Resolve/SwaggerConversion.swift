/// The OpenAPI 3.0 document apigen reads for a Swagger 2.0 description, as JSON text: what `apigen convert`
/// prints, so that other tools (the wire harness's openapi-core judge, a reviewer) see the same conversion.
public enum SwaggerConversion {
    /// Converts the Swagger 2.0 document in `bytes` (JSON or YAML; `path` names it in diagnostics).
    ///
    /// Throws a ``Diagnostic`` when the text does not parse or is not a Swagger 2.0 document. References stay as
    /// written, `#/definitions/...` rewritten to `#/components/schemas/...`, except references to parameters in other
    /// files, which are Swagger 2.0 as well: `read` gives the bytes of such a file (its path resolved against the
    /// referring file's), and the parameter is converted in place of the reference. A file `read` cannot give keeps
    /// its reference.
    public static func convertedJSON(bytes: [UInt8], path: String,
                                     read: @escaping (String) -> [UInt8]? = { _ in nil }) throws(Diagnostic) -> String {
        let document = try SourceDocument.load(bytes: bytes, path: path)
        guard let version = document.root["swagger"] else {
            throw Diagnostic(.error, "not a Swagger 2.0 description (no top-level 'swagger' field); OpenAPI 3 needs no conversion",
                             at: document.root.location)
        }
        guard version.string == "2.0" else {
            throw Diagnostic(.error, "unsupported Swagger version '\(version.string ?? version.jsonText)'; apigen converts 2.0",
                             at: version.location)
        }
        var converter = SwaggerConverter()
        converter.externalTarget = { reference, node in
            let (file, fragment) = DocumentPath.splitFragment(reference)
            let target = DocumentPath.resolve(file, against: node.location.file)
            guard target != path, let tokens = JSONPointer.tokens(fragment), let bytes = read(target) else { return nil }
            return (try? SourceDocument.load(bytes: bytes, path: target))?.root.descend(tokens)
        }
        return converter.convert(document.root).jsonText
    }
}
