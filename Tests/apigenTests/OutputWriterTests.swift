@testable import apigen
import APIGenCore
import Foundation
import XCTest

/// The writer is the last line of defence: whatever the plan says, no file lands outside the output folder.
final class OutputWriterTests: XCTestCase {
    func testPathsLeavingTheOutputFolderAreRefusedBeforeAnythingIsWritten() throws {
        let folder = try makeWorkspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Out")
        let writer = OutputWriter(folder: output.path)
        for path in ["../Escape.swift", "Models/../../Escape.swift", "/tmp/Escape.swift", "Models//Escape.swift", "./Escape.swift",
                     "Models/..", "", "a\\..\\Escape.swift", "Models/Esc\u{0}ape.swift", "Models/Esc\nape.swift"] {
            let files = [OutputFile(path: "Fine.swift", contents: "// fine\n"), OutputFile(path: path, contents: "struct Escaped {}\n")]
            XCTAssertThrowsError(try writer.changes(for: files), "\(path.debugDescription) is accepted") { error in
                XCTAssertTrue("\(error)".contains("refusing to write"), "\(error)")
            }
            // `apply` checks too, for a caller that made up its own changes.
            XCTAssertThrowsError(try writer.apply([.added(path)], files: files), path.debugDescription)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "nothing was written")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Escape.swift").path))
        XCTAssertNoThrow(try writer.changes(for: [OutputFile(path: "Models/a..b.swift", contents: "")]), "a name with two dots stays inside")
    }

    /// Stale files are looked for only in the output folder and its generated folders, so a file planned anywhere else
    /// would never be removed again: refused.
    func testFilesOutsideTheGeneratedFoldersAreRefused() throws {
        let writer = OutputWriter(folder: try makeWorkspace().appendingPathComponent("Out").path)
        for path in ["Extra/Thing.swift", "Models/Deep/Thing.swift", "Admin/APIs/Thing.swift"] {
            XCTAssertThrowsError(try writer.changes(for: [OutputFile(path: path, contents: "")]), path) { error in
                XCTAssertTrue("\(error)".contains("apigen writes files only into the output folder and its folders 'APIs'"), "\(error)")
            }
        }
        for path in ["Client.swift", "APIs/A.swift", "Checks/B.swift", "Models/C.swift"] {
            XCTAssertNoThrow(try writer.changes(for: [OutputFile(path: path, contents: "")]), path)
        }
    }

