@_spi(Generated) import APIRuntime
import XCTest

/// Runs `tests/draft2020-12/optional/format/*.json` of the official JSON-Schema-Test-Suite through
/// ``JSONSchemaFormat`` (format assertion on).
final class JSONSchemaFormatSuiteTests: XCTestCase {
    /// Cases this runtime is known to get wrong, with the reason, per file.
    static let knownFailures: [String: [String: String]] = [:]

    private func run(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let (directory, reason) = JSONSchemaSuiteSupport.optionalDirectory()
        guard let directory else {
            print("Skipping \(name): \(reason)")
            throw XCTSkip(reason)
        }
        let cases = try JSONSchemaSuiteSupport.cases("format/\(name).json", in: directory)
        JSONSchemaSuiteSupport.check(
            "format/\(name).json", cases,
            knownFailures: Self.knownFailures[name] ?? [:],
            isValid: { testCase in
                // The format under test is the schema's (ecmascript-regex.json tests `format: regex`).
                guard let name = testCase.schema["format"]?.stringValue, let format = JSONSchemaFormat(name: name) else { return true }
                return format.isValid(testCase.data)
            },
            sourceFile: file, line: line
        )
    }

    func testDateTime() throws { try run("date-time") }
    func testDate() throws { try run("date") }
    func testTime() throws { try run("time") }
    func testDuration() throws { try run("duration") }
    func testEmail() throws { try run("email") }
    func testIDNEmail() throws { try run("idn-email") }
    func testHostname() throws { try run("hostname") }
    func testIDNHostname() throws { try run("idn-hostname") }
    func testIPv4() throws { try run("ipv4") }
    func testIPv6() throws { try run("ipv6") }
    func testURI() throws { try run("uri") }
    func testURIReference() throws { try run("uri-reference") }
    func testIRI() throws { try run("iri") }
    func testIRIReference() throws { try run("iri-reference") }
    func testURITemplate() throws { try run("uri-template") }
    func testUUID() throws { try run("uuid") }
    func testRegex() throws { try run("regex") }
    func testECMAScriptRegex() throws { try run("ecmascript-regex") }
    func testJSONPointer() throws { try run("json-pointer") }
    func testRelativeJSONPointer() throws { try run("relative-json-pointer") }
    func testUnknown() throws { try run("unknown") }
}
