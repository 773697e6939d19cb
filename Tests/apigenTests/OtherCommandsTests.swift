import Foundation
import XCTest

/// `apigen init`, `plan --json`, `templates`, `convert`.
final class OtherCommandsTests: XCTestCase {
    func testInitThenGenerate() throws {
        let folder = try makeEmptyFolder()
        XCTAssertEqual(try apigen(["init"], in: folder).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("apigen.yml").path))
        let again = try apigen(["init"], in: folder)
        XCTAssertEqual(again.status, 1, "init never overwrites")
        let generated = try apigen([], in: folder)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated/Models/Item.swift").path))
    }

    /// init creates both files or neither: a failure part-way leaves no apigen.yml that would stop the next init.
    func testInitThatCannotFinishLeavesNothingBehind() throws {
        let folder = try makeEmptyFolder()
        try Data("notes\n".utf8).write(to: folder.appendingPathComponent("api-spec"))
        let refused = try apigen(["init"], in: folder)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderr.trimmingCharacters(in: .newlines),
                       "error: 'api-spec' is a file; apigen init puts the description in a folder of that name")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["api-spec"])

        // `api-spec` is a link that leads nowhere: creating the folder fails after apigen.yml was written, which is removed.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("api-spec"))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("api-spec").path, withDestinationPath: "nowhere")
        let failed = try apigen(["init"], in: folder)
        XCTAssertEqual(failed.status, 1)
        XCTAssertEqual(failed.stderr.trimmingCharacters(in: .newlines), "error: could not create 'api-spec': File exists; nothing was created")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("apigen.yml").path))
    }

    /// `apigen convert` is what the wire harness hands openapi-core for a Swagger 2.0 root: parameters kept in another
    /// file must come out converted (openapi-core reads no Swagger 2.0), and files outside the spec's folder stay unread.
    func testConvertWritesParametersOfOtherFilesConverted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-convert-\(UUID().uuidString)")
        let spec = folder.appendingPathComponent("spec")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("""
            {"swagger": "2.0", "info": {"title": "Pets", "version": "1"},
             "paths": {"/pets": {"get": {"parameters": [{"$ref": "parameters.json#/limitParam"},
                                                        {"$ref": "../outside.json#/offsetParam"}],
                                         "responses": {"200": {"description": "ok"}}}}}}
            """.utf8).write(to: spec.appendingPathComponent("swagger.json"))
        try Data(#"{"limitParam": {"name": "limit", "in": "query", "type": "integer", "format": "int32"}}"#.utf8)
            .write(to: spec.appendingPathComponent("parameters.json"))
        try Data(#"{"offsetParam": {"name": "offset", "in": "query", "type": "integer"}}"#.utf8)
            .write(to: folder.appendingPathComponent("outside.json"))
        let result = try apigen(["convert", "spec/swagger.json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let converted = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let paths = try XCTUnwrap(converted["paths"] as? [String: [String: [String: Any]]])
        let parameters = try XCTUnwrap(paths["/pets"]?["get"]?["parameters"] as? [[String: Any]])
        XCTAssertEqual(parameters.first?["name"] as? String, "limit")
        XCTAssertEqual((parameters.first?["schema"] as? [String: String])?["type"], "integer")
        XCTAssertEqual(parameters.last?["$ref"] as? String, "../outside.json#/offsetParam")
    }

    /// What `convert` cannot read or write is named in words, not as a Foundation error code.
    func testConvertSaysWhyItCannotReadOrWrite() throws {
        let folder = try makeWorkspace()
        let swagger = #"{"swagger": "2.0", "info": {"title": "t", "version": "1"}, "paths": {}}"#
        try Data(swagger.utf8).write(to: folder.appendingPathComponent("swagger.json"))
        let expectations: [([String], String)] = [
            (["convert", "api-spec"], "apigen: cannot read 'api-spec': it is a folder, not a file"),
            (["convert", "missing.json"], "apigen: cannot read 'missing.json': no such file"),
            (["convert", "swagger.json", "-o", "api-spec"], "apigen: cannot write 'api-spec': it is a folder"),
            (["convert", "swagger.json", "-o", "nowhere/out.json"], "apigen: cannot write 'nowhere/out.json': the folder 'nowhere' does not exist"),
        ]
        for (arguments, message) in expectations {
            let result = try apigen(arguments, in: folder)
            XCTAssertEqual(result.status, 1, "\(arguments)")
            XCTAssertEqual(result.stderr.trimmingCharacters(in: .newlines), message, "\(arguments)")
        }
        XCTAssertEqual(try apigen(["convert", "swagger.json", "-o", "out.json"], in: folder).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.json").path))
    }

    func testVersionPrintsTheVersion() throws {
        let result = try apigen(["--version"], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0.20.0")
    }

    func testInitWritesNoPlaceholderLinks() throws {
        let folder = try makeEmptyFolder()
        XCTAssertEqual(try apigen(["init"], in: folder).status, 0)
        let config = try String(contentsOf: folder.appendingPathComponent("apigen.yml"), encoding: .utf8)
        // A link is either to a real page or absent: a bare host or a "(see ...)" stand-in is a placeholder.
        let links = config.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "(" || $0 == ")" })
            .filter { $0.hasPrefix("http://") || $0.hasPrefix("https://") }
        XCTAssertEqual(links, [], "apigen.yml names its docs by file, with no link to a page that is not there")
        XCTAssertTrue(config.contains("Docs/configuration.md"), config)
    }

    func testPlanJSON() throws {
        let folder = try makeWorkspace()
        let result = try apigen(["plan", "--json"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        XCTAssertNotNil(object?["modelFiles"])
        XCTAssertEqual((object?["client"] as? [String: Any])?["name"] as? String, "MemberAPI")
    }

    func testTemplatesListAndCat() throws {
        let list = try apigen(["templates", "list"], in: repositoryRoot)
        XCTAssertEqual(list.stdout.split(separator: "\n"), ["api-group", "api-group-client", "api-group-validators", "client", "enum", "event-union",
                                                       "model-file", "operation-request", "outcome", "response-headers", "struct", "union", "validator-section", "validators",
                                                       "wire-dispatcher"])
        let cat = try apigen(["templates", "cat", "client"], in: repositoryRoot)
        XCTAssertEqual(cat.stdout, try String(contentsOf: repositoryRoot.appendingPathComponent("Templates/client.mustache"), encoding: .utf8))
        XCTAssertEqual(try apigen(["templates", "cat", "nope"], in: repositoryRoot).status, 64)
    }

    func testUserTemplatesOverrideByName() throws {
        let (folder, templates) = try makeTemplatesWorkspace()
        try Data("// my client {{name}}\n".utf8).write(to: templates.appendingPathComponent("client.mustache"))
        let run = try apigen([], in: folder)
        XCTAssertEqual(run.status, 0)
        XCTAssertEqual(try String(contentsOf: folder.appendingPathComponent("Out/MemberAPI.swift"), encoding: .utf8), "// my client MemberAPI\n")
        // The override dropped the header line: apigen says so, since it will never remove that file again.
        XCTAssertTrue(run.stderr.contains("MemberAPI.swift:1:1: warning: 1 generated file does not start with apigen's header line"), run.stderr)
        XCTAssertTrue(run.stderr.contains("hint: keep the header as the first line of every template in 'MyTemplates'"), run.stderr)
        let strict = try apigen(["--warnings-as-errors"], in: folder)
        XCTAssertEqual(strict.status, 1, strict.stderr)

        try Data("// Generated by apigen.\n// my client {{name}}\n".utf8).write(to: templates.appendingPathComponent("client.mustache"))
        let kept = try apigen([], in: folder)
        XCTAssertEqual(kept.status, 0)
        XCTAssertFalse(kept.stderr.contains("header line"), kept.stderr)
    }

    /// A template that does not parse is reported at its own line and column, in words.
    func testTemplateSyntaxErrorsNameTheirPlace() throws {
        let (folder, templates) = try makeTemplatesWorkspace()
        let cases = [
            ("// Generated by apigen.\n{{#name}}{{name}}\n", "client.mustache:3:1: error: template 'client' does not parse: a section is not closed: `{{/name}}` is missing"),
            ("{{#name}}{{/other}}", "client.mustache:1:13: error: template 'client' does not parse: a section is closed with a name other than the one it opened with"),
            ("// Generated by apigen.\n{{name}\n", "client.mustache:2:7: error: template 'client' does not parse: a tag is not closed with `}}`"),
        ]
        for (template, message) in cases {
            try Data(template.utf8).write(to: templates.appendingPathComponent("client.mustache"))
            let result = try apigen([], in: folder)
            XCTAssertEqual(result.status, 1, template)
            XCTAssertTrue(result.stderr.contains(message), "\(template.debugDescription): \(result.stderr)")
            XCTAssertFalse(result.stderr.contains("MustacheParserContext"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
    }

    /// The example workspace generating into `Out` with a `MyTemplates` folder of overrides (returned empty).
    private func makeTemplatesWorkspace() throws -> (folder: URL, templates: URL) {
        let folder = try makeWorkspace()
        let templates = folder.appendingPathComponent("MyTemplates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let config = try String(contentsOf: folder.appendingPathComponent("apigen.yml"), encoding: .utf8)
            .replacingOccurrences(of: "output: Generated", with: "output: Out\ntemplates: MyTemplates")
        try Data(config.utf8).write(to: folder.appendingPathComponent("apigen.yml"))
        return (folder, templates)
    }
}
