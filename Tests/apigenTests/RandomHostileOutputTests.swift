import Foundation
import XCTest

/// Random hostile descriptions (``HostileSpecGenerator``, the same seeds as RandomHostileSpecTests) through the CLI:
/// exit 0 with output that type-checks against APIRuntime with zero warnings, or exit 1 with diagnostics and
/// nothing written; never a crash and never a file outside the output folder.
final class RandomHostileOutputTests: XCTestCase {
    func testGeneratedOutputsCompileOrTheRunFailsWithDiagnostics() throws {
        let swiftc = try XCTUnwrap(HostileOutputTests.findExecutable("swiftc"), "swiftc is not on PATH")
        let wanted = Int(ProcessInfo.processInfo.environment["APIGEN_RANDOM_COMPILES"] ?? "") ?? 8
        let modules = productsDirectory.appendingPathComponent("Modules")
        var compiled = 0
        var seed: UInt64 = 0
        while compiled < wanted, seed < UInt64(wanted) * 20 {
            seed += 1
            var random = HostileSpecGenerator(seed: seed)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-random-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("work"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let work = folder.appendingPathComponent("work")
            try Data(random.spec().utf8).write(to: work.appendingPathComponent("spec.yaml"))
            // Every other run also generates main's opt-in wire dispatcher, which names every operation and argument;
            // two runs in three give error cases their headers (structs named after hostile shared responses).
            try Data("spec: spec.yaml\noutput: Out\nwireDispatcher: \(seed % 2 == 0)\nerrorHeaders: \(seed % 3 != 0)\n".utf8)
                .write(to: work.appendingPathComponent("apigen.yml"))
            let result = try apigen([], in: work)
            XCTAssertTrue(result.status == 0 || result.status == 1, "seed \(seed): exit \(result.status)\n\(result.stderr)")
            let written = Set(snapshot(folder).keys)
            XCTAssertTrue(written.allSatisfy { $0 == "work/spec.yaml" || $0 == "work/apigen.yml" || $0.hasPrefix("work/Out/") },
                          "seed \(seed): \(written)")
            guard result.status == 0 else {
                XCTAssertTrue(result.stderr.contains(": error: "), "seed \(seed): exit 1 without a diagnostic\n\(result.stderr)")
                XCTAssertFalse(written.contains { $0.hasPrefix("work/Out/") }, "seed \(seed): a failed run wrote output")
                continue
            }
            let output = work.appendingPathComponent("Out")
            let sources = snapshot(output).keys.filter { $0.hasSuffix(".swift") }.sorted().map { output.appendingPathComponent($0).path }
            let check = try runProcess(swiftc, ["-typecheck", "-wmo", "-swift-version", "6", "-module-name", "RandomClient",
                                                "-I", modules.path, "-I", repositoryRoot.appendingPathComponent("Sources/CSQLite").path]
                                       + sources, in: work)
            let spec = (try? String(contentsOf: work.appendingPathComponent("spec.yaml"), encoding: .utf8)) ?? ""
            XCTAssertEqual(check.status, 0, "seed \(seed):\n\(check.stderr.prefix(3000))\n--- spec ---\n\(spec)")
            XCTAssertEqual(check.stderr.split(separator: "\n").filter { $0.contains("warning:") }, [], "seed \(seed)")
            compiled += 1
        }
        XCTAssertEqual(compiled, wanted, "too few random descriptions generated")
    }
}
