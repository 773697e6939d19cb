@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatURITemplateTests: XCTestCase {
    func testTemplates() {
        for valid in ["", "/users/{id}", "{+path}/here", "{?q,lang}", "{/list*}", "{var:30}", "{a.b.c}", "{%41b}", "ü{x}"] {
            XCTAssertTrue(JSONSchemaFormat.isValidURITemplate(valid), valid)
        }
        for invalid in ["{", "}", "{}", "{a b}", "{=x}", "{x:0}", "{x:12345}", "{x*:3}", "a%4", "a\"b", "{.a.}", "{a,}"] {
            XCTAssertFalse(JSONSchemaFormat.isValidURITemplate(invalid), invalid)
        }
    }
}
