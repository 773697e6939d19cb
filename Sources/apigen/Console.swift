import APIGenCore
import ArgumentParser
import Foundation

/// Exit codes of the CLI contract.
enum ExitCodes {
    /// Generation errors, or stale output with `--check`.
    static let failure = ExitCode(1)
    /// Usage errors: bad flags, missing configuration.
    static let usage = ExitCode(64)
}

/// Writes results to stdout and diagnostics to stderr.
struct Console {
    func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Prints diagnostics as `file:line:col: severity: message` with the source line, a caret and the hint.
    func report(_ diagnostics: [Diagnostic], sources: [String: String]) {
        let renderer = DiagnosticRenderer(sources: sources)
        for text in renderer.render(diagnostics) { error(text) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if errors + warnings > 0 {
            error("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")")
        }
    }
}
