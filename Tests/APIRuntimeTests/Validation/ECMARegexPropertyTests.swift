@_spi(Generated) @testable import APIRuntime
import XCTest

final class ECMARegexPropertyTests: XCTestCase {
    private func contains(_ name: String, _ value: String? = nil, _ scalar: Unicode.Scalar) -> Bool? {
        ECMARegexProperty.resolve(name: name, value: value)?.contains(scalar.value)
    }

    func testGeneralCategories() {
        XCTAssertEqual(contains("Letter", nil, "é"), true)
        XCTAssertEqual(contains("Lu", nil, "é"), false)
        XCTAssertEqual(contains("digit", nil, "\u{09EA}"), true)
        XCTAssertEqual(contains("General_Category", "Nd", "7"), true)
        XCTAssertEqual(contains("gc", "punct", "!"), true)
        XCTAssertEqual(contains("Cn", nil, "\u{0378}"), true)
        XCTAssertNil(contains("gc", "Letterz", "a"))
        XCTAssertNil(contains("letter", nil, "a"))
    }

    func testBinaryProperties() {
        XCTAssertEqual(contains("ASCII", nil, "a"), true)
        XCTAssertEqual(contains("ASCII", nil, "é"), false)
        XCTAssertEqual(contains("Any", nil, "\u{10FFFF}"), true)
        XCTAssertEqual(contains("Assigned", nil, "\u{0378}"), false)
        XCTAssertEqual(contains("White_Space", nil, "\u{2003}"), true)
        XCTAssertEqual(contains("Alpha", nil, "ß"), true)
        XCTAssertEqual(contains("Emoji", nil, "😀"), true)
        XCTAssertEqual(contains("RI", nil, "\u{1F1EB}"), true)
        XCTAssertEqual(contains("Extended_Pictographic", nil, "😀"), true)
        XCTAssertNil(contains("Bogus", nil, "a"))
    }

    func testScripts() {
        XCTAssertEqual(contains("Script", "Greek", "α"), true)
        XCTAssertEqual(contains("sc", "Grek", "a"), false)
        XCTAssertEqual(contains("Script_Extensions", "Latin", "a"), true)
        XCTAssertNil(contains("Script", "greek", "α"))
        XCTAssertNil(contains("Script", "Not_A_Script", "α"))
    }
}
