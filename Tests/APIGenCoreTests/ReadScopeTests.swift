@testable import APIGenCore
import Foundation
import XCTest

/// `$ref`s read only below the spec's folder and the folders the configuration lists.
final class ReadScopeTests: XCTestCase {
    /// Serves documents from memory and records every path it was asked for.
    final class RecordingProvider: SourceProvider, @unchecked Sendable {
        let files: [String: String]
        private let lock = NSLock()
        private var asked: [String] = []
        init(_ files: [String: String]) { self.files = files }
        var requested: [String] { lock.withLock { asked } }

        func read(_ path: String) throws -> [UInt8] {
            lock.withLock { asked.append(path) }
            guard let text = files[path] else { throw InMemorySourceProviderError(path: path) }
            return Array(text.utf8)
        }
    }

    static let spec = """
        openapi: 3.1.0
        info: { title: T, version: '1' }
        paths: {}
        components:
          schemas:
            Secret: { $ref: '../secret.yaml' }
            Absolute: { $ref: '/etc/passwd' }
            Shared: { $ref: '../shared/common.yaml' }
        """
    static let files = [
        "spec/openapi.yaml": spec,
        "secret.yaml": "type: string\n",
        "/etc/passwd": "type: string\n",
        "shared/common.yaml": "type: integer\n",
    ]

    func testReferencesOutsideTheSpecFolderAreErrorsAndAreNeverRead() {
        let provider = RecordingProvider(Self.files)
        var config = GeneratorConfig()
        config.spec = "spec/openapi.yaml"
        let outcome = Generator.generate(config: config, provider: provider)
        XCTAssertNil(outcome.files)
        XCTAssertEqual(outcome.diagnostics.filter { $0.severity == .error }.map(\.description), [
            "spec/openapi.yaml:6:21: error: reference to 'secret.yaml' leaves the folders apigen reads",
            "spec/openapi.yaml:7:23: error: reference to '/etc/passwd' leaves the folders apigen reads",
            "spec/openapi.yaml:8:21: error: reference to 'shared/common.yaml' leaves the folders apigen reads",
        ])
        XCTAssertEqual(provider.requested, ["spec/openapi.yaml"], "nothing outside was read, not even by the prefetcher")
    }

    func testConfiguredFoldersMayBeRead() throws {
        let provider = RecordingProvider(Self.files)
        var config = GeneratorConfig()
        config.spec = "spec/openapi.yaml"
        config.referenceFolders = ["shared"]
        let outcome = Generator.generate(config: config, provider: provider)
        let errors = outcome.diagnostics.filter { $0.severity == .error }.map(\.description)
        XCTAssertEqual(errors.count, 2, "\(errors)")
        XCTAssertFalse(errors.contains { $0.contains("shared/common.yaml") })
        XCTAssertTrue(provider.requested.contains("shared/common.yaml"))
        XCTAssertFalse(provider.requested.contains("secret.yaml"))
    }

    func testScopeArithmetic() {
        let relative = ReadScope(rootPath: "api-spec/openapi.yaml")
        XCTAssertTrue(relative.contains("api-spec/schemas/a.json"))
        XCTAssertTrue(relative.contains("api-spec/x/../b.json"))
        XCTAssertFalse(relative.contains("api-spec/../b.json"))
        XCTAssertFalse(relative.contains("api-spec-other/b.json"))
        XCTAssertFalse(relative.contains("/etc/passwd"))
        let here = ReadScope(rootPath: "openapi.yaml")
        XCTAssertTrue(here.contains("schemas/a.json"))
        XCTAssertFalse(here.contains("../a.json"))
        XCTAssertFalse(here.contains("/abs/a.json"))
        let absolute = ReadScope(rootPath: "/work/p/openapi.yaml", extraFolders: ["/work/shared/"])
        XCTAssertTrue(absolute.contains("/work/shared/a.yaml"))
        XCTAssertFalse(absolute.contains("/work/pother/a.yaml"))
        XCTAssertFalse(absolute.contains("/work/p/../secret.yaml"))
    }

    func testReferenceFoldersConfigKey() throws {
        let parsed = GeneratorConfig.parse(bytes: Array("referenceFolders: [../shared, common]\n".utf8), path: "apigen.yml")
        XCTAssertEqual(try XCTUnwrap(parsed.config).referenceFolders, ["../shared", "common"])
        let wrong = GeneratorConfig.parse(bytes: Array("referenceFolders: { a: b }\n".utf8), path: "apigen.yml")
        XCTAssertEqual(wrong.diagnostics.map(\.description), ["apigen.yml:1:19: error: 'referenceFolders' must list folder paths"])
    }
}
