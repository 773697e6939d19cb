import Foundation
import XCTest

/// The `generate-api` command plugin used the way a consumer uses it: a new package depends on this one by path and
/// runs `swift package --allow-writing-to-package-directory generate-api`. One target is generated from the package's
/// `apigen.yml` (whose `output:` is the target's folder), one from an `apigen.yml` in its own folder; the package
/// builds, `--check` passes, then fails naming what is stale once a generated file is deleted and a spec edited; the
/// same through `check-api`, which asks for no permission.
/// Building apigen inside the consumer dominates the run (one package, so it is built once).
final class GenerateAPIPluginTests: XCTestCase {
    func testPluginGeneratesChecksAndBuildsConsumerPackage() throws {
        let swift = try XCTUnwrap(ConsumerPackageTests.findSwift(), "swift is not on PATH")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-plugin-consumer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("api-spec"), to: folder.appendingPathComponent("api-spec"))
        let config = try String(contentsOf: repositoryRoot.appendingPathComponent("apigen.yml"), encoding: .utf8)
        try write(config.replacingOccurrences(of: "output: Generated", with: "output: Sources/MemberClient"), to: folder, "apigen.yml")
        try write(ConsumerPackageTests.accessorKeywordSpec, to: folder, "keywords.yaml")
        // `output:` left out: the default, Generated, is a folder inside the target.
        try write("spec: ../../keywords.yaml\n", to: folder, "Sources/KeywordClient/apigen.yml")
        try write("func distinct(_ members: [Member]) -> Set<Member> { Set(members) }\n", to: folder, "Sources/MemberClient/Consumer.swift")
        try write("func inner(of holder: Holder) -> Inner { holder.read }\n", to: folder, "Sources/KeywordClient/Consumer.swift")
        try write("import KeywordClient\nimport MemberClient\n\nfunc count(_ members: [Member]) -> Int { members.count }\n",
                  to: folder, "Sources/App/App.swift")
        let runtime = ".product(name: \"APIRuntime\", package: \"\(repositoryRoot.lastPathComponent.lowercased())\")"
        try write("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "PluginConsumer",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(path: "\(repositoryRoot.path)")],
                targets: [
                    .target(name: "MemberClient", dependencies: [\(runtime)]),
                    .target(name: "KeywordClient", dependencies: [\(runtime)], exclude: ["apigen.yml"]),
                    .target(name: "App", dependencies: ["MemberClient", "KeywordClient"]),
                ]
            )

            """, to: folder, "Package.swift")

        func plugin(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let started = Date()
            let result = try runProcess(swift, ["package", "--allow-writing-to-package-directory", "generate-api"] + arguments, in: folder)
            print("GenerateAPIPluginTests: generate-api \(arguments.joined(separator: " ")): \(seconds(since: started))")
            return (result.status, result.stdout + result.stderr)
        }
        // `check-api` declares no permission: it runs without `--allow-writing-to-package-directory`, as CI would.
        func check(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let started = Date()
            let result = try runProcess(swift, ["package", "check-api"] + arguments, in: folder)
            print("GenerateAPIPluginTests: check-api \(arguments.joined(separator: " ")): \(seconds(since: started))")
            return (result.status, result.stdout + result.stderr)
        }
        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
        }

        let generate = try plugin(["--target", "MemberClient", "--target", "KeywordClient"])
        XCTAssertEqual(generate.status, 0, generate.output)
        XCTAssertTrue(exists("Sources/MemberClient/Models/Member.swift"), generate.output)
        XCTAssertTrue(exists("Sources/KeywordClient/Generated/Models/Holder.swift"), generate.output)
        XCTAssertTrue(exists("Sources/MemberClient/Consumer.swift") && exists("Sources/KeywordClient/Consumer.swift"))

        let unconfigured = try plugin(["--target", "App"])
        XCTAssertNotEqual(unconfigured.status, 0, unconfigured.output)
        XCTAssertTrue(unconfigured.output.contains("target 'App' has no apigen configuration"), unconfigured.output)

        let started = Date()
        let build = try runProcess(swift, ["build"], in: folder)
        print("GenerateAPIPluginTests: swift build: \(seconds(since: started))")
        XCTAssertEqual(build.status, 0, build.stdout + build.stderr)

        // Without --target, the package's apigen.yml.
        let current = try plugin(["--check"])
        XCTAssertEqual(current.status, 0, current.output)
        XCTAssertTrue(current.output.contains("apigen: 'Sources/MemberClient' is up to date"), current.output)
        let currentWithoutPermission = try check(["--target", "MemberClient", "--target", "KeywordClient"])
        XCTAssertEqual(currentWithoutPermission.status, 0, currentWithoutPermission.output)
        XCTAssertTrue(currentWithoutPermission.output.contains("apigen: 'Sources/KeywordClient/Generated' is up to date"),
                      currentWithoutPermission.output)

        try FileManager.default.removeItem(at: folder.appendingPathComponent("Sources/MemberClient/Models/Member.swift"))
        let spec = try String(contentsOf: folder.appendingPathComponent("keywords.yaml"), encoding: .utf8)
        let edited = spec.replacingOccurrences(of: "Inner: { type: object, properties: { value: { type: string } } }",
                                               with: "Inner: { type: object, properties: { value: { type: integer } } }")
        XCTAssertNotEqual(edited, spec)
        try write(edited, to: folder, "keywords.yaml")
        let stale = try plugin(["--check", "--target", "MemberClient", "--target", "KeywordClient"])
        XCTAssertNotEqual(stale.status, 0, stale.output)
        for expected in ["missing: Models/Member.swift", "stale:   Models/Inner.swift",
                         "apigen --check failed for apigen.yml (exit 1), Sources/KeywordClient/apigen.yml (exit 1)",
                         "regenerate with `swift package --allow-writing-to-package-directory generate-api --target MemberClient --target KeywordClient`"] {
            XCTAssertTrue(stale.output.contains(expected), "expected '\(expected)' in:\n\(stale.output)")
        }
        XCTAssertFalse(exists("Sources/MemberClient/Models/Member.swift"), "--check wrote a file")
        let staleWithoutPermission = try check(["--target", "KeywordClient"])
        XCTAssertNotEqual(staleWithoutPermission.status, 0, staleWithoutPermission.output)
        for expected in ["stale:   Models/Inner.swift", "apigen --check failed for Sources/KeywordClient/apigen.yml (exit 1)",
                         "regenerate with `swift package --allow-writing-to-package-directory generate-api --target KeywordClient`"] {
            XCTAssertTrue(staleWithoutPermission.output.contains(expected), "expected '\(expected)' in:\n\(staleWithoutPermission.output)")
        }

        let regenerate = try plugin([])
        XCTAssertEqual(regenerate.status, 0, regenerate.output)
        XCTAssertTrue(exists("Sources/MemberClient/Models/Member.swift"), regenerate.output)
    }

    private func write(_ text: String, to folder: URL, _ path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func seconds(since start: Date) -> String {
        String(format: "%.1f s", Date().timeIntervalSince(start))
    }
}
