@_spi(Generated) import APIRuntime
import XCTest

final class ValidationReportTests: XCTestCase {
    func testValidityAndDescription() {
        XCTAssertTrue(ValidationReport(errors: []).isValid)
        XCTAssertEqual(ValidationReport(errors: []).description, "valid")
        let error = ValidationError(instanceLocation: "/a", keywordLocation: "/minimum", schemaLocation: "s#", keyword: "minimum", message: "m")
        let report = ValidationReport(errors: [error, error], isTruncated: true)
        XCTAssertFalse(report.isValid)
        XCTAssertEqual(report.description, "/a: m (s#)\n/a: m (s#)\n(validation stopped after 2 errors)")
    }
}
