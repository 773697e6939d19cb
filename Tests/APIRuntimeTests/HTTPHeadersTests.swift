@_spi(Generated) import APIRuntime
import XCTest

final class HTTPHeadersTests: XCTestCase {
    func testCaseInsensitiveLookupKeepsOrder() {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Trace": "1", "x-trace": "2"]
        XCTAssertEqual(headers["content-type"], "application/json")
        XCTAssertEqual(headers["CONTENT-TYPE"], "application/json")
        XCTAssertEqual(headers["X-TRACE"], "1")
        XCTAssertEqual(headers.values(for: "x-Trace"), ["1", "2"])
        XCTAssertNil(headers["Accept"])
        XCTAssertTrue(headers.contains("x-trace"))
        XCTAssertFalse(headers.contains("accept"))
        XCTAssertEqual(headers.map(\.name), ["Content-Type", "X-Trace", "x-trace"])
        XCTAssertEqual(headers.count, 3)
        XCTAssertEqual(headers[1].value, "1")
    }

    func testSettingReplacesAllAndNilRemoves() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]
        headers["a"] = "new"
        XCTAssertEqual(headers.map { "\($0.name)=\($0.value)" }, ["A=new", "B=2"])
        headers["C"] = "4"
        XCTAssertEqual(headers.map(\.name), ["A", "B", "C"])
        headers["b"] = nil
        XCTAssertEqual(headers.map(\.name), ["A", "C"])
        headers.add(name: "c", value: "5")
        XCTAssertEqual(headers.values(for: "C"), ["4", "5"])
        headers.remove("C")
        XCTAssertEqual(headers.map(\.name), ["A"])
    }

    func testEqualityIgnoresNameCaseButNotOrderOrValues() {
        let headers: HTTPHeaders = ["Accept": "a", "X": "b"]
        XCTAssertEqual(headers, ["accept": "a", "x": "b"])
        XCTAssertEqual(headers.hashValue, (["ACCEPT": "a", "x": "b"] as HTTPHeaders).hashValue)
        XCTAssertNotEqual(headers, ["X": "b", "Accept": "a"])
        XCTAssertNotEqual(headers, ["Accept": "A", "X": "b"])
        XCTAssertNotEqual(headers, ["Accept": "a"])
        XCTAssertEqual(HTTPHeaders(), [:])
        XCTAssertEqual(HTTPHeaders([(name: "A", value: "1")]), ["a": "1"])
    }

    func testDescription() {
        XCTAssertEqual((["A": "1", "B": "2"] as HTTPHeaders).description, "A: 1\nB: 2")
    }
}
