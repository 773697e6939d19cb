import APIGenCore
import ArgumentParser
import Foundation

/// `apigen generate`: writes the generated sources, or with `--check` verifies they are current.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift sources from the API description named in apigen.yml."
    )

    @Option(name: .long, help: "The configuration file.")
    var config = "apigen.yml"

    @Flag(name: .long, help: "Write nothing; exit 1 and name every stale, missing or extra file if the output is not current.")
    var check = false

    @Flag(name: .long, help: "Write nothing; list the files that would change.")
    var dryRun = false

    @Flag(name: .long, help: "Treat warnings as errors.")
    var warningsAsErrors = false

    @Flag(name: .long, help: "Print how long each stage took (resolve, plan, render, write) to standard error.")
    var timings = false

    func run() throws {
        let console = Console()
        let loaded = try LoadedConfig.load(path: config, console: console)
        let templates = TemplateSet.bundled.overriding(with: loaded.templateOverrides, folder: loaded.config.templates ?? "")
        let outcome = Generator.generate(config: loaded.config, provider: FileSystemSourceProvider(), templates: templates.0)
        var diagnostics = loaded.diagnostics + templates.1 + outcome.diagnostics
        if let files = outcome.files, let warning = Self.filesWithoutHeader(files, templates: loaded.config.templates) {
            diagnostics.append(warning)
        }
        if warningsAsErrors {
            diagnostics = diagnostics.map { diagnostic in
                var copy = diagnostic
                if copy.severity == .warning { copy.severity = .error }
                return copy
            }
        }
        console.report(diagnostics, sources: outcome.sources)
        guard let files = outcome.files, !diagnostics.contains(where: { $0.severity == .error }) else {
            console.error("apigen: generation failed; '\(loaded.config.output)' was not changed")
            throw ExitCodes.failure
        }
        var stageTimings = outcome.timings
        let writer = OutputWriter(folder: loaded.config.output)
        let changes: [OutputWriter.Change]
        do {
            changes = try StageTiming.measure("compare", into: &stageTimings) { try writer.changes(for: files) }
        } catch {
            console.error("apigen: error: \(error); '\(loaded.config.output)' was not changed")
            throw ExitCodes.failure
        }
        defer { if timings { console.error(Self.describe(stageTimings)) } }
        if check {
            if changes.isEmpty {
                console.out("apigen: '\(loaded.config.output)' is up to date (\(files.count) files)")
                return
            }
            for change in changes { console.error("\(change.description)") }
            console.error("apigen: '\(loaded.config.output)' is stale: \(changes.count) file\(changes.count == 1 ? "" : "s") differ; run `swift run apigen`")
            throw ExitCodes.failure
        }
        if dryRun {
            for change in changes { console.out(change.description) }
            console.out("apigen: \(changes.count) file\(changes.count == 1 ? "" : "s") would change")
            return
        }
        do {
            try StageTiming.measure("write", into: &stageTimings) { try writer.apply(changes, files: files) }
        } catch {
            console.error("apigen: error: \(error)")
            throw ExitCodes.failure
        }
        console.out("apigen: \(files.count) files in '\(loaded.config.output)', \(changes.count) changed")
        if timings { console.error(Self.describe(stageTimings)) }
        // Everything is written (Console writes unbuffered): returning would free the resolved documents, the plan
        // and the files one allocation at a time just before the process ends, 5-10% of a run on a large API.
        withExtendedLifetime(outcome) { Foundation.exit(0) }
    }

    /// A custom template that drops the header line makes files apigen cannot recognise as its own later: it would
    /// never remove them once it stops producing them (OutputWriter), so they are named before they are written.
    static func filesWithoutHeader(_ files: [OutputFile], templates: String?) -> Diagnostic? {
        let headerless = files.filter { !$0.contents.hasPrefix(OutputWriter.header) }.map(\.path)
        guard let first = headerless.first else { return nil }
        let listed = headerless.prefix(3).joined(separator: ", ") + (headerless.count > 3 ? ", …" : "")
        return Diagnostic(.warning, "\(headerless.count) generated file\(headerless.count == 1 ? " does" : "s do") not start with "
                            + "apigen's header line `\(OutputWriter.header)` (\(listed)): apigen will not recognise "
                            + "\(headerless.count == 1 ? "it" : "them") as its own and so never remove \(headerless.count == 1 ? "it" : "them")",
                          at: SourceLocation(file: first, line: 1, column: 1),
                          hint: "keep the header as the first line of every template in '\(templates ?? "templates")'")
    }

    static func describe(_ timings: [StageTiming]) -> String {
        let total = timings.reduce(0) { $0 + $1.seconds }
        return "apigen: " + (timings + [StageTiming(stage: "total", seconds: total)])
            .map { "\($0.stage) \(Int(($0.seconds * 1000).rounded())) ms" }.joined(separator: ", ")
    }
}
