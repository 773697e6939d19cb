import APIGenCore
import Foundation
import XCTest

/// The example API's checked-in `Generated/` is the single copy of the expected output.
final class GoldenTests: XCTestCase {
    func testExampleAPIMatchesGeneratedFolder() throws {
        let configBytes = try XCTUnwrap(FileManager.default.contents(atPath: repositoryRoot.appendingPathComponent("apigen.yml").path))
        var config = try XCTUnwrap(GeneratorConfig.parse(bytes: Array(configBytes), path: "apigen.yml").config)
        config.spec = repositoryRoot.appendingPathComponent(config.spec).path
        let outcome = Generator.generate(config: config, provider: DiskSourceProvider())
        XCTAssertFalse(outcome.hasErrors, outcome.rendered.joined(separator: "\n"))
        let files = try XCTUnwrap(outcome.files)
        let generated = repositoryRoot.appendingPathComponent(config.output)
        var onDisk = Set<String>()
        let enumerator = FileManager.default.enumerator(atPath: generated.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { onDisk.insert(path) }
        }
        XCTAssertEqual(onDisk, Set(files.map(\.path)), "Generated/ has different files; run `swift run apigen`")
        for file in files {
            let expected = try String(contentsOf: generated.appendingPathComponent(file.path), encoding: .utf8)
            XCTAssertEqual(file.contents, expected, "\(file.path) differs from Generated/; run `swift run apigen`")
        }
    }

    func testGenerationIsDeterministicWithinOneProcess() throws {
        let spec = repositoryRoot.appendingPathComponent("api-spec/openapi.yaml").path
        var config = GeneratorConfig()
        config.spec = spec
        let first = Generator.generate(config: config, provider: DiskSourceProvider()).files
        let second = Generator.generate(config: config, provider: DiskSourceProvider()).files
        XCTAssertNotNil(first)
        XCTAssertEqual(first, second)
    }
}
