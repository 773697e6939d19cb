/// Link Objects generate no code, but documentation tools follow them: a misspelt field (`body` for `server`), a link
/// naming its target twice, or an `operationId` no operation has is reported (found by the OpenAPI Initiative's schema
/// tests).
extension ResolverContext {
    /// Checks the links of a response (or `components.links`) and keeps them for ``checkLinkTargets(operationIDs:)``.
    func readLinks(_ node: SpecNode?) {
        for entry in node.flatMap(documentationTarget)?.entries ?? [] where !entry.key.hasPrefix("x-") {
            guard let link = documentationTarget(entry.value), link.isMapping,
                  fieldCheckedObjects.insert("link " + link.location.file + "#" + link.pointer).inserted else { continue }
            reportUnknownFields(of: link, FixedFields.link, in: "a link")
            if link["operationId"] != nil, let reference = link.entries?.first(where: { $0.key == "operationRef" }) {
                warning("a link gives both 'operationRef' and 'operationId'; OpenAPI allows one of them", atKeyOf: reference,
                        hint: "keep `operationId` for an operation of this description")
            }
            linksRead.append(link)
        }
    }

    /// What a link or example (or a map of them) is, for checking only: itself, or the target of a `$ref` inside its own
    /// document. A `$ref` to another file is not followed (links and examples generate no code, so their files are
    /// never loaded, as the prefetcher never loads them), and one that points nowhere is a warning, not an error.
    func documentationTarget(_ node: SpecNode) -> SpecNode? {
        guard let reference = node["$ref"]?.string else { return node }
        guard reference.hasPrefix("#") else { return nil }
        let start = diagnostics.count
        let target = dereference(node)
        for index in diagnostics.indices.dropFirst(start) {
            diagnostics[index] = diagnostics[index].downgradedToWarning(
                because: "links and examples generate no code, so the description is generated all the same")
        }
        return target
    }

    /// Reports each link whose `operationId` names no operation of the description.
    func checkLinkTargets(operationIDs: Set<String>) {
        for link in linksRead {
            guard let written = link["operationId"], let id = written.string, !operationIDs.contains(id) else { continue }
            let close = Self.closest(to: id, among: operationIDs.sorted(), within: max(1, id.count / 4))
            warning("the link's operationId '\(SwiftNaming.commentText(id))' names no operation of this description", at: written,
                    hint: close.map { "did you mean '\($0)'?" } ?? "use `operationRef` for an operation of another description")
        }
    }

    /// A schema's `xml` object: its fields, and OpenAPI 3.2's `nodeType` beside the `attribute` or `wrapped` it replaces.
    func checkXML(in schema: SpecNode) {
        guard let xml = schema["xml"], xml.isMapping else { return }
        reportUnknownFields(of: xml, FixedFields.xml, in: "an XML object")
        guard xml["nodeType"] != nil else { return }
        for replaced in ["attribute", "wrapped"] {
            guard let entry = xml.entries?.first(where: { $0.key == replaced }) else { continue }
            warning("'\(replaced)' beside 'nodeType': OpenAPI 3.2 replaced it by 'nodeType', and allows one of them", atKeyOf: entry,
                    hint: "keep `nodeType` (`attribute`, `element`, …)")
        }
    }
}
