@_spi(Generated) import APIRuntime
import XCTest

final class ValidationErrorTests: XCTestCase {
    func testDescription() {
        let error = ValidationError(
            instanceLocation: "/data/items/3/ident",
            keywordLocation: "/properties/ident/pattern",
            schemaLocation: "schemas/friend.json#/properties/ident",
            keyword: "pattern",
            message: ValidationMessage.pattern("x42", "^[0-9]+$")
        )
        XCTAssertEqual(error.description, #"/data/items/3/ident: "x42" does not match pattern ^[0-9]+$ (schemas/friend.json#/properties/ident)"#)
        let root = ValidationError(instanceLocation: "", keywordLocation: "/type", schemaLocation: "a.json#", keyword: "type", message: "m")
        XCTAssertEqual(root.description, "/: m (a.json#)")
    }
}
