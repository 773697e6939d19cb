import Mustache

/// The templates a run renders with: the bundled ones, overridden file by file by a user's `templates:` folder.
public struct TemplateSet: Sendable {
    /// Template texts by name (file name without `.mustache`).
    public private(set) var texts: [String: String]

    /// The templates compiled into apigen.
    public static var bundled: TemplateSet { TemplateSet(texts: BundledTemplates.all) }

    /// Names of all templates, sorted.
    public var names: [String] { texts.keys.sorted() }

    /// Replaces bundled templates with the user's; unknown names are reported (they would never be used).
    public func overriding(with overrides: [String: String], folder: String) -> (TemplateSet, [Diagnostic]) {
        var copy = self
        var diagnostics: [Diagnostic] = []
        for name in overrides.keys.sorted() {
            if texts[name] == nil {
                diagnostics.append(Diagnostic(.warning, "template '\(name).mustache' in '\(folder)' overrides nothing and is ignored",
                                              at: SourceLocation(file: "\(folder)/\(name).mustache", line: 1, column: 1),
                                              hint: "known templates: \(names.joined(separator: ", "))"))
                continue
            }
            copy.texts[name] = overrides[name]
        }
        return (copy, diagnostics)
    }

    /// Compiles every template into a library; syntax errors become diagnostics naming the template.
    func library() throws(DiagnosticsError) -> MustacheLibrary {
        var library = MustacheLibrary()
        var diagnostics: [Diagnostic] = []
        // Generated code is not HTML: no escaping, whatever tag a user writes.
        let textContent = "{{% CONTENT_TYPE: TEXT}}"
        for name in names {
            do {
                try library.register(textContent + texts[name]!, named: name)
            } catch let error as MustacheTemplate.ParserError {
                // The pragma sits before the template's first line, so columns there are shifted by its length.
                let line = error.context.lineNumber
                let column = line == 1 ? max(1, error.context.columnNumber - textContent.count) : error.context.columnNumber
                diagnostics.append(Diagnostic(.error, "template '\(name)' does not parse: \(Self.describe(error.error))",
                                              at: SourceLocation(file: "\(name).mustache", line: line, column: column)))
            } catch {
                diagnostics.append(Diagnostic(.error, "template '\(name)' does not parse: \(error)",
                                              at: SourceLocation(file: "\(name).mustache", line: 1, column: 1)))
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        return library
    }

    /// The Mustache parser's error in a template author's words.
    private static func describe(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .unfinishedName?: return "a tag is not closed with `}}`"
        case .expectedSectionEnd?: return "a section is not closed: `{{/name}}` is missing"
        case .sectionCloseNameIncorrect?: return "a section is closed with a name other than the one it opened with"
        case .invalidSetDelimiter?: return "a set-delimiter tag `{{=<% %>=}}` is malformed"
        case .invalidConfigVariableSyntax?, .unrecognisedConfigVariable?: return "a `{{% ...}}` pragma is malformed or unknown"
        default:
            // The reader's own error type is internal to the package; its one case means the text ran out.
            let text = String(describing: error)
            return text == "overflow" ? "the template ends inside a tag" : text
        }
    }
}
