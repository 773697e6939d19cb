@_spi(Generated) @testable import APIRuntime
import XCTest

final class JSONParserScratchTests: XCTestCase {
    func testPushPopAndGrowth() {
        let scratch = JSONParserScratch<String>(capacity: 2)
        for index in 0..<10 { scratch.push("value \(index) long enough to be on the heap") }
        XCTAssertEqual(scratch.count, 10)
        let top = scratch.popArray(from: 7)
        XCTAssertEqual(top, (7..<10).map { "value \($0) long enough to be on the heap" })
        XCTAssertEqual(scratch.count, 7)
        scratch.removeLast(2)
        XCTAssertEqual(scratch.count, 5)
        scratch.modifyLast { $0 += "!" }
        XCTAssertEqual(scratch[scratch.count - 1], "value 4 long enough to be on the heap!")
        scratch[0] = "replaced"
        XCTAssertEqual(scratch.popArray(from: 0).first, "replaced")
        XCTAssertEqual(scratch.popArray(from: 0), [])
    }
}
