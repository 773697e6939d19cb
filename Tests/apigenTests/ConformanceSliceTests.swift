import Foundation
import XCTest

/// A representative slice of the JSON-Schema-Test-Suite through `apigen-conformance`, so regressions in the
/// validator generator or runtime show up in `swift test`. The full run is `swift run apigen-conformance`.
final class ConformanceSliceTests: XCTestCase {
    static let files = [
        "type.json", "required.json", "properties.json", "additionalProperties.json", "patternProperties.json",
        "items.json", "enum.json", "multipleOf.json", "minLength.json", "pattern.json", "allOf.json", "oneOf.json",
        "not.json", "uniqueItems.json", "if-then-else.json", "dependencies.json",
        "dependentRequired.json", "exclusiveMinimum.json", "maximum.json", "contains.json", "anchor.json", "format.json", "boolean_schema.json",
        // The hard parts: dynamic scope, meta-schema references, remote refs, vocabularies, draft-03 schema types.
        "dynamicRef.json", "recursiveRef.json", "ref.json", "refRemote.json", "defs.json", "vocabulary.json", "disallow.json",
        "unevaluatedProperties.json",
    ]

    static let drafts = ["draft3", "draft4", "draft7", "draft2019-09", "draft2020-12"]

    func testSliceOfTheOfficialSuitePasses() throws {
        let suite = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus/JSON-Schema-Test-Suite")
        guard FileManager.default.fileExists(atPath: suite.path) else {
            throw XCTSkip("../shared/corpus/JSON-Schema-Test-Suite is absent; the conformance slice needs it")
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        var arguments = ["--suite", suite.path, "--work", work.path, "--files", Self.files.joined(separator: ",")]
        for draft in Self.drafts { arguments += ["--draft", draft] }
        let result = try runProcess(productsDirectory.appendingPathComponent("apigen-conformance"), arguments, in: repositoryRoot)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let summaries = result.stdout.split(separator: "\n").filter { $0.contains("required tests passed") }
        XCTAssertEqual(summaries.count, Self.drafts.count, result.stdout)
        for summary in summaries {
            let numbers = summary.split(separator: " ").compactMap { Int($0) }
            XCTAssertEqual(numbers.count, 2, String(summary))
            XCTAssertGreaterThan(numbers.last ?? 0, 100, String(summary))
            XCTAssertEqual(numbers.first, numbers.last, "every required test of the slice passes: \(summary)\n\(result.stdout.suffix(4000))")
        }
    }
}
