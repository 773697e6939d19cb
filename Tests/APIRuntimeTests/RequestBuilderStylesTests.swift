@_spi(Generated) import APIRuntime
import Foundation
import HTTPTypes
import XCTest

/// The rows of the OpenAPI specification's "Style Examples" table (`color` = blue,black,brown and R=100,G=200,B=150),
/// one table per location, checked byte for byte on the URL or header the builder produces.
final class RequestBuilderStylesTests: XCTestCase {
    private struct Color: Encodable {
        let R = 100, G = 200, B = 150
    }

    private let colors = ["blue", "black", "brown"]

    private func url(_ builder: RequestBuilder) throws -> String {
        try builder.build(baseURL: XCTUnwrap(URL(string: "https://api.test"))).url.absoluteString
    }

    func testPathStyles() throws {
        // Objects are written with members sorted by name (B, G, R): the table's order is not significant.
        let rows: [(String, (inout RequestBuilder) throws -> Void, String)] = [
            ("simple primitive", { $0.path("color", "blue", style: .simple) }, "/c/blue"),
            ("simple array", { $0.path("color", self.colors, style: .simple, explode: false) }, "/c/blue,black,brown"),
            ("simple object", { try $0.path("color", object: Color(), style: .simple, explode: false) }, "/c/B,150,G,200,R,100"),
            ("simple object exploded", { try $0.path("color", object: Color(), style: .simple, explode: true) }, "/c/B=150,G=200,R=100"),
            ("label primitive", { $0.path("color", "blue", style: .label) }, "/c/.blue"),
            ("label array", { $0.path("color", self.colors, style: .label, explode: false) }, "/c/.blue,black,brown"),
            ("label array exploded", { $0.path("color", self.colors, style: .label, explode: true) }, "/c/.blue.black.brown"),
            ("label object", { try $0.path("color", object: Color(), style: .label, explode: false) }, "/c/.B,150,G,200,R,100"),
            ("label object exploded", { try $0.path("color", object: Color(), style: .label, explode: true) }, "/c/.B=150.G=200.R=100"),
            ("matrix primitive", { $0.path("color", "blue", style: .matrix) }, "/c/;color=blue"),
            ("matrix array", { $0.path("color", self.colors, style: .matrix, explode: false) }, "/c/;color=blue,black,brown"),
            ("matrix array exploded", { $0.path("color", self.colors, style: .matrix, explode: true) }, "/c/;color=blue;color=black;color=brown"),
            ("matrix object", { try $0.path("color", object: Color(), style: .matrix, explode: false) }, "/c/;color=B,150,G,200,R,100"),
            ("matrix object exploded", { try $0.path("color", object: Color(), style: .matrix, explode: true) }, "/c/;B=150;G=200;R=100"),
        ]
        for (name, fill, expected) in rows {
            var builder = RequestBuilder(method: "GET", path: "/c/{color}")
            try fill(&builder)
            XCTAssertEqual(try url(builder), "https://api.test" + expected, name)
        }
    }

    func testQueryStyles() throws {
        let rows: [(String, (inout RequestBuilder) throws -> Void, String)] = [
            ("form array", { $0.query("color", self.colors, style: .form, explode: false) }, "color=blue,black,brown"),
            ("form array exploded", { $0.query("color", self.colors, style: .form, explode: true) }, "color=blue&color=black&color=brown"),
            ("form object", { try $0.query("color", object: Color(), style: .form, explode: false) }, "color=B,150,G,200,R,100"),
            ("form object exploded", { try $0.query("color", object: Color(), style: .form, explode: true) }, "B=150&G=200&R=100"),
            ("spaceDelimited array", { $0.query("color", self.colors, style: .spaceDelimited, explode: false) }, "color=blue%20black%20brown"),
            ("spaceDelimited object", { try $0.query("color", object: Color(), style: .spaceDelimited, explode: false) }, "color=B%20150%20G%20200%20R%20100"),
            ("pipeDelimited array", { $0.query("color", self.colors, style: .pipeDelimited, explode: false) }, "color=blue%7Cblack%7Cbrown"),
            ("pipeDelimited object", { try $0.query("color", object: Color(), style: .pipeDelimited, explode: false) }, "color=B%7C150%7CG%7C200%7CR%7C100"),
            ("deepObject", { try $0.query("color", object: Color(), style: .deepObject, explode: true) }, "color%5BB%5D=150&color%5BG%5D=200&color%5BR%5D=100"),
            ("delimiter inside a value", { $0.query("color", ["a,b", "c|d e"], style: .form, explode: false) }, "color=a%2Cb,c%7Cd%20e"),
            ("allowReserved", { $0.query("q", ["a/b:c?d[e]", "x&y=z+#"], style: .form, explode: true, allowReserved: true) },
             "q=a/b:c?d%5Be%5D&q=x%26y%3Dz%2B%23"),
            ("JSON content", { try $0.parameter("where", json: ["minAge": 3], in: "query", encoder: JSONEncoder()) }, "where=%7B%22minAge%22%3A3%7D"),
        ]
        for (name, fill, expected) in rows {
            var builder = RequestBuilder(method: "GET", path: "/q")
            try fill(&builder)
            XCTAssertEqual(try url(builder), "https://api.test/q?" + expected, name)
        }
    }

    func testHeaderAndCookieStyles() throws {
        var builder = RequestBuilder(method: "GET", path: "/h")
        builder.header("X-Colors", colors)
        try builder.header("X-Color", object: Color(), explode: false)
        try builder.header("X-Color-Exploded", object: Color(), explode: true)
        builder.cookie("color", colors, explode: false)
        try builder.cookie("rgb", object: Color(), explode: false)
        let request = try builder.build(baseURL: XCTUnwrap(URL(string: "https://api.test")))
        XCTAssertEqual(request.headerFields[HTTPField.Name("X-Colors")!], "blue,black,brown")
        XCTAssertEqual(request.headerFields[HTTPField.Name("X-Color")!], "B,150,G,200,R,100")
        XCTAssertEqual(request.headerFields[HTTPField.Name("X-Color-Exploded")!], "B=150,G=200,R=100")
        XCTAssertEqual(request.headerFields[.cookie], "color=blue,black,brown; rgb=B,150,G,200,R,100")
    }

    func testObjectParameterThatIsNotAnObjectThrows() {
        var builder = RequestBuilder(method: "GET", path: "/q")
        XCTAssertThrowsError(try builder.query("color", object: [1, 2], style: .form, explode: true)) { error in
            XCTAssertTrue("\(error)".contains("must encode as a JSON object"), "\(error)")
        }
    }
}
