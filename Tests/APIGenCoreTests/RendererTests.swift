@testable import APIGenCore
import XCTest

/// Whitespace normalisation of rendered files.
final class RendererTests: XCTestCase {
    func testNormalise() {
        XCTAssertEqual(Renderer.normalise("\n\na  \n\n\n\nb {\n\n  c\n\n}\nd\n\n"), "a\n\nb {\n  c\n}\n\nd\n")
        XCTAssertEqual(Renderer.normalise("/// doc\n\nstruct A {}\n"), "/// doc\nstruct A {}\n")
    }
}
