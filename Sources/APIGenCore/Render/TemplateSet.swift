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
        for name in names {
            do {
                // Generated code is not HTML: no escaping, whatever tag a user writes.
                try library.register("{{% CONTENT_TYPE: TEXT}}" + texts[name]!, named: name)
            } catch {
                diagnostics.append(Diagnostic(.error, "template '\(name)' does not parse: \(error)",
                                              at: SourceLocation(file: "\(name).mustache", line: 1, column: 1)))
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        return library
    }
}
