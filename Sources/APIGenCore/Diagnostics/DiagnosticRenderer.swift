/// Formats diagnostics as `file:line:col: error: message`, followed by the source line, a caret and a hint.
public struct DiagnosticRenderer: Sendable {
    /// Source texts by file name, used to show the offending line.
    public var sources: [String: String]

    /// Creates a renderer that can quote lines from `sources`.
    public init(sources: [String: String] = [:]) { self.sources = sources }

    /// Renders one diagnostic; lines are separated by `\n` and the result has no trailing newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        render(diagnostic) { file, number in sources[file].flatMap { Self.line(number, of: $0) } }
    }

    /// Renders many diagnostics, reading each quoted file's line starts once: a description with hundreds of
    /// warnings must not be scanned from its first byte for each of them.
    public func render(_ diagnostics: [Diagnostic]) -> [String] {
        var lineStarts: [String: [String.Index]] = [:]
        return diagnostics.map { diagnostic in
            render(diagnostic) { file, number in
                guard let text = sources[file] else { return nil }
                let starts = lineStarts[file] ?? Self.lineStarts(of: text)
                lineStarts[file] = starts
                guard number >= 1, number <= starts.count else { return nil }
                let start = starts[number - 1]
                let end = number < starts.count ? text.utf8.index(before: starts[number]) : text.endIndex
                return Self.trimmingCR(text[start..<end])
            }
        }
    }

    private func render(_ diagnostic: Diagnostic, quoting sourceLine: (String, Int) -> Substring?) -> String {
        var lines = [diagnostic.description]
        if let pointer = diagnostic.pointer, !pointer.isEmpty {
            lines[0] += " [at \(pointer)]"
        }
        lines[0] = Self.terminalText(lines[0])
        if let location = diagnostic.location, let sourceLine = sourceLine(location.file, location.line) {
            let printable = Self.terminalText(String(sourceLine.unicodeScalars.map { $0 == "\t" ? " " : Character($0) }))
            lines.append("    " + printable)
            let caretOffset = max(0, min(location.column - 1, printable.count))
            lines.append("    " + String(repeating: " ", count: caretOffset) + "^")
        }
        if let hint = diagnostic.hint {
            // A hint may span lines (a YAML snippet to paste); each stays indented, so none reads as a diagnostic.
            let hintLines = hint.split(separator: "\n", omittingEmptySubsequences: false).map { Self.terminalText(String($0)) }
            lines.append("    hint: " + hintLines[0])
            lines += hintLines.dropFirst().map { $0.hasPrefix(" ") ? $0 : "    " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` on one terminal line: spec text quoted in a message (a property name with a newline, a bidi override)
    /// cannot start a line of its own that CI would read as another diagnostic, nor reorder what is shown.
    static func terminalText(_ text: String) -> String {
        func unsafe(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: unsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if unsafe(scalar) { result += "\\u{" + String(scalar.value, radix: 16) + "}" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    private static func line(_ number: Int, of text: String) -> Substring? {
        // A byte scan: diagnostics on a 3 MB spec must not walk it Character by Character.
        guard number >= 1 else { return nil }
        let utf8 = text.utf8
        var current = 1
        var start = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") {
                if current == number { return Self.trimmingCR(text[start..<index]) }
                current += 1
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        return current == number ? Self.trimmingCR(text[start..<text.endIndex]) : nil
    }

    /// Where each line of `text` starts (the first at its start, each other after a `\n`).
    private static func lineStarts(of text: String) -> [String.Index] {
        // Offsets found on contiguous bytes (a 1.5 MB description: ~2 ms, against ~15 ms through `UTF8View`
        // indices), then turned into indices of `text`.
        var copy = text
        let offsets = copy.withUTF8 { bytes in
            var offsets = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { offsets.append(offset + 1) }
            return offsets
        }
        let utf8 = text.utf8
        return offsets.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    private static func trimmingCR(_ line: Substring) -> Substring {
        line.hasSuffix("\r") ? line.dropLast() : line
    }
}
