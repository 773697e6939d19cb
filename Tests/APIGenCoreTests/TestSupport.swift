import APIGenCore
import Foundation
import XCTest

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Reads documents from disk (tests may do I/O; the core may not).
struct DiskSourceProvider: SourceProvider {
    func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        return Array(data)
    }
}

/// Generates from in-memory documents; the first document is the root.
func generate(_ files: [(String, String)], config: GeneratorConfig = GeneratorConfig()) -> Generator.Outcome {
    var config = config
    config.spec = files[0].0
    return Generator.generate(config: config, provider: InMemorySourceProvider(Dictionary(uniqueKeysWithValues: files)))
}

/// Generates from one OpenAPI document given as YAML.
func generate(yaml: String, config: GeneratorConfig = GeneratorConfig()) -> Generator.Outcome {
    generate([("openapi.yaml", yaml)], config: config)
}

extension Generator.Outcome {
    /// All generated text joined, for snippet assertions.
    var allText: String { (files ?? []).map(\.contents).joined(separator: "\n") }

    /// Diagnostics rendered the way the CLI prints them.
    var rendered: [String] {
        let renderer = DiagnosticRenderer(sources: sources)
        return diagnostics.map(renderer.render)
    }

    func file(_ path: String) -> String? { files?.first { $0.path == path }?.contents }
}

/// Asserts that `text` contains every snippet, showing the text on failure.
func assertContains(_ text: String, _ snippets: String..., file: StaticString = #filePath, line: UInt = #line) {
    for snippet in snippets where !text.contains(snippet) {
        XCTFail("missing snippet:\n\(snippet)\n--- in ---\n\(text.prefix(6000))", file: file, line: line)
    }
}

/// Wraps schema YAML (indented by 4) into a minimal OpenAPI 3.1 document under `components.schemas`.
func openAPI(schemas: String, version: String = "3.1.0") -> String {
    """
    openapi: \(version)
    info: { title: Test, version: '1' }
    paths: {}
    components:
      schemas:
    \(schemas)
    """
}
