@_spi(Generated) @testable import APIRuntime
import XCTest

final class ECMARegexCharSetTests: XCTestCase {
    func testRangesMergeAndNegate() {
        let set = ECMARegexCharSet(ranges: [(0x61, 0x63), (0x62, 0x66), (0x68, 0x68), (0x67, 0x67)], properties: [], negated: false)
        XCTAssertEqual(set.rangePairs.map { [$0.0, $0.1] }, [[0x61, 0x68]])
        XCTAssertTrue(set.contains(0x65))
        XCTAssertFalse(set.contains(0x69))
        let negated = ECMARegexCharSet(ranges: [(0x61, 0x61)], properties: [], negated: true)
        XCTAssertFalse(negated.contains(0x61))
        XCTAssertTrue(negated.contains(0x62))
        XCTAssertTrue(negated.contains(0x1F600))
        XCTAssertEqual(ECMARegexCharSet(ranges: [(0x78, 0x78)], properties: [], negated: false).singleScalar, 0x78)
        XCTAssertNil(negated.singleScalar)
    }

    func testComplement() {
        XCTAssertEqual(ECMARegexCharSet.complement(ECMARegexCharSet.digitRanges).map { [$0.0, $0.1] }, [[0, 0x2F], [0x3A, 0x10FFFF]])
        XCTAssertEqual(ECMARegexCharSet.complement([]).map { [$0.0, $0.1] }, [[0, 0x10FFFF]])
        XCTAssertEqual(ECMARegexCharSet.complement([(0, 0x10FFFF)]).count, 0)
    }

    func testPropertiesAndASCIIBitmap() {
        let letters = ECMARegexPropertyItem(property: ECMARegexProperty.resolve(name: "L", value: nil)!, negated: false)
        let set = ECMARegexCharSet(ranges: [(0x30, 0x39)], properties: [letters], negated: false)
        XCTAssertTrue(set.contains(UInt32(UInt8(ascii: "a"))))
        XCTAssertTrue(set.contains(UInt32(UInt8(ascii: "5"))))
        XCTAssertFalse(set.contains(UInt32(UInt8(ascii: "-"))))
        XCTAssertTrue(set.contains(0xE9))
        XCTAssertNotEqual(set.asciiLow, 0)
    }

    func testHelpers() {
        XCTAssertTrue(ECMARegexCharSet.isLineTerminator(0x2028))
        XCTAssertFalse(ECMARegexCharSet.isLineTerminator(0x85))
        XCTAssertTrue(ECMARegexCharSet.isWordByte(UInt8(ascii: "_")))
        XCTAssertFalse(ECMARegexCharSet.isWordByte(UInt8(ascii: "-")))
    }
}
