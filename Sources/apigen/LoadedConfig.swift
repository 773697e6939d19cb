import APIGenCore
import Foundation

/// `apigen.yml` read from disk, with its paths made relative to the working directory.
struct LoadedConfig {
    var config: GeneratorConfig
    var templateOverrides: [String: String]
    var diagnostics: [Diagnostic]

    /// Reads the configuration; a missing file is a usage error (exit 64).
    static func load(path: String, console: Console) throws -> LoadedConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            switch SourceReadError.classify(path) {
            case .missing:
                console.error("error: no configuration at '\(path)'; run `apigen init` to create one, or pass --config FILE")
            case .folder:
                let inside = (path as NSString).appendingPathComponent("apigen.yml")
                console.error("error: '\(path)' is a folder; pass the configuration file, e.g. --config \(inside)")
            case .unreadable(let reason):
                console.error("error: cannot read the configuration '\(path)': \(reason)")
            }
            throw ExitCodes.usage
        }
        let parsed = GeneratorConfig.parse(bytes: Array(data), path: path)
        guard var config = parsed.config else {
            console.report(parsed.diagnostics, sources: [path: String(decoding: data, as: UTF8.self)])
            throw ExitCodes.failure
        }
        let base = (path as NSString).deletingLastPathComponent
        func relative(_ value: String) -> String {
            if value.hasPrefix("/") || base.isEmpty { return value }
            return (base as NSString).appendingPathComponent(value)
        }
        config.spec = relative(config.spec)
        config.output = relative(config.output)
        config.referenceFolders = config.referenceFolders.map(relative)
        if let problem = OutputFolderCheck.problem(output: config.output, config: path, spec: config.spec) {
            console.error("\(path): error: the output folder '\(config.output)' \(problem)")
            throw ExitCodes.failure
        }
        var overrides: [String: String] = [:]
        if let templates = config.templates {
            let folder = relative(templates)
            config.templates = folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
                console.error("\(path): error: templates folder '\(folder)' does not exist")
                throw ExitCodes.failure
            }
            for name in names.sorted() where name.hasSuffix(".mustache") {
                let file = (folder as NSString).appendingPathComponent(name)
                if let text = FileManager.default.contents(atPath: file) {
                    overrides[String(name.dropLast(".mustache".count))] = String(decoding: text, as: UTF8.self)
                }
            }
        }
        return LoadedConfig(config: config, templateOverrides: overrides, diagnostics: parsed.diagnostics)
    }
}
