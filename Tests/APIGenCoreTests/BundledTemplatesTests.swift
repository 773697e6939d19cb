@testable import APIGenCore
import Foundation
import XCTest

/// The templates compiled into apigen must be exactly the files in Templates/.
final class BundledTemplatesTests: XCTestCase {
    func testBundledTemplatesMatchTemplatesFolder() throws {
        let folder = repositoryRoot.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        var onDisk: [String: String] = [:]
        for name in names {
            onDisk[String(name.dropLast(9))] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        XCTAssertEqual(Set(onDisk.keys), Set(BundledTemplates.all.keys), "run python3 Scripts/embed-templates.py")
        for (name, text) in onDisk {
            XCTAssertEqual(BundledTemplates.all[name].map { $0 + "\n" }, text, "\(name) is stale: run python3 Scripts/embed-templates.py")
        }
    }

    func testOverrideReplacesTemplateByName() throws {
        let (templates, diagnostics) = TemplateSet.bundled.overriding(
            with: ["client": "// custom {{name}}\n", "nonsense": "x"], folder: "Templates")
        XCTAssertEqual(templates.texts["client"], "// custom {{name}}\n")
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics[0].message.contains("nonsense.mustache"))
        var config = GeneratorConfig()
        config.spec = "a.yaml"
        let outcome = Generator.generate(config: config, provider: InMemorySourceProvider(["a.yaml": """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            paths: {}
            """]), templates: templates)
        XCTAssertEqual(outcome.file("ShopClient.swift"), "// custom ShopClient\n")
    }

    func testBrokenOverrideIsADiagnostic() {
        let (templates, _) = TemplateSet.bundled.overriding(with: ["client": "{{#open}} never closed"], folder: "T")
        var config = GeneratorConfig()
        config.spec = "a.yaml"
        let outcome = Generator.generate(config: config, provider: InMemorySourceProvider(["a.yaml": """
            openapi: 3.1.0
            info: { title: Shop, version: '1' }
            paths: {}
            """]), templates: templates)
        XCTAssertNil(outcome.files)
        XCTAssertTrue(outcome.diagnostics.contains { $0.message.contains("template 'client' does not parse") })
    }
}
