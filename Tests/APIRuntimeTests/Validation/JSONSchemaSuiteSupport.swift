@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// Loads files of the official JSON-Schema-Test-Suite from `shared/corpus` beside the repository.
enum JSONSchemaSuiteSupport {
    /// One test case of a suite file.
    struct Case {
        /// The group's description.
        var group: String
        /// The case's description.
        var description: String
        /// The group's schema.
        var schema: JSONInstance
        /// The instance.
        var data: JSONInstance
        /// Whether the suite expects the instance to be valid.
        var valid: Bool

        /// `group / description`, the key used by allowlists.
        var name: String { "\(group) / \(description)" }
    }

    /// `.../draft2020-12/optional`, or nil (with the reason) when the corpus is not checked out beside
    /// the repository.
    static func optionalDirectory(file: String = #filePath) -> (URL?, String) {
        // Tests/APIRuntimeTests/Validation/<file> -> repository root; symlinks are resolved so that a
        // scratch package linking this folder still finds the corpus.
        let root = URL(fileURLWithPath: file).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let directory = root.deletingLastPathComponent()
            .appendingPathComponent("shared/corpus/JSON-Schema-Test-Suite/tests/draft2020-12/optional")
        guard FileManager.default.fileExists(atPath: directory.path) else {
            return (nil, "JSON-Schema-Test-Suite not found at \(directory.path)")
        }
        return (directory, "")
    }

    /// The cases of `relativePath` (e.g. `format/date.json`), parsed with ``JSONParser``.
    static func cases(_ relativePath: String, in directory: URL) throws -> [Case] {
        let data = try Data(contentsOf: directory.appendingPathComponent(relativePath))
        guard case .array(let groups) = try JSONParser.parse(data) else { throw SuiteError.malformed(relativePath) }
        var result: [Case] = []
        for group in groups {
            guard let groupDescription = group["description"]?.stringValue, let schema = group["schema"],
                  case .array(let tests)? = group["tests"]
            else { throw SuiteError.malformed(relativePath) }
            for test in tests {
                guard let description = test["description"]?.stringValue, let data = test["data"],
                      let valid = test["valid"]?.boolValue
                else { throw SuiteError.malformed(relativePath) }
                result.append(Case(group: groupDescription, description: description, schema: schema, data: data, valid: valid))
            }
        }
        return result
    }

    enum SuiteError: Error {
        case malformed(String)
    }

    /// Runs `cases` through `isValid`, then checks that exactly the allowlisted cases fail (each listed
    /// with the reason it is expected to fail) and prints the pass rate.
    static func check(
        _ file: String,
        _ cases: [Case],
        knownFailures: [String: String],
        isValid: (Case) -> Bool,
        sourceFile: StaticString = #filePath,
        line: UInt = #line
    ) {
        var failures: [String] = []
        for testCase in cases where isValid(testCase) != testCase.valid {
            failures.append(testCase.name)
        }
        let failed = Set(failures)
        for name in failures where knownFailures[name] == nil {
            XCTFail("\(file): unexpected failure: \(name)", file: sourceFile, line: line)
        }
        for name in knownFailures.keys.sorted() where !failed.contains(name) {
            XCTFail("\(file): allowlisted case now passes (remove it from the allowlist): \(name)", file: sourceFile, line: line)
        }
        XCTAssertFalse(cases.isEmpty, "\(file) has no cases", file: sourceFile, line: line)
        let passed = cases.count - failures.count
        print("JSON-Schema-Test-Suite \(file): \(passed)/\(cases.count) passed")
    }
}
