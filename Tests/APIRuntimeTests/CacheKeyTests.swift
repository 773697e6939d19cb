@_spi(Generated) @testable import APIRuntime
@testable import APIRuntimeStore
import Foundation
import HTTPTypes
import XCTest

final class CacheKeyTests: XCTestCase {
    private let url = URL(string: "https://API.Example.com:443/search?q=1")!

    func testDiffersByMethodURLBodyAccountAndNamespace() {
        let get = APIRequest(method: .get, url: url)
        let base = CacheKey.make(for: get, account: "a")
        XCTAssertEqual(base.count, 64)
        XCTAssertNotEqual(base, CacheKey.make(for: APIRequest(method: .post, url: url), account: "a"))
        XCTAssertNotEqual(base, CacheKey.make(for: APIRequest(method: .get, url: URL(string: "https://api.example.com/search?q=2")!), account: "a"))
        XCTAssertNotEqual(base, CacheKey.make(for: get, account: "b"))
        XCTAssertNotEqual(base, CacheKey.make(for: get, account: nil))
        XCTAssertNotEqual(base, CacheKey.make(for: get, account: "a", namespace: "v2"))
        let post1 = APIRequest(method: .post, url: url, headerFields: [.contentType: "application/json"], body: Data(#"{"page":1}"#.utf8))
        let post2 = APIRequest(method: .post, url: url, headerFields: [.contentType: "application/json"], body: Data(#"{"page":2}"#.utf8))
        XCTAssertNotEqual(CacheKey.make(for: post1, account: nil), CacheKey.make(for: post2, account: nil))
    }

    func testEquivalentRequestsShareAKey() {
        let canonical = APIRequest(method: HTTPRequest.Method("get")!, url: URL(string: "https://api.example.com/search?q=1")!)
        XCTAssertEqual(CacheKey.make(for: APIRequest(method: .get, url: url), account: nil), CacheKey.make(for: canonical, account: nil))
        let json1 = APIRequest(method: .post, url: url, headerFields: [.contentType: "application/json"], body: Data(#"{"a": 1, "b": [true, null]}"#.utf8))
        let json2 = APIRequest(method: .post, url: url, headerFields: [.contentType: "application/json; charset=utf-8"], body: Data(#"{"b":[true,null],"a":1}"#.utf8))
        XCTAssertEqual(CacheKey.make(for: json1, account: "x"), CacheKey.make(for: json2, account: "x"))
        let form1 = APIRequest(method: .post, url: url, headerFields: [.contentType: "application/x-www-form-urlencoded"], body: Data("b=2&a=1".utf8))
        let form2 = APIRequest(method: .post, url: url, headerFields: [.contentType: "application/x-www-form-urlencoded"], body: Data("a=1&b=2".utf8))
        XCTAssertEqual(CacheKey.make(for: form1, account: nil), CacheKey.make(for: form2, account: nil))
    }

    /// Keys are remembered by their input (bounded): a remembered key, and one made again after the memo was
    /// emptied, are the same digest as computing it afresh.
    func testRememberedKeysAreTheDigestOfTheirInput() {
        func expected(_ url: String) -> String {
            var bytes: [UInt8] = []
            for field in ["apigen-cache-key-v1", "", "GET", url, "anonymous"] {
                bytes += Array(String(field.utf8.count).utf8) + [0x3a] + Array(field.utf8)
            }
            return SHA256.hex(bytes)
        }
        let urls = (0..<600).map { "https://api.example.com/items/\($0)" }
        for _ in 0..<2 {
            for url in urls {
                XCTAssertEqual(CacheKey.make(for: APIRequest(method: .get, url: URL(string: url)!), account: nil), expected(url))
            }
        }
    }
}
