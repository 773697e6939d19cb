import Foundation
import XCTest

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The folder holding built products (`apigen` is built because this test target depends on it).
var productsDirectory: URL {
    let bundle = Bundle.main.bundleURL
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
    }
    #endif
    return bundle.lastPathComponent.hasSuffix(".xctest") ? bundle.deletingLastPathComponent() : bundle
}

/// The result of running a process.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` with `arguments` in `directory`, capturing output.
@discardableResult
func runProcess(_ executable: URL, _ arguments: [String], in directory: URL, environment: [String: String]? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Both pipes are drained at once, before waiting: read one after the other, a child that fills the second
    // (64 KiB of compiler errors on stderr) blocks forever while the first is read to its end, and the suite hangs
    // instead of failing.
    let stderrData = PipeContents()
    let reading = DispatchGroup()
    let stderrHandle = err.fileHandleForReading
    DispatchQueue.global().async(group: reading) { stderrData.data = stderrHandle.readDataToEndOfFile() }
    let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
    reading.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                         stderr: String(decoding: stderrData.data, as: UTF8.self))
}

/// What one reader thread collected from a pipe; read only after that thread is done (`DispatchGroup.wait`).
private final class PipeContents: @unchecked Sendable {
    var data = Data()
}

/// Runs the built `apigen` in `directory`.
@discardableResult
func apigen(_ arguments: [String], in directory: URL) throws -> ProcessResult {
    try runProcess(productsDirectory.appendingPathComponent("apigen"), arguments, in: directory)
}

extension XCTestCase {
    /// A fresh, empty temporary folder, removed when the test ends.
    func makeEmptyFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-empty-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A fresh temporary folder holding a copy of the example API and its config, removed when the test ends.
    func makeWorkspace() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-cli-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("api-spec"), to: folder.appendingPathComponent("api-spec"))
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("apigen.yml"), to: folder.appendingPathComponent("apigen.yml"))
        return folder
    }
}

extension XCTestCase {
    /// A fresh temporary folder (removed when the test ends) holding `spec` as `specName` and an `apigen.yml` that
    /// generates it into `output`, after apigen ran there; fails the test when apigen did not exit 0.
    func generateInTemporaryFolder(spec: String, specName: String, output: String, file: StaticString = #filePath,
                                   line: UInt = #line) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-output-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(spec.utf8).write(to: folder.appendingPathComponent(specName))
        try Data("spec: \(specName)\noutput: \(output)\n".utf8).write(to: folder.appendingPathComponent("apigen.yml"))
        let generated = try apigen([], in: folder)
        XCTAssertEqual(generated.status, 0, generated.stderr, file: file, line: line)
        return folder
    }
}

/// The Swift files of `sources` type-checked as one module against the built runtime (`swiftc -typecheck -wmo`,
/// Swift 6): seconds, unlike building a consumer package.
func typecheck(_ sources: [String], moduleName: String, in folder: URL) throws -> ProcessResult {
    let swiftc = try XCTUnwrap(HostileOutputTests.findExecutable("swiftc"), "swiftc is not on PATH")
    let modules = productsDirectory.appendingPathComponent("Modules")
    return try runProcess(swiftc, ["-typecheck", "-wmo", "-swift-version", "6", "-module-name", moduleName,
                                   "-I", modules.path, "-I", repositoryRoot.appendingPathComponent("Sources/CSQLite").path]
                          + sources, in: folder)
}

/// The paths of the Swift files under `folder`, sorted.
func swiftSources(under folder: URL) -> [String] {
    snapshot(folder).keys.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
}

/// Every file under `folder` (relative path -> bytes).
func snapshot(_ folder: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return result }
    while let path = enumerator.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let full = folder.appendingPathComponent(path).path
        if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
            result[path] = FileManager.default.contents(atPath: full)
        }
    }
    return result
}
