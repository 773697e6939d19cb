/// Objects of the description with fixed fields (the document, its components, path items, operations, parameters,
/// request bodies, responses): a key that is none of them and no `x-` extension is ignored, as OpenAPI says, but
/// reported at the key, because a misspelt field (`requestbody:`, `require: true`, `GET:`) silently changes the
/// generated API: a method without its body, an optional parameter that the server requires, a missing operation.
extension ResolverContext {
    /// The fields of each kind of object, OpenAPI 3.0 to 3.2.
    enum FixedFields {
        static let operation: Set<String> = [
            "tags", "summary", "description", "externalDocs", "operationId", "parameters", "requestBody", "responses",
            "callbacks", "deprecated", "security", "servers",
        ]
        static let parameter: Set<String> = [
            "name", "in", "description", "required", "deprecated", "allowEmptyValue", "style", "explode", "allowReserved",
            "schema", "example", "examples", "content",
        ]
        static let pathItem = Set(ResolverContext.methods).union([
            "$ref", "summary", "description", "servers", "parameters", "additionalOperations",
        ])
        /// A header is a parameter without `name` and `in`, and without the fields only queries use.
        static let header: Set<String> = [
            "description", "required", "deprecated", "style", "explode", "schema", "example", "examples", "content",
        ]
        static let requestBody: Set<String> = ["description", "content", "required"]
        static let link: Set<String> = ["operationRef", "operationId", "parameters", "requestBody", "description", "server"]
        static let xml: Set<String> = ["name", "namespace", "prefix", "attribute", "wrapped", "nodeType"]
        static let mediaType: Set<String> = [
            "schema", "itemSchema", "example", "examples", "encoding", "prefixEncoding", "itemEncoding", "description",
        ]
        static let response: Set<String> = ["summary", "description", "headers", "content", "links"]
        static let document: Set<String> = [
            "openapi", "info", "jsonSchemaDialect", "servers", "paths", "webhooks", "components", "security", "tags",
            "externalDocs", "$self",
            // Not OpenAPI fields, but where 3.1 documents keep schemas their `$ref`s point into (`#/$defs/Pet`).
            "$defs", "definitions",
        ]
        static let components: Set<String> = [
            "schemas", "responses", "parameters", "examples", "requestBodies", "headers", "securitySchemes", "links",
            "callbacks", "pathItems", "mediaTypes",
        ]
    }

    /// The document root and its `components` (an OpenAPI document only; a JSON Schema file has keywords of its own).
    func reportUnknownDocumentFields(of root: SpecNode) {
        guard root["openapi"] != nil else { return }
        reportUnknownFields(of: root, FixedFields.document, in: "an OpenAPI document")
        if let components = root["components"].flatMap(dereference) {
            reportUnknownFields(of: components, FixedFields.components, in: "components")
            for kind in FixedFields.components.sorted() {
                for entry in components[kind].flatMap(dereference)?.entries ?? [] where !Self.isComponentName(entry.key) {
                    warning("component name '\(SwiftNaming.commentText(entry.key))' is not one OpenAPI allows", atKeyOf: entry,
                            hint: "component names are letters, digits, '.', '_' and '-'; tools that check it refuse the document")
                }
            }
        }
    }

    /// Whether `name` may name a component: OpenAPI's `^[a-zA-Z0-9.\-_]+$`.
    static func isComponentName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"):
                true
            default:
                false
            }
        }
    }

    /// Whether `key` names responses: `default`, a status code from 100 to 599, or a class of them (`4XX`).
    static func isResponseKey(_ key: String) -> Bool {
        if key == "default" { return true }
        let bytes = Array(key.utf8)
        guard bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]) else { return false }
        let digits = bytes.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let range = bytes.dropFirst().allSatisfy { $0 == UInt8(ascii: "X") || $0 == UInt8(ascii: "x") }
        return digits || range
    }

    /// The candidate `key` most likely misspells: one equal to it but for case, else the nearest within `allowed` edits
    /// (case aside), the first in `candidates`' order on a tie; nil when none is that close.
    static func closest(to key: String, among candidates: [String], within allowed: Int) -> String? {
        let lowered = key.lowercased()
        if let same = candidates.first(where: { $0.lowercased() == lowered }) { return same }
        return candidates.map { (candidate: $0, distance: editDistance($0.lowercased(), lowered)) }
            .filter { $0.distance <= allowed }
            .min { $0.distance < $1.distance }?.candidate
    }

    /// Warns once per object about each key of `node` outside `fields`, naming the nearest field when one is close.
    func reportUnknownFields(of node: SpecNode, _ fields: Set<String>, in object: String) {
        guard let entries = node.entries, fieldCheckedObjects.insert(node.location.file + "#" + node.pointer).inserted else { return }
        for entry in entries where !entry.key.hasPrefix("x-") && !fields.contains(entry.key) {
            let close = Self.closest(to: entry.key, among: fields.sorted(), within: max(1, entry.key.count / 4))
            warning("'\(SwiftNaming.commentText(entry.key))' is not a field of \(object); it is ignored", atKeyOf: entry,
                    hint: close.map { "did you mean '\($0)'?" }
                        ?? "\(object) holds \(fields.sorted().joined(separator: ", ")) and x- extensions")
        }
    }
}