    /// Two runs started on a checkout without output (two CI jobs): both compare against nothing, the first moves its
    /// staged folder into place, and the second, finding the folder there when it writes, replaces file by file
    /// instead of failing. (Only the instant between that look and the move is left, where the move fails, named.)
    func testAFirstGenerationWhoseFolderAppearedMeanwhileIsWrittenFileByFile() throws {
        let output = try makeEmptyFolder().appendingPathComponent("Out")
        let writer = OutputWriter(folder: output.path)
        let files = [OutputFile(path: "Client.swift", contents: OutputWriter.header + "\n// new\n"),
                     OutputFile(path: "Models/A.swift", contents: OutputWriter.header + "\n// A\n")]
        let changes = try writer.changes(for: files)
        XCTAssertEqual(changes.map(\.description), ["missing: Client.swift", "missing: Models/A.swift"])
        // The other run's output lands between this run's comparison and its write.
        try FileManager.default.createDirectory(at: output.appendingPathComponent("Models"), withIntermediateDirectories: true)
        try Data((OutputWriter.header + "\n// old\n").utf8).write(to: output.appendingPathComponent("Client.swift"))
        try writer.apply(changes, files: files)
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("Client.swift"), encoding: .utf8), OutputWriter.header + "\n// new\n")
        XCTAssertEqual(try String(contentsOf: output.appendingPathComponent("Models/A.swift"), encoding: .utf8), OutputWriter.header + "\n// A\n")
        XCTAssertEqual(try writer.changes(for: files).count, 0)
    }

    /// Found in the corpus: a plan with two files at one path made the writer trap; it is an error now.
    func testDuplicatePathsAreAnErrorNotATrap() throws {
        let folder = try makeWorkspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = OutputWriter(folder: folder.appendingPathComponent("Out").path)
        for pair in [("Models/A.swift", "Models/A.swift"), ("Models/Item.swift", "Models/ITEM.swift")] {
            let files = [OutputFile(path: pair.0, contents: "// 1\n"), OutputFile(path: pair.1, contents: "// 2\n")]
            XCTAssertThrowsError(try writer.changes(for: files)) { XCTAssertTrue("\($0)".contains("two generated files"), "\($0)") }
        }
    }

    /// From outside: a spec whose `x-apigen-name` climbs out of the output folder makes apigen exit 1 with the location,
    /// and no file appears anywhere.
    func testEscapingNameOverrideExitsOneWithItsLocation() throws {
        let folder = try makeWorkspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
            openapi: 3.1.0
            info: { title: Hostile, version: '1' }
            paths: {}
            components:
              schemas:
                Evil:
                  type: object
                  x-apigen-name: ../../Escape
                  properties: { a: { type: string } }

            """
        try Data(spec.utf8).write(to: folder.appendingPathComponent("hostile.yaml"))
        try Data("spec: hostile.yaml\noutput: Out/Generated\n".utf8).write(to: folder.appendingPathComponent("apigen.yml"))
        let before = snapshot(folder)
        let result = try apigen([], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("hostile.yaml:8:22: error: 'x-apigen-name' must be a Swift identifier"), result.stderr)
        XCTAssertEqual(snapshot(folder), before)
    }

    func testClientNameThatIsNotAnIdentifierIsAConfigError() throws {
        let folder = try makeWorkspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("spec: api-spec/openapi.yaml\noutput: Out\nclientName: ../../Escape\n".utf8)
            .write(to: folder.appendingPathComponent("apigen.yml"))
        let result = try apigen([], in: folder)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("apigen.yml:3:13: error: 'clientName' must be a valid Swift identifier"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Out").path))
    }

    /// From outside: a write that fails part-way (the kernel refuses to grow a file past the process's size limit,
    /// as a full disk refuses any write) makes apigen exit 1 naming the file and the system's reason, and the previous
    /// output is left byte for byte as it was, with no staging folder behind; on a first run no output appears.
    func testAWriteThatFailsPartWayLeavesThePreviousOutputAsItWas() throws {
        let folder = try makeWorkspace()
        let output = folder.appendingPathComponent("Generated")
        let limited = try limitedFileSizeApigen(kilobytes: 4, in: folder)
        XCTAssertEqual(limited.status, 1, limited.stderr)
        XCTAssertTrue(limited.stderr.contains("File too large"), limited.stderr)
        XCTAssertTrue(limited.stderr.contains("apigen: error: could not write 'Generated/"), "names the file: \(limited.stderr)")
        XCTAssertTrue(limited.stderr.contains("nothing was changed"), limited.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "a first run that failed writes no output")
        XCTAssertEqual(try stagingLeftovers(in: folder), [])

        XCTAssertEqual(try apigen([], in: folder).status, 0)
        // Every file differs from what apigen makes, so the next run rewrites all of them, large ones included.
        for (path, contents) in snapshot(output) {
            try (contents + Data("// edited\n".utf8)).write(to: output.appendingPathComponent(path))
        }
        let before = snapshot(output)
        let failed = try limitedFileSizeApigen(kilobytes: 4, in: folder)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("File too large") && failed.stderr.contains("nothing was changed"), failed.stderr)
        XCTAssertEqual(snapshot(output), before, "the output is as it was before the failed run")
        XCTAssertEqual(try stagingLeftovers(in: folder), [])
        XCTAssertEqual(try apigen([], in: folder).status, 0, "the next run with room to write succeeds")
        XCTAssertEqual(try apigen(["--check"], in: folder).status, 0)
    }

    /// Runs the built apigen with its files limited to `kilobytes` (bash's `ulimit -f` counts 1,024-byte blocks) and
    /// SIGXFSZ ignored (an ignored signal stays ignored across `exec`), so a write past the limit fails with EFBIG.
    private func limitedFileSizeApigen(kilobytes: Int, in folder: URL) throws -> ProcessResult {
        // Under `swift test --sanitize=thread` apigen is built with ThreadSanitizer, whose runtime dies of SIGBUS
        // under such a limit before apigen runs (`ulimit -f 4; apigen --version` exits 66, "ThreadSanitizer: BUS on
        // unknown address"): nothing of apigen's could be observed. The plain and ASan runs check the behaviour.
        if dlsym(nil, "__tsan_init") != nil {
            throw XCTSkip("a ThreadSanitizer-built apigen cannot start under a \(kilobytes) KiB file-size limit")
        }
        let script = "trap '' XFSZ; ulimit -f \(kilobytes); exec \"$0\""
        return try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", script, productsDirectory.appendingPathComponent("apigen").path],
                              in: folder)
    }

    private func stagingLeftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".apigen-staging") }
    }
}
