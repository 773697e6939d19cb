import APIGenCore
import ArgumentParser
import Foundation

/// `apigen convert SPEC`: prints the OpenAPI 3.0 document apigen generates from for a Swagger 2.0 description.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Print the OpenAPI 3.0 document apigen reads for a Swagger 2.0 description (JSON).",
        discussion: """
            The same conversion `apigen generate` applies on load: tools that only read OpenAPI 3 (validators, \
            mock servers, the wire conformance harness) can judge exactly what apigen generated from.
            """)

    @Argument(help: "The Swagger 2.0 description (JSON or YAML).")
    var spec: String

    @Option(name: .shortAndLong, help: "Write the document to this file instead of standard output.")
    var output: String?

    func run() throws {
        let console = Console()
        let bytes: [UInt8]
        do {
            bytes = try FileSystemSourceProvider().read(spec)
        } catch {
            console.error("apigen: cannot read '\(spec)': \(error)")
            throw ExitCodes.failure
        }
        let text: String
        do {
            // Parameters in other files are read only below the spec's folder, as `apigen` reads references by default.
            let folder = URL(fileURLWithPath: spec).deletingLastPathComponent().standardizedFileURL.path + "/"
            text = try SwaggerConversion.convertedJSON(bytes: bytes, path: spec) { path in
                let url = URL(fileURLWithPath: path).standardizedFileURL
                guard url.path.hasPrefix(folder) else { return nil }
                return (try? Data(contentsOf: url)).map(Array.init)
            }
        } catch {
            console.report([error], sources: [spec: String(decoding: bytes, as: UTF8.self)])
            throw ExitCodes.failure
        }
        guard let output else {
            console.out(text)
            return
        }
        do {
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            let parent = (output as NSString).deletingLastPathComponent
            let reason = SourceReadError.classify(output) == .folder ? "it is a folder"
                : !parent.isEmpty && !FileManager.default.fileExists(atPath: parent) ? "the folder '\(parent)' does not exist"
                : FileErrorReason.describe(error)
            console.error("apigen: cannot write '\(output)': \(reason)")
            throw ExitCodes.failure
        }
    }
}
