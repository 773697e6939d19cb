import Foundation
import XCTest

/// `apigen generate` as a user runs it: separate processes, real files.
final class GenerateCommandTests: XCTestCase {
    func testTwoProcessesProduceIdenticalBytes() throws {
        let first = try makeWorkspace(), second = try makeWorkspace()
        XCTAssertEqual(try apigen([], in: first).status, 0)
        XCTAssertEqual(try apigen(["generate"], in: second).status, 0)
        let a = snapshot(first.appendingPathComponent("Generated"))
        let b = snapshot(second.appendingPathComponent("Generated"))
        XCTAssertGreaterThan(a.count, 10)
        XCTAssertEqual(a, b)
        // And the checked-in output is what this build produces.
        XCTAssertEqual(a.filter { $0.key.hasSuffix(".swift") },
                       snapshot(repositoryRoot.appendingPathComponent("Generated")).filter { $0.key.hasSuffix(".swift") })
    }

    func testCheckExitsOneAndNamesMissingStaleAndExtraFiles() throws {
        let folder = try makeWorkspace()
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        let current = try apigen(["--check"], in: folder)
        XCTAssertEqual(current.status, 0, current.stderr)

        let generated = folder.appendingPathComponent("Generated")
        try FileManager.default.removeItem(at: generated.appendingPathComponent("Models/Member.swift"))
        try Data("// edited\n".utf8).write(to: generated.appendingPathComponent("APIs/AuthAPI.swift"))
        let stale = try apigen(["generate", "--check"], in: folder)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stderr.contains("missing: Models/Member.swift"), stale.stderr)
        XCTAssertTrue(stale.stderr.contains("stale:   APIs/AuthAPI.swift"), stale.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: generated.appendingPathComponent("Models/Member.swift").path),
                       "--check writes nothing")
    }

    func testUnchangedFilesAreNotRewrittenAndDroppedFilesAreRemoved() throws {
        let folder = try makeWorkspace()
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        let generated = folder.appendingPathComponent("Generated")
        let userFile = generated.appendingPathComponent("Models/Handwritten.swift")
        try Data("// mine\n".utf8).write(to: userFile)
        let profile = generated.appendingPathComponent("Models/Member.swift").path
        let before = try FileManager.default.attributesOfItem(atPath: profile)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 1.1)
        let again = try apigen([], in: folder)
        XCTAssertTrue(again.stdout.contains("0 changed"), again.stdout)
        let after = try FileManager.default.attributesOfItem(atPath: profile)[.modificationDate] as? Date
        XCTAssertEqual(before, after, "an unchanged file is not rewritten")

        // Drop the currency operation and its schemas: their files go, the handwritten file stays.
        let specURL = folder.appendingPathComponent("api-spec/openapi.yaml")
        var spec = try String(contentsOf: specURL, encoding: .utf8)
        spec = spec.replacingOccurrences(of: "tags: [Currency]", with: "tags: [Reports]")
        try spec.write(to: specURL, atomically: true, encoding: .utf8)
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: generated.appendingPathComponent("APIs/CurrencyAPI.swift").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: userFile.path))
    }

    func testAManifestEntryLeavingTheOutputFolderIsIgnored() throws {
        let folder = try makeWorkspace()
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        let generated = folder.appendingPathComponent("Generated")
        let outside = folder.appendingPathComponent("Keep.swift")
        let sibling = generated.appendingPathComponent("Models/a..b.swift")
        try Data("// not apigen's\n".utf8).write(to: outside)
        try Data("// listed, inside, but its name has two dots\n".utf8).write(to: sibling)
        let manifest = generated.appendingPathComponent(".apigen-manifest")
        var text = try String(contentsOf: manifest, encoding: .utf8)
        text += "../Keep.swift\nModels/../../Keep.swift\n/\(outside.path)\nModels/a..b.swift\n"
        try text.write(to: manifest, atomically: true, encoding: .utf8)
        let result = try apigen([], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: outside.path), "a manifest line with '..' or a leading '/' is never removed")
        // Any line containing '..' is skipped, also one that stays inside: the manifest is apigen's own, so such a
        // line was put there by someone else.
        XCTAssertTrue(FileManager.default.fileExists(atPath: sibling.path))
    }

    func testBrokenRefPrintsLocationAndLeavesOutputUntouched() throws {
        let folder = try makeWorkspace()
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        let before = snapshot(folder.appendingPathComponent("Generated"))
        let specURL = folder.appendingPathComponent("api-spec/openapi.yaml")
        var spec = try String(contentsOf: specURL, encoding: .utf8)
        let range = try XCTUnwrap(spec.range(of: "schemas/friend.json"))
        spec.replaceSubrange(range, with: "schemas/fiend.json")
        try spec.write(to: specURL, atomically: true, encoding: .utf8)
        let result = try apigen([], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertNotNil(result.stderr.range(of: #"api-spec/openapi\.yaml:\d+:\d+: error: cannot read referenced file 'api-spec/schemas/fiend\.json'"#,
                                            options: .regularExpression), result.stderr)
        XCTAssertTrue(result.stderr.contains("^"), "the source line and a caret are shown")
        XCTAssertEqual(snapshot(folder.appendingPathComponent("Generated")), before)
    }

    func testUsageErrorsExit64() throws {
        let folder = try makeWorkspace()
        XCTAssertEqual(try apigen(["--no-such-flag"], in: folder).status, 64)
        let missing = try apigen(["--config", "nope.yml"], in: folder)
        XCTAssertEqual(missing.status, 64)
        XCTAssertTrue(missing.stderr.contains("no configuration at 'nope.yml'"))
    }

    func testInvalidConfigNamesTheKey() throws {
        let folder = try makeWorkspace()
        try Data("spec: api-spec/openapi.yaml\noutputs: Gen\n".utf8).write(to: folder.appendingPathComponent("apigen.yml"))
        let result = try apigen([], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("apigen.yml:2:1: error: unknown key 'outputs' in apigen.yml"), result.stderr)
    }

    func testWarningsAsErrorsAndDryRun() throws {
        let folder = try makeWorkspace()
        let strict = try apigen(["generate", "--warnings-as-errors"], in: folder)
        XCTAssertEqual(strict.status, 1, "the example has enum case collisions, reported as warnings")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
        let dry = try apigen(["generate", "--dry-run"], in: folder)
        XCTAssertEqual(dry.status, 0)
        XCTAssertTrue(dry.stdout.contains("missing: Models/Member.swift"), dry.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Generated").path))
    }

    func testFirstGenerationMovesTheStagedFolderIntoPlaceAndTimingsNameEveryStage() throws {
        let folder = try makeWorkspace()
        let first = try apigen(["generate", "--timings"], in: folder)
        XCTAssertEqual(first.status, 0, first.stderr)
        let timings = try XCTUnwrap(first.stderr.split(separator: "\n").first { $0.hasPrefix("apigen: resolve ") }, first.stderr)
        for stage in ["resolve", "plan", "render", "compare", "write", "total"] {
            XCTAssertNotNil(timings.range(of: #"\b\#(stage) [0-9]+ ms"#, options: .regularExpression), "\(stage) in \(timings)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".apigen-staging") }
        XCTAssertEqual(leftovers, [], "the staging folder became the output")
        let generated = folder.appendingPathComponent("Generated")
        XCTAssertEqual(snapshot(generated).filter { $0.key.hasSuffix(".swift") },
                       snapshot(repositoryRoot.appendingPathComponent("Generated")).filter { $0.key.hasSuffix(".swift") })
        // An existing output folder is updated file by file and the staging folder removed again.
        try FileManager.default.removeItem(at: generated.appendingPathComponent("Models/Member.swift"))
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: generated.appendingPathComponent("Models/Member.swift").path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".apigen-staging") }, [])
    }
}
