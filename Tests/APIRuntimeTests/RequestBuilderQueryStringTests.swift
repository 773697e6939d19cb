@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// OpenAPI 3.2 `in: querystring`: one value is the whole query string, on both ways a URL is built (a plain base URL
/// by concatenation, a base URL with a query of its own through `URLComponents`).
final class RequestBuilderQueryStringTests: XCTestCase {
    private struct Criteria: Encodable {
        var term: String
        var tags: [String]
        var page: Int?
    }

    private func url(_ builder: RequestBuilder, base: String) throws -> String {
        try builder.build(baseURL: XCTUnwrap(URL(string: base))).url.absoluteString
    }

    func testAFormIsSentAsAFormBodyIsWritten() throws {
        var builder = RequestBuilder(method: "GET", path: "/search")
        try builder.queryString(form: Criteria(term: "a&b=c d", tags: ["x", "y,z"], page: nil),
                                encoding: ["tags": .styled(.form, explode: false, allowReserved: false)])
        XCTAssertEqual(try url(builder, base: "https://api.test/v1"), "https://api.test/v1/search?tags=x,y%2Cz&term=a%26b%3Dc%20d")
        XCTAssertEqual(try url(builder, base: "https://api.test/v1?key=k"),
                       "https://api.test/v1/search?key=k&tags=x,y%2Cz&term=a%26b%3Dc%20d")
    }

    func testJSONIsPercentEncodedWhole() throws {
        var builder = RequestBuilder(method: "GET", path: "/filter")
        try builder.queryString(json: ["n": [1, 2]], encoder: JSONEncoder())
        XCTAssertEqual(try url(builder, base: "https://api.test"), "https://api.test/filter?%7B%22n%22%3A%5B1%2C2%5D%7D")
    }

    func testCallerTextKeepsItsDelimitersAndEscapes() throws {
        var builder = RequestBuilder(method: "GET", path: "/odata")
        builder.queryString("$top=2&name=%41 b#c/d?")
        XCTAssertEqual(try url(builder, base: "https://api.test"), "https://api.test/odata?$top=2&name=%41%20b%23c/d?")
    }

    func testNilOrAnEmptyFormSendsNoQuery() throws {
        var builder = RequestBuilder(method: "GET", path: "/search")
        try builder.queryString(form: Criteria?.none)
        builder.queryString(nil)
        try builder.queryString(json: [String: Int]?.none, encoder: JSONEncoder())
        XCTAssertEqual(try url(builder, base: "https://api.test"), "https://api.test/search")
        try builder.queryString(form: [String: String]())
        XCTAssertEqual(try url(builder, base: "https://api.test"), "https://api.test/search")
        XCTAssertEqual(try url(builder, base: "https://api.test?key=k"), "https://api.test/search?key=k")
    }

    func testAValueThatIsNoObjectIsATypedError() {
        var builder = RequestBuilder(method: "GET", path: "/search")
        XCTAssertThrowsError(try builder.queryString(form: [1, 2])) { error in
            guard case APIError.invalidRequest(let message)? = error as? APIError else { return XCTFail("\(error)") }
            XCTAssertEqual(message, "the querystring parameter of GET /search must encode as a JSON object, not a JSON array")
        }
    }
}
