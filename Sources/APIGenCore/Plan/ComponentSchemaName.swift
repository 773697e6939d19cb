/// The type name of a schema that is the whole schema of a reusable component other than a schema: a response, a
/// request body, a parameter or a header under `components` (`#/components/responses/Unauthorized/content/
/// application~1json/schema` -> `UnauthorizedResponse`, `#/components/parameters/direction/schema` ->
/// `DirectionParameter`), or Swagger 2.0's top-level `responses` and `parameters`. Every operation that refers to the
/// component shares its one type, so the type is named after the component, the way its validator is
/// (``ValidatorNaming``); named after the operation that happened to be planned first, it was renamed in every file
/// using it when an operation was added before that one, moved or removed.
enum ComponentSchemaName {
    static func name(of node: SpecNode) -> String? {
        // Asked of every schema the models are planned from: most live under `paths` and need no splitting.
        let pointer = node.pointer.utf8
        // A component schema's own name is given elsewhere (`/components/schemas/...` gives nil below).
        guard ["/components/", "/responses/", "/parameters/"].contains(where: { pointer.starts(with: $0.utf8) })
            && !pointer.starts(with: "/components/schemas/".utf8) || pointer.contains(UInt8(ascii: "%")) else { return nil }
        guard let tokens = JSONPointer.tokens(node.pointer), tokens.count >= 3 else { return nil }
        if tokens[0] == "components", tokens.count >= 4 {
            return name(kind: tokens[1], component: tokens[2], rest: tokens[3...]).map(startingWithALetter)
        }
        // Swagger 2.0 (converted nodes keep their original pointers): a response's `schema`, a body parameter's
        // `schema` and the schema the converter builds from another parameter's `type` and `enum` (`x-schema`).
        // Keyed by name: an index (`/parameters/3/schema`) is a list's, such as an operation's in a file of its own.
        guard Int(tokens[1]) == nil else { return nil }
        switch (tokens[0], tokens.count == 3 ? tokens[2] : "") {
        case ("responses", "schema"): return startingWithALetter(SwiftNaming.typeNamePart(tokens[1]) + "Response")
        case ("parameters", "schema"), ("parameters", "x-schema"): return startingWithALetter(SwiftNaming.typeNamePart(tokens[1]) + "Parameter")
        default: return nil
        }
    }

    /// A component named with a digit first (`2fa`) still gives an identifier (`_2faParameter`), as other type names do.
    static func startingWithALetter(_ name: String) -> String {
        name.first?.isNumber == true ? "_" + name : name
    }

    private static func name(kind: String, component: String, rest: ArraySlice<String>) -> String? {
        let component = SwiftNaming.typeNamePart(component)
        switch kind {
        case "parameters" where rest.elementsEqual(["schema"]):
            return component + "Parameter"
        case "headers" where rest.elementsEqual(["schema"]):
            return component + "Header"
        case "responses", "requestBodies":
            guard rest.count == 3, rest.first == "content", rest.last == "schema" else { return nil }
            let mediaType = rest[rest.startIndex + 1]
            // The usual JSON body adds nothing; another media type of the same component is named.
            let media = mediaType.lowercased().contains("json") ? "" : SwiftNaming.typeNamePart(mediaType)
            return component + (kind == "responses" ? "Response" : "RequestBody") + media
        default:
            return nil
        }
    }
}
