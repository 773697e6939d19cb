/// Formats diagnostics as `file:line:col: error: message`, followed by the source line, a caret and a hint.
public struct DiagnosticRenderer: Sendable {
    /// Source texts by file name, used to show the offending line.
    public var sources: [String: String]

    /// Creates a renderer that can quote lines from `sources`.
    public init(sources: [String: String] = [:]) { self.sources = sources }

    /// Renders one diagnostic; lines are separated by `\n` and the result has no trailing newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var lines = [diagnostic.description]
        if let pointer = diagnostic.pointer, !pointer.isEmpty {
            lines[0] += " [at \(pointer)]"
        }
        if let location = diagnostic.location, let text = sources[location.file],
           let sourceLine = Self.line(location.line, of: text) {
            let printable = String(sourceLine.unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
            lines.append("    " + printable)
            let caretOffset = max(0, min(location.column - 1, printable.count))
            lines.append("    " + String(repeating: " ", count: caretOffset) + "^")
        }
        if let hint = diagnostic.hint {
            lines.append("    hint: " + hint)
        }
        return lines.joined(separator: "\n")
    }

    private static func line(_ number: Int, of text: String) -> Substring? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "\n" || text[index] == "\r\n" {
                if current == number { return text[start..<index] }
                current += 1
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        return current == number ? text[start..<text.endIndex] : nil
    }
}
