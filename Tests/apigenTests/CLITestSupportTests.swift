import Foundation
import XCTest

/// The process runner the CLI tests use must not hang on a child that writes a lot to both streams (a consumer
/// build failing with pages of compiler errors): it used to read stdout to its end before stderr, so a child that
/// filled the stderr pipe waited forever.
final class CLITestSupportTests: XCTestCase {
    func testAChildWritingMuchToBothStreamsIsReadWhole() throws {
        let shell = try XCTUnwrap(HostileOutputTests.findExecutable("sh"))
        let script = "head -c 1048576 /dev/zero | tr '\\0' e >&2; head -c 1048576 /dev/zero | tr '\\0' o; exit 3"
        let result = try runProcess(shell, ["-c", script], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stderr.utf8.count, 1_048_576)
        XCTAssertEqual(result.stdout.utf8.count, 1_048_576)
    }
}
