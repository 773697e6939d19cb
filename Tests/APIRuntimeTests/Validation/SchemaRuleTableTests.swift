@_spi(Generated) import APIRuntime
import XCTest

/// A table read from its literal (what generated validators write) checks and reports exactly what the same rules
/// written as initializer calls do.
final class SchemaRuleTableTests: XCTestCase {
    private static let pattern = ECMARegex(compiling: "^[a-z]+$", syntax: .lenient)

    private static let table = SchemaRule.table("""
        in openapi.yaml
        type=integer @/components/schemas/Profile/properties/id
        type=string|null minLength=3 maxLength=4 @/components/schemas/Profile/properties/name
        -
        type=string format=uri @/components/schemas/Profile/properties/avatar
        in shared/tags.yaml
        type=string pattern=0 @/tag
        type=integer draft4 @
        type= @/never
        """, patterns: [pattern])

    private static let calls: [SchemaRule] = [
        SchemaRule(types: [.integer], in: "openapi.yaml", at: "/components/schemas/Profile/properties/id"),
        SchemaRule(types: [.string, .null], minLength: 3, maxLength: 4, in: "openapi.yaml", at: "/components/schemas/Profile/properties/name"),
        .anything,
        SchemaRule(types: [.string], format: "uri", in: "openapi.yaml", at: "/components/schemas/Profile/properties/avatar"),
        SchemaRule(types: [.string], pattern: pattern, in: "shared/tags.yaml", at: "/tag"),
        SchemaRule(types: [.integer], draft4Integers: true, in: "shared/tags.yaml", at: ""),
        SchemaRule(types: [], in: "shared/tags.yaml", at: "/never"),
    ]

    private static let values: [JSONInstance] = [
        .null, .bool(true), .string(""), .string("ab"), .string("abc"), .string("abcde"), .string("not a uri"),
        .string("https://example.com/a"), .string("Tag"), .number(JSONNumber(7 as Int64)), .number(JSONNumber(literal: "3.0")),
        .number(JSONNumber(literal: "3.5")), .array([]),
    ]

    func testEveryRowReportsWhatItsInitializerCallReports() {
        XCTAssertEqual(Self.table.count, Self.calls.count)
        for (row, (fromTable, fromCall)) in zip(Self.table, Self.calls).enumerated() {
            for value in Self.values {
                for assertFormats in [false, true] {
                    let options = ValidationOptions(assertFormats: assertFormats)
                    XCTAssertEqual(fromTable.isValid(value, ValidationContext(options: options)),
                                   fromCall.isValid(value, ValidationContext(options: options)), "row \(row), \(value)")
                    let byTable = ValidationContext(options: options)
                    let byCall = ValidationContext(options: options)
                    XCTAssertEqual(fromTable.report(value, byTable), fromCall.report(value, byCall), "row \(row), \(value)")
                    XCTAssertEqual(byTable.report.errors.map(\.description), byCall.report.errors.map(\.description), "row \(row), \(value)")
                    XCTAssertEqual(byTable.report.errors.map(\.schemaLocation), byCall.report.errors.map(\.schemaLocation))
                }
            }
        }
    }

    func testLocationsAreTheRowsOwn() {
        let context = ValidationContext()
        XCTAssertFalse(Self.table[4].report(.string("Tag"), context))
        XCTAssertEqual(context.report.errors.first?.keywordLocation, "/tag/pattern")
        XCTAssertEqual(context.report.errors.first?.schemaLocation, "shared/tags.yaml#/tag")
        let root = ValidationContext()
        XCTAssertFalse(Self.table[5].report(.string("x"), root))
        XCTAssertEqual(root.report.errors.first?.schemaLocation, "shared/tags.yaml#")
    }

    /// Pointers are read to the end of their line, whatever they hold; a one-character literal (stored by the
    /// compiler as a scalar, not as bytes) still gives its text.
    func testPointersWithSpacesQuotesAndNonASCIIText() {
        let rules = SchemaRule.table("""
            in d
            type=string @/properties/a b\"c/日本語\u{20}
            """)
        let context = ValidationContext()
        XCTAssertFalse(rules[0].report(.null, context))
        XCTAssertEqual(context.report.errors.first?.schemaLocation, "d#/properties/a b\"c/日本語 ")
        let scalar = ValidationContext()
        XCTAssertFalse(SchemaRule(types: [.string], in: "a", at: "b").report(.null, scalar))
        XCTAssertEqual(scalar.report.errors.first?.schemaLocation, "a#b")
    }

    func testPropertyNamesFromLines() {
        let table = JSONPropertyTable(lines: """
            id
            display name
            日本語
            """)
        XCTAssertEqual(table.names, ["id", "display name", "日本語"])
        XCTAssertEqual(table.index(ofKey: "display name"), 1)
        XCTAssertEqual(table.index(ofKey: "日本語"), 2)
        XCTAssertNil(table.index(ofKey: "name"))
        // A name ending in a carriage return stays apart from the next line.
        let returns = JSONPropertyTable(lines: """
            a\r
            b
            """)
        XCTAssertEqual(returns.names, ["a\r", "b"])
    }
}
