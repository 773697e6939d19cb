import Foundation

/// Runs `apigen generate --config FILE` for each configuration in a folder, its output passed straight through.
struct APIGenRunner {
    var apigen: URL
    var folder: URL

    /// Runs every configuration (the folder's `apigen.yml` when `configs` is empty), then fails naming each that
    /// failed. `arguments` go to apigen; `selection` is the plugin's own arguments, repeated in the hint.
    func run(configs: [String], arguments: [String], selection: [String]) throws {
        // A target whose configuration is the package's apigen.yml and `--config apigen.yml` run it once.
        var seen: Set<String> = []
        var configs = configs.filter { seen.insert($0).inserted }
        if configs.isEmpty {
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(ConfigLocator.fileName).path) else {
                throw PluginFailure(description: """
                    no \(ConfigLocator.fileName) in \(folder.path): pass --target NAME for a target with its own \
                    \(ConfigLocator.fileName), or --config FILE (`swift run apigen init` writes a starting one)
                    """)
            }
            configs = [ConfigLocator.fileName]
        }
        var failures: [String] = []
        for config in configs {
            let process = Process()
            process.executableURL = apigen
            process.arguments = ["generate", "--config", config] + arguments
            process.currentDirectoryURL = folder
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failures.append("\(config) (exit \(process.terminationStatus))") }
        }
        guard !failures.isEmpty else { return }
        let command = ([PluginInvocation.regenerateCommand] + selection).joined(separator: " ")
        if arguments.contains("--check") {
            throw PluginFailure(description: """
                apigen --check failed for \(failures.joined(separator: ", ")): the sources in the package differ from what \
                it generates, or it reports errors (see its messages above); regenerate with `\(command)`
                """)
        }
        throw PluginFailure(description: "apigen failed for \(failures.joined(separator: ", ")); see its messages above")
    }
}
