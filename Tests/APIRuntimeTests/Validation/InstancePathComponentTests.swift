@_spi(Generated) import APIRuntime
import XCTest

final class InstancePathComponentTests: XCTestCase {
    func testReferenceTokens() {
        XCTAssertEqual(InstancePathComponent.key("plain").referenceToken, "plain")
        XCTAssertEqual(InstancePathComponent.key("a/b~c").referenceToken, "a~1b~0c")
        XCTAssertEqual(InstancePathComponent.key("").referenceToken, "")
        XCTAssertEqual(InstancePathComponent.index(12).referenceToken, "12")
    }

    func testPointers() {
        XCTAssertEqual(InstancePathComponent.pointer(prefix: "", []), "")
        XCTAssertEqual(InstancePathComponent.pointer(prefix: "/data", [.key("items"), .index(0), .key("é")]), "/data/items/0/é")
    }
}
