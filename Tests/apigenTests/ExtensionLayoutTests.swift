import Foundation
import XCTest

/// The Swift driver recompiles every file that looks up a member of a type whenever a file extending that type
/// changes its top level (extensions carry no fingerprint; Docs/performance.md). So no generated type may be
/// extended from files of different owners: the client is extended only by the groups' `+Client` files (one
/// accessor each), and a group type only by its own group's files. Until ac26638 every model file extended a shared
/// `Validators` enum, and a schema edit that added an inline type recompiled 360 of GitHub's 762 files.
final class ExtensionLayoutTests: XCTestCase {
    func testNoTypeIsExtendedFromFilesOfDifferentOwners() throws {
        let output = repositoryRoot.appendingPathComponent("Generated")
        let files = snapshot(output).filter { $0.key.hasSuffix(".swift") }
        XCTAssertFalse(files.isEmpty, "the example's Generated/ is committed")
        let declaration = try NSRegularExpression(pattern: #"^(?:public |package )?(?:struct|enum|indirect enum|final class|class|actor) ([A-Za-z_][A-Za-z0-9_]*)"#,
                                                  options: .anchorsMatchLines)
        let extensionLine = try NSRegularExpression(pattern: #"^extension ([A-Za-z_][A-Za-z0-9_]*)"#, options: .anchorsMatchLines)
        var declaredIn: [String: String] = [:]
        var extendedFrom: [String: Set<String>] = [:]
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            let range = NSRange(text.startIndex..., in: text)
            for match in declaration.matches(in: text, range: range) {
                let type = String(text[Range(match.range(at: 1), in: text)!])
                declaredIn[type] = path
            }
            for match in extensionLine.matches(in: text, range: range) {
                let type = String(text[Range(match.range(at: 1), in: text)!])
                extendedFrom[type, default: []].insert(path)
            }
        }
        XCTAssertNotNil(declaredIn["MemberAPI"], "the example's client")
        XCTAssertFalse(extendedFrom.isEmpty)
        for (type, paths) in extendedFrom {
            let home = try XCTUnwrap(declaredIn[type], "\(type) is extended in \(paths.sorted()) but declared nowhere in Generated/")
            let owner = (home as NSString).deletingPathExtension
            for path in paths where path != home {
                let isGroupFile = path.hasPrefix(owner + "+")
                let isAccessor = type == "MemberAPI" && path.hasSuffix("+Client.swift")
                XCTAssertTrue(isGroupFile || isAccessor, "\(path) extends \(type), which \(home) declares")
            }
        }
    }
}
