@_spi(Generated) import APIRuntime
import Foundation
import XCTest

private struct Node: Codable, Hashable, Sendable {
    var name: String
    var next: Indirect<Node>?
}

private struct Tree: Codable, Equatable {
    var children: [Tree]
    var parent: Indirect<Tree>?
}

final class IndirectTests: XCTestCase {
    func testRecursiveStructRoundTrip() throws {
        let list = Node(name: "a", next: Indirect(Node(name: "b", next: Indirect(Node(name: "c", next: nil)))))
        let json = try encodeJSON(list)
        XCTAssertEqual(json, #"{"name":"a","next":{"name":"b","next":{"name":"c"}}}"#)
        let decoded = try decodeJSON(Node.self, json)
        XCTAssertEqual(decoded, list)
        XCTAssertEqual(decoded.next?.value.next?.value.name, "c")
    }

    func testEncodesTransparently() throws {
        XCTAssertEqual(try encodeJSON(Indirect(5)), "5")
        XCTAssertEqual(try encodeJSON([Indirect("x")]), #"["x"]"#)
        XCTAssertEqual(try decodeJSON(Indirect<[Int]>.self, "[1,2]").value, [1, 2])
    }

    func testValueIsMutableAndHasValueSemantics() {
        var first = Indirect(Node(name: "a"))
        let copy = first
        first.value.name = "changed"
        XCTAssertEqual(first.value.name, "changed")
        XCTAssertEqual(copy.value.name, "a")
        XCTAssertNotEqual(first, copy)
        XCTAssertEqual(Set([Indirect(1), Indirect(1), Indirect(2)]).count, 2)
        XCTAssertEqual(Indirect(3).description, "3")
    }

    func testRecursionThroughOtherContainers() throws {
        let tree = try decodeJSON(Tree.self, #"{"children": [{"children": [], "parent": {"children": []}}]}"#)
        XCTAssertEqual(tree.children.first?.parent?.value, Tree(children: [], parent: nil))
    }
}
