import APIGenCore
import ArgumentParser
import Foundation

/// `apigen plan --json`: prints the typed plan the templates receive.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plan", abstract: "Print the plan the templates receive.")

    @Option(name: .long, help: "The configuration file.")
    var config = "apigen.yml"

    @Flag(name: .long, help: "Print the plan as JSON (the only format for now).")
    var json = false

    func run() throws {
        let console = Console()
        let loaded = try LoadedConfig.load(path: config, console: console)
        let outcome = Generator.generate(config: loaded.config, provider: FileSystemSourceProvider())
        console.report(loaded.diagnostics + outcome.diagnostics, sources: outcome.sources)
        guard let plan = outcome.plan, !outcome.hasErrors else { throw ExitCodes.failure }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        console.out(String(decoding: try encoder.encode(plan), as: UTF8.self))
    }
}
