import Mustache

/// Stage 4: renders a ``GenerationPlan`` through the templates into sorted, normalised files.
public enum Renderer {
    /// Renders every file. Output depends only on the plan and the templates.
    public static func render(_ plan: GenerationPlan, templates: TemplateSet) throws(DiagnosticsError) -> [OutputFile] {
        let library = try templates.library()
        var files: [OutputFile] = []
        func render(_ object: Any, _ template: String, to path: String) {
            let text = library.render(object, withTemplate: template) ?? ""
            files.append(OutputFile(path: path, contents: normalise(text)))
        }
        for file in plan.modelFiles { render(file, "model-file", to: file.fileName) }
        for group in plan.groups { render(group, "api-group", to: group.fileName) }
        render(plan.client, "client", to: "\(plan.client.name).swift")
        for file in plan.validatorFiles { render(file, "validators", to: file.fileName) }
        return files.sorted { $0.path < $1.path }
    }

    /// Trailing whitespace removed, runs of blank lines folded to one, no blank line after `{` or before `}`,
    /// exactly one newline at the end: templates can be written for readability.
    static func normalise(_ text: String) -> String {
        var output: [Substring] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            let content = line.trimmingPrefix(while: { $0 == " " })
            if line.isEmpty {
                if output.isEmpty || output.last!.isEmpty || output.last!.hasSuffix("{")
                    || output.last!.trimmingPrefix(while: { $0 == " " }).hasPrefix("///") { continue }
            } else if content.hasPrefix("}"), output.last?.isEmpty == true {
                output.removeLast()
            } else if let previous = output.last, previous.trimmingPrefix(while: { $0 == " " }) == "}",
                      previous.count - 1 == line.count - content.count,
                      !content.hasPrefix("case ") && !content.hasPrefix("default:") && !content.hasPrefix(")") {
                output.append("")
            }
            output.append(line)
        }
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }
}

private extension Substring {
    func trimmingPrefix(while predicate: (Character) -> Bool) -> Substring {
        var copy = self
        while let first = copy.first, predicate(first) { copy = copy.dropFirst() }
        return copy
    }
}
