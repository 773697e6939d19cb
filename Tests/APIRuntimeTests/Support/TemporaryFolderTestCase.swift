import Foundation
import XCTest

/// A test case with a fresh temporary folder for each test, removed afterwards: stores and caches write real files.
class TemporaryFolderTestCase: XCTestCase {
    /// This test's folder.
    var directory: URL!

    /// A store file in ``directory``.
    var path: String {
        directory.appendingPathComponent("store.sqlite").path
    }

    override func setUpWithError() throws {
        directory = try temporaryDirectory(String(describing: type(of: self)))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }
}
