import Foundation
import XCTest

/// A spec edit changes only the generated files that depend on what was edited, names do not move when unrelated
/// parts of the spec change, and two branches that each regenerate merge without conflicts (issue 17).
final class RegenerationLocalityTests: XCTestCase {
    /// Generates the example API, applies `edit` to its `openapi.yaml`, regenerates, and returns what changed.
    private func changes(after edit: (inout String) -> Void, file: StaticString = #filePath, line: UInt = #line) throws -> FileChanges {
        let folder = try makeWorkspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        XCTAssertEqual(try apigen([], in: folder).status, 0, file: file, line: line)
        let generated = folder.appendingPathComponent("Generated")
        let before = snapshot(generated)
        try editSpec(in: folder, edit)
        let result = try apigen([], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return FileChanges(before: before, after: snapshot(generated))
    }

    func testAddingAPropertyToOneSchemaChangesOnlyTheFilesThatDependOnIt() throws {
        let changes = try changes { spec in
            spec.replaceOnce("""
                        birthday:
                          type: string
                          format: date

                """, with: """
                        birthday:
                          type: string
                          format: date
                        nickname:
                          type: string
                          pattern: '^[a-z]+$'

                """)
        }
        // The canonical Member model built from Profile, which holds Profile's validators too; DetailedProfile,
        // which is `allOf` Profile.
        XCTAssertEqual(changes.modified, ["Models/DetailedProfile.swift", "Models/Member.swift"])
        XCTAssertEqual(changes.added, [])
        XCTAssertEqual(changes.removed, [])
    }

    func testAddingAnOperationChangesOnlyItsGroupAndAddsItsOwnFiles() throws {
        let changes = try changes { spec in
            spec.replaceOnce("  /members/{memberId}/friends:\n", with: Self.badgesOperation + "\n  /members/{memberId}/friends:\n")
        }
        // The operation's block in its group's file, and its inline validators as a section of its group's validators
        // file, after the operation's `MARK` line (top-level functions: only files naming them are recompiled).
        XCTAssertEqual(changes.modified, ["APIs/MembersAPI+Validators.swift", "APIs/MembersAPI.swift"])
        XCTAssertEqual(changes.added, ["Models/GetBadgesResponse.swift"])
        XCTAssertEqual(changes.removed, [])
    }

    func testRemovingASchemaRemovesOnlyItsCode() throws {
        let changes = try changes { spec in
            spec.replaceOnce("""
                    TokenRefresh:
                      type: object
                      required: [refreshToken]
                      properties:
                        refreshToken:
                          type: string
                          writeOnly: true


                """, with: "")
            spec.replaceOnce("              $ref: '#/components/schemas/TokenRefresh'\n", with: """
                              type: object
                              required: [refreshToken]
                              properties:
                                refreshToken: { type: string, writeOnly: true }

                """)
        }
        // The operation's body type is now its own inline type.
        XCTAssertEqual(changes.modified, ["APIs/AuthAPI.swift"])
        XCTAssertEqual(changes.added, ["Models/RefreshTokensRequest.swift"])
        XCTAssertEqual(changes.removed, ["Models/TokenRefresh.swift"])
    }

    func testNamesStayWhenUnrelatedSchemasAndOperationsAreInsertedBeforeThem() throws {
        let changes = try changes { spec in
            // First in `paths` and first in `components.schemas`: with positional names everything after would move.
            spec.replaceOnce("paths:\n", with: """
                paths:
                  /aardvarks:
                    get:
                      operationId: listAardvarks
                      tags: [Zoo]
                      responses:
                        '200':
                          description: Aardvarks.
                          content:
                            application/json:
                              schema:
                                type: array
                                items: { $ref: '#/components/schemas/Aardvark' }

                """)
            spec.replaceOnce("  schemas:\n", with: """
                  schemas:
                    Aardvark:
                      type: object
                      required: [name]
                      properties:
                        name: { type: string, pattern: '^[A-Z]', maxLength: 20 }
                        legs: { type: integer, minimum: 0, maximum: 4 }

                """)
        }
        // Nothing that existed before changes: the client's accessor of the new group is in a file of the group's.
        XCTAssertEqual(changes.modified, [])
        XCTAssertEqual(changes.added, ["APIs/ZooAPI+Client.swift", "APIs/ZooAPI+Validators.swift", "APIs/ZooAPI.swift",
                                       "Models/Aardvark.swift"])
        XCTAssertEqual(changes.removed, [])
    }

    func testTwoBranchesThatEachRegenerateMergeWithoutConflicts() throws {
        guard let git = Self.git else { throw XCTSkip("git is not installed: the merge test needs it") }
        let folder = try makeWorkspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        func run(_ arguments: [String]) throws -> ProcessResult {
            let result = try runProcess(git, ["-c", "user.name=apigen", "-c", "user.email=apigen@example.com", "-c", "commit.gpgsign=false"]
                                        + arguments, in: folder)
            XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stdout)\(result.stderr)")
            return result
        }
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        _ = try run(["init", "-q", "-b", "main"])
        _ = try run(["add", "-A"])
        _ = try run(["commit", "-qm", "base"])

        // Each branch adds an operation to the same group (at different places of the description), a group of its
        // own, a secret property and a schema, with its regenerated output. Every shared list the additions land in
        // (a group's operations and their validators, the client's groups, its secret field names) must take both.
        _ = try run(["checkout", "-qb", "badges"])
        try editSpec(in: folder) { spec in
            spec.replaceOnce("  /members/{memberId}/friends:\n", with: Self.badgesOperation + "\n  /members/{memberId}/friends:\n")
            spec.replaceOnce("paths:\n", with: "paths:\n" + Self.groupOperation(path: "/aardvarks", id: "listAardvarks", tag: "Zoo"))
            spec.replaceOnce("        email:\n          type: string\n          format: email\n",
                             with: "        email:\n          type: string\n          format: email\n        apiSecret:\n          type: string\n          writeOnly: true\n")
        }
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        _ = try run(["add", "-A"])
        _ = try run(["commit", "-qm", "badges"])
        _ = try run(["checkout", "-q", "main"])
        _ = try run(["checkout", "-qb", "nickname"])
        try editSpec(in: folder) { spec in
            spec.replaceOnce("  /members/me/archive:\n", with: Self.statsOperation + "\n  /members/me/archive:\n")
            spec.replaceOnce("  /health:\n", with: Self.groupOperation(path: "/gardens", id: "listGardens", tag: "Garden") + "  /health:\n")
            spec.replaceOnce("        refreshToken:\n          type: string\n          writeOnly: true\n",
                             with: "        refreshToken:\n          type: string\n          writeOnly: true\n        pin:\n          type: string\n          writeOnly: true\n")
            spec.replaceOnce("        birthday:\n          type: string\n          format: date\n",
                             with: "        birthday:\n          type: string\n          format: date\n        nickname:\n          type: string\n          maxLength: 30\n")
            spec.replaceOnce("    Tokens:\n", with: "    Badge:\n      type: object\n      properties:\n        title: { type: string }\n\n    Tokens:\n")
        }
        XCTAssertEqual(try apigen([], in: folder).status, 0)
        _ = try run(["add", "-A"])
        _ = try run(["commit", "-qm", "nickname"])

        let merge = try run(["merge", "-q", "--no-edit", "badges"])
        XCTAssertFalse(merge.stdout.contains("CONFLICT"), merge.stdout)
        let conflicts = try run(["diff", "--name-only", "--diff-filter=U"])
        XCTAssertEqual(conflicts.stdout, "")
        // What git merged is exactly what apigen generates from the merged spec.
        let check = try apigen(["--check"], in: folder)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    // MARK: - Helpers

    private static let statsOperation = """
          /members/{memberId}/stats:
            get:
              operationId: getStats
              tags: [Members]
              parameters:
                - { name: memberId, in: path, required: true, schema: { type: integer, format: int64 } }
              responses:
                '200':
                  description: The member's counters.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [friends]
                        properties:
                          friends: { type: integer, minimum: 0 }

        """

    /// A GET operation at `path` in a group of its own, with a pattern to validate.
    private static func groupOperation(path: String, id: String, tag: String) -> String {
        """
          \(path):
            get:
              operationId: \(id)
              tags: [\(tag)]
              responses:
                '200':
                  description: The list.
                  content:
                    application/json:
                      schema:
                        type: array
                        items: { type: string, pattern: '^[a-z]+$' }

        """
    }

    private static let badgesOperation = """
          /members/{memberId}/badges:
            get:
              operationId: getBadges
              tags: [Members]
              parameters:
                - { name: memberId, in: path, required: true, schema: { type: integer, format: int64 } }
              responses:
                '200':
                  description: The badges.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [badges]
                        properties:
                          badges: { type: array, items: { type: string, maxLength: 40 } }

        """

    private static var git: URL? {
        ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private func editSpec(in folder: URL, _ edit: (inout String) -> Void) throws {
        let url = folder.appendingPathComponent("api-spec/openapi.yaml")
        var spec = try String(contentsOf: url, encoding: .utf8)
        edit(&spec)
        try spec.write(to: url, atomically: true, encoding: .utf8)
    }
}

/// The difference between two snapshots of an output folder, as sorted relative paths.
struct FileChanges {
    var modified: [String]
    var added: [String]
    var removed: [String]

    init(before: [String: Data], after: [String: Data]) {
        modified = after.keys.filter { before[$0] != nil && before[$0] != after[$0] }.sorted()
        added = after.keys.filter { before[$0] == nil }.sorted()
        removed = before.keys.filter { after[$0] == nil }.sorted()
    }
}

extension String {
    /// Replaces the first occurrence of `target`; a test edit that finds nothing to replace is a failure.
    mutating func replaceOnce(_ target: String, with replacement: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let range = range(of: target) else {
            XCTFail("the spec no longer contains \(target.debugDescription)", file: file, line: line)
            return
        }
        replaceSubrange(range, with: replacement)
    }
}
