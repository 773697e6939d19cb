@_spi(Generated) import APIRuntime
import XCTest

final class ValidationOptionsTests: XCTestCase {
    func testDefaultsAndClamping() {
        let options = ValidationOptions()
        XCTAssertFalse(options.assertFormats)
        XCTAssertEqual(options.maxErrors, 100)
        XCTAssertFalse(options.stopAtFirstError)
        XCTAssertEqual(ValidationOptions(maxErrors: -5).maxErrors, 1)
        XCTAssertTrue(ValidationOptions(assertFormats: true).assertFormats)
    }
}
