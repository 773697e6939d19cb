import Foundation

/// Turns a `DecodingError` into one line naming the JSON path and the mismatch, e.g.
/// `members[3].ident: expected String, found number`.
///
/// The found kind comes from re-reading the body, because `DecodingError` only says it in free text that differs
/// between Foundation versions.
enum DecodingErrorMessage {
    static func describe(_ error: DecodingError, body: Data) -> String {
        let root = try? JSONDecoder().decode(JSONValue.self, from: body)
        switch error {
        case .typeMismatch(let type, let context):
            let (path, found) = locate(context.codingPath, in: root)
            return "\(path): expected \(typeName(type)), found \(found?.kindName ?? "another type")"
        case .valueNotFound(let type, let context):
            let (path, found) = locate(context.codingPath, in: root)
            if let found {
                return "\(path): expected \(typeName(type)), found \(found.kindName)"
            }
            return "\(path): expected \(typeName(type)), found nothing (\(context.debugDescription))"
        case .keyNotFound(let key, let context):
            let (path, _) = locate(context.codingPath, in: root)
            return "\(path): missing required key '\(key.stringValue)'"
        case .dataCorrupted(let context) where context.codingPath.isEmpty && root == nil:
            return "response body is not valid JSON (it starts with: \(excerpt(body)))"
        case .dataCorrupted(let context) where context.codingPath.isEmpty && context.debugDescription.contains("not valid JSON"):
            // The body parsed, yet the decoder calls it invalid: Linux Foundation reports a number that does not fit
            // the expected type (2.5 for an Int, 300 for an Int8) this way, without a path.
            return "response body: a number does not fit the expected type, e.g. a fraction where an integer is "
                + "expected (the decoder gives no path)"
        case .dataCorrupted(let context):
            let (path, _) = locate(context.codingPath, in: root)
            var message = "\(path): \(context.debugDescription)"
            if let underlying = context.underlyingError {
                message += " (\(underlying.localizedDescription))"
            }
            return message
        @unknown default:
            return String(describing: error)
        }
    }

    /// Renders `codingPath` as `members[3].ident` (or `response body` when empty) and finds the value it points at.
    static func locate(_ codingPath: [any CodingKey], in root: JSONValue?) -> (path: String, value: JSONValue?) {
        var path = ""
        var current = root
        for key in codingPath {
            if case .array(let elements)? = current, let index = key.intValue {
                path += "[\(index)]"
                current = elements.indices.contains(index) ? elements[index] : nil
            } else if case .object(let members)? = current {
                path += (path.isEmpty ? "" : ".") + key.stringValue
                current = members[key.stringValue]
            } else {
                // The body could not be read or the path left it; fall back to the key's own spelling.
                if let index = key.intValue, key.stringValue == "Index \(index)" {
                    path += "[\(index)]"
                } else {
                    path += (path.isEmpty ? "" : ".") + key.stringValue
                }
                current = nil
            }
        }
        return (path.isEmpty ? "response body" : path, current)
    }

    private static func excerpt(_ body: Data) -> String {
        let limit = 100
        let text = String(decoding: body.prefix(limit), as: UTF8.self)
        return text + (body.count > limit ? "…" : "")
    }

    private static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array<") { return "array" }
        if name.hasPrefix("Dictionary<") { return "object" }
        return name
    }
}
