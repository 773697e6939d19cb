import APIGenCore
import XCTest

/// `apigen.yml` parsing.
final class GeneratorConfigTests: XCTestCase {
    func testAllKeys() throws {
        let parsed = GeneratorConfig.parse(bytes: Array("""
            spec: spec/api.json
            output: Sources/Client
            templates: MyTemplates
            access: internal
            clientName: Shop
            modelEquality: equatable
            nameOverrides: { Profile: Member }
            """.utf8), path: "apigen.yml")
        XCTAssertEqual(parsed.diagnostics, [])
        let config = try XCTUnwrap(parsed.config)
        XCTAssertEqual(config.spec, "spec/api.json")
        XCTAssertEqual(config.output, "Sources/Client")
        XCTAssertEqual(config.templates, "MyTemplates")
        XCTAssertEqual(config.access, .internal)
        XCTAssertEqual(config.clientName, "Shop")
        XCTAssertEqual(config.modelEquality, .equatable)
        XCTAssertEqual(config.nameOverrides, ["Profile": "Member"])
    }

    func testUnknownKeysAreRejectedWithTheirLocation() {
        let parsed = GeneratorConfig.parse(bytes: Array("spec: a.yaml\noutptu: Gen\naccess: open\n".utf8), path: "apigen.yml")
        XCTAssertNil(parsed.config)
        XCTAssertEqual(parsed.diagnostics.map(\.description), [
            "apigen.yml:2:1: error: unknown key 'outptu' in apigen.yml",
            "apigen.yml:3:9: error: 'access' must be one of public, internal, package; found 'open'",
        ])
        XCTAssertEqual(parsed.diagnostics.first?.hint, "did you mean 'output'?")
    }

    /// A URL read as a path lost a slash and was reported as a missing file.
    func testASpecURLIsRefusedWithHowToDownloadIt() {
        let parsed = GeneratorConfig.parse(bytes: Array("spec: https://api.example.com/openapi.yaml\n".utf8), path: "apigen.yml")
        XCTAssertNil(parsed.config)
        XCTAssertEqual(parsed.diagnostics.map(\.description),
                       ["apigen.yml:1:7: error: 'spec' must be a file path; apigen does not download descriptions"])
        XCTAssertEqual(parsed.diagnostics.first?.hint,
                       "download it next to apigen.yml (curl -fsSL -o api-spec/openapi.yaml https://api.example.com/openapi.yaml) and name that file")
        let file = GeneratorConfig.parse(bytes: Array("spec: file:///srv/openapi.yaml\n".utf8), path: "apigen.yml")
        XCTAssertEqual(file.diagnostics.first?.hint, "write the path without 'file://'")
    }

    /// `~` written into the configuration: the output went to the home folder while `--check` compared a folder named
    /// `~`, so every run rewrote it and `--check` always failed.
    func testAPathStartingWithATildeIsRefused() {
        let parsed = GeneratorConfig.parse(
            bytes: Array("spec: ~/api/openapi.yaml\noutput: ~/Generated\ntemplates: ~/templates\nreferenceFolders: [shared, ~/common]\n".utf8),
            path: "apigen.yml")
        XCTAssertNil(parsed.config)
        XCTAssertEqual(parsed.diagnostics.map(\.description), [
            "apigen.yml:1:7: error: 'spec' starts with '~', which apigen does not expand",
            "apigen.yml:2:9: error: 'output' starts with '~', which apigen does not expand",
            "apigen.yml:3:12: error: 'templates' starts with '~', which apigen does not expand",
            "apigen.yml:4:28: error: 'referenceFolders' starts with '~', which apigen does not expand",
        ])
        let fine = GeneratorConfig.parse(bytes: Array("output: Gen~erated\nspec: ~spec.yaml\n".utf8), path: "apigen.yml")
        XCTAssertEqual(fine.diagnostics.map(\.description), [])
    }

    func testMutableModelsDefaultsToFalseAndMustBeABoolean() throws {
        XCTAssertFalse(GeneratorConfig().mutableModels)
        let mutable = GeneratorConfig.parse(bytes: Array("mutableModels: true\n".utf8), path: "apigen.yml")
        XCTAssertEqual(try XCTUnwrap(mutable.config).mutableModels, true)
        let wrong = GeneratorConfig.parse(bytes: Array("mutableModels: sometimes\n".utf8), path: "apigen.yml")
        XCTAssertEqual(wrong.diagnostics.map(\.description), ["apigen.yml:1:16: error: 'mutableModels' must be true or false"])
    }

    func testErrorHeadersDefaultsToFalseAndMustBeABoolean() throws {
        XCTAssertFalse(GeneratorConfig().errorHeaders, "existing projects keep their error cases' shape")
        let on = GeneratorConfig.parse(bytes: Array("errorHeaders: true\n".utf8), path: "apigen.yml")
        XCTAssertEqual(try XCTUnwrap(on.config).errorHeaders, true)
        let wrong = GeneratorConfig.parse(bytes: Array("errorHeaders: yes please\n".utf8), path: "apigen.yml")
        XCTAssertEqual(wrong.diagnostics.map(\.description), ["apigen.yml:1:15: error: 'errorHeaders' must be true or false"])
    }

    func testModelEqualityDefaultsToHashableAndRejectsOtherValues() throws {
        XCTAssertEqual(GeneratorConfig().modelEquality, .hashable)
        let none = GeneratorConfig.parse(bytes: Array("modelEquality: none\n".utf8), path: "apigen.yml")
        XCTAssertEqual(try XCTUnwrap(none.config).modelEquality, .none)
        let parsed = GeneratorConfig.parse(bytes: Array("modelEquality: Hashable\n".utf8), path: "apigen.yml")
        XCTAssertNil(parsed.config)
        XCTAssertEqual(parsed.diagnostics.map(\.description),
                       ["apigen.yml:1:16: error: 'modelEquality' must be one of equatable, hashable, none; found 'Hashable'"])
    }

    func testInvalidOverrideName() {
        let parsed = GeneratorConfig.parse(bytes: Array("nameOverrides: { A: 'not valid' }\n".utf8), path: "c.yml")
        XCTAssertNil(parsed.config)
        XCTAssertTrue(parsed.diagnostics[0].message.contains("valid Swift identifier"))
    }

    func testEmptyFileIsTheDefault() throws {
        let parsed = GeneratorConfig.parse(bytes: Array("# nothing\n".utf8), path: "c.yml")
        XCTAssertEqual(try XCTUnwrap(parsed.config), GeneratorConfig())
    }
}
