import Foundation

/// Finds the configuration that generates a target's sources: `apigen.yml` in the target's folder (which the target
/// must `exclude:`), else the package's `apigen.yml` if its `output:` is the target's folder.
struct ConfigLocator {
    static let fileName = "apigen.yml"

    /// The package folder: the one `apigen.yml` sits in and configuration paths are given relative to.
    var packageFolder: URL

    /// The configuration for target `name` in `folder`, relative to the package folder where it is inside it.
    func config(forTarget name: String, folder: URL) throws -> String {
        let own = folder.appendingPathComponent(Self.fileName)
        if FileManager.default.fileExists(atPath: own.path) { return relativePath(own) }
        let shared = packageFolder.appendingPathComponent(Self.fileName)
        if let text = try? String(contentsOf: shared, encoding: .utf8),
           Self.canonical(URL(fileURLWithPath: Self.output(ofConfig: text), relativeTo: packageFolder)) == Self.canonical(folder) {
            return Self.fileName
        }
        throw PluginFailure(description: """
            target '\(name)' has no apigen configuration: add \(relativePath(own)) (and exclude it from the target), \
            or set `output: \(relativePath(folder))` in the package's \(Self.fileName)
            """)
    }

    /// The top-level `output:` of a configuration (`Generated` when absent, as apigen reads it). A line-based read:
    /// the plugin cannot link a YAML parser, and apigen itself reports anything malformed when it runs.
    static func output(ofConfig text: String) -> String {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("output:") {
            var value = Substring(line.dropFirst("output:".count))
            if let comment = value.range(of: " #") { value = value[..<comment.lowerBound] }
            value = value.drop { $0 == " " || $0 == "\t" }
            while let last = value.last, last == " " || last == "\t" || last == "\r" { value = value.dropLast() }
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = value.dropFirst().dropLast()
            }
            return String(value)
        }
        return "Generated"
    }

    private static func canonical(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    private func relativePath(_ url: URL) -> String {
        let base = Self.canonical(packageFolder) + "/"
        let path = Self.canonical(url)
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

/// A failure the plugin reports as its error message.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String
}
