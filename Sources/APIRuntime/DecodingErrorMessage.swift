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
            switch current {
            case .array(let elements)? where key.intValue != nil:
                let index = key.intValue!
                path += "[\(index)]"
                current = elements.indices.contains(index) ? elements[index] : nil
            case .object(let members)?:
                path += (path.isEmpty ? "" : ".") + key.stringValue
                current = members[key.stringValue]
            default:
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

    private static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array<") { return "array" }
        if name.hasPrefix("Dictionary<") { return "object" }
        return name
    }
}
