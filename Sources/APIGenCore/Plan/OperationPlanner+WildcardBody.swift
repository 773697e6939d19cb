import Foundation

/// Request bodies whose media type is a wildcard (`*/*`, `image/*`): a wildcard is not a media type a request can
/// carry, so the caller says which one it sends.
extension OperationPlanner {
    /// Whether the body is raw content rather than JSON: a wildcard media type whose schema is a string (GitHub's
    /// release asset upload: `*/*` with `type: string`, "the raw file data"). Sending such a body as JSON would
    /// upload the file's text in quotes. A wildcard with any other schema stays JSON (`*/*` with a model is what
    /// generators such as springdoc write for JSON).
    func isRawWildcardBody(_ content: MediaContent) -> Bool {
        guard content.mediaType.contains("*"), let ref = content.schema else { return false }
        let schema = api[ref]
        guard schema.properties.isEmpty, schema.items == nil else { return false }
        return schema.types == [.string] || (schema.types.isEmpty && schema.format == "binary")
    }

    /// The `Content-Type` a raw body with this wildcard media type is sent with when the caller names none; nil
    /// when no concrete type fits every value the wildcard allows (`image/*`): the argument is then required.
    static func defaultContentType(forWildcard mediaType: String) -> String? {
        let base = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        switch base {
        case "*/*", "application/*": return "application/octet-stream"
        case "text/*": return "text/plain"
        default: return nil
        }
    }

    /// Adds the `contentType` argument of a raw body with a wildcard media type, after the body's; returns the name
    /// the method's body reads it by.
    func planWildcardContentType(_ mediaType: String, scope: inout NameScope, parameters: inout [MethodParameter],
                                 wireArguments: inout [WireArgumentPlan], parameterDocs: inout [String]) -> String {
        let label = scope.claim("contentType")
        let local = localName(for: label, scope: &scope)
        let fallback = Self.defaultContentType(forWildcard: mediaType)
        parameters.append(MethodParameter(label: label, local: local, type: "String",
                                          defaultValue: fallback.map { SwiftNaming.stringLiteral($0) }))
        // A defaulted argument is left to its default by the wire dispatcher; a required one is read like a header.
        if fallback == nil {
            wireArguments.append(WireArgumentPlan(label: label, swiftType: "String", isRequired: true,
                                                  location: .header, wireName: "Content-Type"))
        }
        let allowed = SwiftNaming.commentText(mediaType)
        parameterDocs.append("- Parameter \(label.replacingOccurrences(of: "`", with: "")): the body's media type, one that `\(allowed)` allows"
                             + (fallback.map { " (default `\($0)`)" } ?? ""))
        return local
    }
}
