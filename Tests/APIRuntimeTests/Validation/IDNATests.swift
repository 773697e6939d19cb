@_spi(Generated) @testable import APIRuntime
import XCTest

final class IDNATests: XCTestCase {
    private func label(_ string: String) -> [UInt32] {
        string.unicodeScalars.map(\.value)
    }

    func testDerivedProperties() {
        XCTAssertEqual(IDNA.derivedProperty(0x61), .pvalid)
        XCTAssertEqual(IDNA.derivedProperty(0x41), .disallowed)  // uppercase is unstable under case folding
        XCTAssertEqual(IDNA.derivedProperty(0xDF), .pvalid)  // exception
        XCTAssertEqual(IDNA.derivedProperty(0x200D), .contextJ)
        XCTAssertEqual(IDNA.derivedProperty(0xB7), .contextO)
        XCTAssertEqual(IDNA.derivedProperty(0x302E), .disallowed)
        XCTAssertEqual(IDNA.derivedProperty(0x0378), .unassigned)
        XCTAssertEqual(IDNA.derivedProperty(0xC2E4), .pvalid)  // Hangul syllable
        XCTAssertEqual(IDNA.derivedProperty(0x1100), .disallowed)  // old Hangul jamo
    }

    func testULabels() {
        XCTAssertTrue(IDNA.isValidULabel(label("실례")))
        XCTAssertTrue(IDNA.isValidULabel(label("l·l")))
        XCTAssertFalse(IDNA.isValidULabel(label("a·l")))
        XCTAssertFalse(IDNA.isValidULabel(label("\u{0300}hello")))
        XCTAssertFalse(IDNA.isValidULabel(label("ab--c")))
        XCTAssertFalse(IDNA.isValidULabel(label("cafe\u{301}")))  // not NFC
        XCTAssertTrue(IDNA.isValidULabel(label("\u{0915}\u{094D}\u{200D}\u{0937}")))
        XCTAssertFalse(IDNA.isValidULabel(label("\u{0915}\u{200D}\u{0937}")))
    }

    func testALabels() {
        XCTAssertEqual(IDNA.uLabel(fromPunycode: Array("9n2bp8q".utf8)), label("실례"))
        XCTAssertNil(IDNA.uLabel(fromPunycode: Array("example-".utf8)))  // only ASCII
    }

    func testBidiRule() {
        XCTAssertTrue(IDNA.satisfiesBidiRule([label("example"), label("com")]))
        XCTAssertTrue(IDNA.satisfiesBidiRule([label("\u{05D0}\u{05D1}"), label("com")]))
        XCTAssertFalse(IDNA.satisfiesBidiRule([label("0a"), label("\u{05D0}")]))
        XCTAssertFalse(IDNA.satisfiesBidiRule([label("\u{05D0}0\u{0660}")]))
    }
}
