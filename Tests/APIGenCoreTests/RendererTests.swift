@testable import APIGenCore
import XCTest

/// Whitespace normalisation of rendered files.
final class RendererTests: XCTestCase {
    func testNormalise() {
        XCTAssertEqual(Renderer.normalise("\n\na  \n\n\n\nb {\n\n  c\n\n}\nd\n\n"), "a\n\nb {\n  c\n}\nd\n")
        XCTAssertEqual(Renderer.normalise("/// doc\n\nstruct A {}\n"), "/// doc\nstruct A {}\n")
        XCTAssertEqual(Renderer.normalise("struct A {\n}\nstruct B {}\n"), "struct A {\n}\n\nstruct B {}\n",
                       "declarations after a closing brace are separated")
        XCTAssertEqual(Renderer.normalise("    }\n    context.pop()\n"), "    }\n    context.pop()\n",
                       "statements after a closing brace are not")
        XCTAssertEqual(Renderer.normalise("a\r\nb\t \n"), "a\nb\n")
        XCTAssertEqual(Renderer.normalise("é  \n"), "é\n")
    }

    func testMustacheContextKeepsWhatTemplatesRead() throws {
        struct Inner { var name: String; var flag: Bool; var missing: String? }
        struct Outer { var items: [Inner]; var title: String? }
        let converted = try XCTUnwrap(MustacheContext.convert(Outer(items: [Inner(name: "a", flag: true, missing: nil)], title: "t")) as? [String: Any])
        XCTAssertEqual(converted["title"] as? String, "t")
        let items = try XCTUnwrap(converted["items"] as? [Any])
        let first = try XCTUnwrap(items.first as? [String: Any])
        XCTAssertEqual(first["name"] as? String, "a")
        XCTAssertEqual(first["flag"] as? Bool, true)
        XCTAssertNil(first["missing"], "nil optionals are left out so lookups fall through")
    }
}
