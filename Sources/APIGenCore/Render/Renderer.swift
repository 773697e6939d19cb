import Mustache

/// Stage 4: renders a ``GenerationPlan`` through the templates into sorted, normalised files.
public enum Renderer {
    /// Renders every file. Output depends only on the plan and the templates.
    public static func render(_ plan: GenerationPlan, templates: TemplateSet) throws(DiagnosticsError) -> [OutputFile] {
        let library = try templates.library()
        var files: [OutputFile] = []
        func render(_ object: Any, _ template: String, to path: String) {
            let text = library.render(MustacheContext.convert(object) ?? object, withTemplate: template) ?? ""
            files.append(OutputFile(path: path, contents: normalise(text)))
        }
        for file in plan.modelFiles { render(file, "model-file", to: file.fileName) }
        for group in plan.groups { render(group, "api-group", to: group.fileName) }
        render(plan.client, "client", to: "\(plan.client.name).swift")
        for file in plan.validatorFiles { render(file, "validators", to: file.fileName) }
        return files.sorted { $0.path < $1.path }
    }

    /// Lines that start a declaration: a blank line separates them from a closing brace before them.
    static let declarationStarts = ["///", "@", "public ", "package ", "internal ", "private ", "fileprivate ", "enum ",
                                    "struct ", "extension ", "static ", "func ", "init(", "indirect ", "typealias ", "//"]

    /// Trailing whitespace removed, runs of blank lines folded to one, no blank line after `{` or before `}`,
    /// exactly one newline at the end: templates can be written for readability.
    static func normalise(_ text: String) -> String {
        // Works on UTF-8 bytes: generated files are large and mostly ASCII; Characters would be ten times slower.
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr = UInt8(ascii: "\r")
        var lines: [ArraySlice<UInt8>] = []
        let bytes = Array(text.utf8)
        var start = 0
        func indentation(_ line: ArraySlice<UInt8>) -> Int { line.prefix { $0 == space }.count }
        func content(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> { line.drop { $0 == space } }
        func isEmpty(_ line: ArraySlice<UInt8>?) -> Bool { line?.isEmpty ?? true }
        for index in 0...bytes.count where index == bytes.count || bytes[index] == newline {
            var line = bytes[start..<index]
            start = index + 1
            while let last = line.last, last == space || last == tab || last == cr { line = line.dropLast() }
            let body = content(line)
            if line.isEmpty {
                guard let previous = lines.last, !previous.isEmpty, previous.last != UInt8(ascii: "{"),
                      !content(previous).starts(with: Self.docPrefix) else { continue }
            } else if body.first == UInt8(ascii: "}"), let previous = lines.last, previous.isEmpty {
                lines.removeLast()
            } else if let previous = lines.last, content(previous).elementsEqual([UInt8(ascii: "}")]),
                      indentation(previous) == indentation(line),
                      Self.declarationStartBytes.contains(where: { body.starts(with: $0) }) {
                lines.append([])
            }
            lines.append(line)
        }
        while let last = lines.last, last.isEmpty { lines.removeLast() }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for line in lines {
            output.append(contentsOf: line)
            output.append(newline)
        }
        if output.isEmpty { output.append(newline) }
        return String(decoding: output, as: UTF8.self)
    }

    private static let docPrefix = Array("///".utf8)
    private static let declarationStartBytes = declarationStarts.map { Array($0.utf8) }
}
