@_spi(Generated) import APIRuntime
import XCTest

final class JSONSchemaFormatURITests: XCTestCase {
    func testURI() {
        for valid in ["https://example.com", "urn:isbn:0451450523", "http://[::1]:8080/p?q#f", "http://u:p@h:1/", "mailto:a@b.c", "x:", "http://[v1.x]/"] {
            XCTAssertTrue(JSONSchemaFormat.isValidURI(valid), valid)
        }
        for invalid in ["", "/relative", "http://exa mple.com", "http://h:port/", "http://[::1/", "http://a/%zz", "ht!tp://a"] {
            XCTAssertFalse(JSONSchemaFormat.isValidURI(invalid), invalid)
        }
    }

    func testURIReference() {
        for valid in ["", "a/b", "../c", "?q", "#f", "//h/p", "./a:b"] {
            XCTAssertTrue(JSONSchemaFormat.isValidURIReference(valid), valid)
        }
        for invalid in ["a:b:c d", "a b", "//h:x/", "1:b", "\\a"] {
            XCTAssertFalse(JSONSchemaFormat.isValidURIReference(invalid), invalid)
        }
    }

    func testIRI() {
        XCTAssertTrue(JSONSchemaFormat.isValidIRI("http://例子.测试/路径?查询=值#片段"))
        XCTAssertTrue(JSONSchemaFormat.isValidIRI("http://a/?\u{E000}"))  // iprivate in the query
        XCTAssertFalse(JSONSchemaFormat.isValidIRI("http://a/\u{E000}"))  // but not in the path
        XCTAssertFalse(JSONSchemaFormat.isValidURI("http://例子.测试/"))
        XCTAssertTrue(JSONSchemaFormat.isValidIRIReference("/ü"))
        XCTAssertFalse(JSONSchemaFormat.isValidIRIReference("/\u{FFFF}"))
    }
}
