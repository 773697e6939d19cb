import Foundation

/// A loaded document: its path as referenced, its text (for quoting in diagnostics) and its node tree.
public struct SourceDocument: Sendable {
    /// The normalised path relative to the spec root's folder (or as the user gave it).
    public var path: String
    /// The decoded text.
    public var text: String
    /// The root node.
    public var root: SpecNode

    /// Parses `bytes`; `.json` files use the strict JSON parser, everything else YAML (which also reads JSON).
    public static func load(bytes: [UInt8], path: String) throws(Diagnostic) -> SourceDocument {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // Windows editors save "Unicode" as UTF-16 with a byte order mark: say which encoding to use instead.
            let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            throw Diagnostic(.error, utf16 ? "the file is UTF-16; save it as UTF-8" : "the file is not valid UTF-8",
                             at: SourceLocation(file: path, line: 1, column: 1))
        }
        let firstCharacter = text.first { !$0.isWhitespace && $0 != "\u{FEFF}" }
        let root: SpecNode
        if path.lowercased().hasSuffix(".json") || firstCharacter == "{" || firstCharacter == "[" {
            do {
                root = try JSONLoader.load(bytes, file: path)
            } catch {
                // JSON-looking YAML (comments, trailing commas are not YAML either): report the JSON error
                // unless YAML accepts the text.
                guard !path.lowercased().hasSuffix(".json"), let yaml = try? YAMLLoader.load(text, file: path) else {
                    throw error
                }
                root = yaml
            }
        } else {
            root = try YAMLLoader.load(text, file: path)
        }
        return SourceDocument(path: path, text: text, root: root)
    }
}
