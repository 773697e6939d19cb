#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// Runs one test method of this test bundle in a child process, so a test can kill it (SIGKILL) mid-way.
///
/// On Linux the test bundle is an executable that accepts `Module.Class/method` filters; on Apple platforms the
/// bundle is run through `xcrun xctest -XCTest <filter> <bundle>`.
enum ChildProcess {
    static func launch(test: String, environment: [String: String], bundleOf testCase: AnyClass) throws -> Process {
        let process = Process()
        #if os(Linux)
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = [test]
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xcrun")
        process.arguments = ["xctest", "-XCTest", test, Bundle(for: testCase).bundlePath]
        #endif
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Kills `process` with SIGKILL (no chance to clean up) and waits for it to end.
    static func sigkill(_ process: Process) {
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
