@_spi(Generated) @testable import APIRuntime
import XCTest

final class PunycodeTests: XCTestCase {
    func testRFC3492Samples() {
        // "Bücher" and the Hangul example of the test suite.
        XCTAssertEqual(Punycode.decode(Array("bcher-kva".utf8)), "bücher".unicodeScalars.map(\.value))
        XCTAssertEqual(Punycode.encode("bücher".unicodeScalars.map(\.value)).map { String(decoding: $0, as: UTF8.self) }, "bcher-kva")
        let hangul = "실례".unicodeScalars.map(\.value)
        XCTAssertEqual(Punycode.decode(Array("9n2bp8q".utf8)), hangul)
        XCTAssertEqual(Punycode.encode(hangul).map { String(decoding: $0, as: UTF8.self) }, "9n2bp8q")
    }

    func testMalformed() {
        XCTAssertNil(Punycode.decode(Array("X".utf8)))
        XCTAssertNil(Punycode.decode(Array("é-abc".utf8)))
        XCTAssertNil(Punycode.decode(Array("99999999999999".utf8)))
    }
}
