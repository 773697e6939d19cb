import APIGenCore
import XCTest

/// Table-driven naming: every input yields a valid identifier; collisions are resolved by ``NameScope``.
final class SwiftNamingTests: XCTestCase {
    func testMemberNames() {
        let table: [(String, String)] = [
            ("user_name", "userName"), ("user-name", "userName"), ("userName", "userName"), ("UserName", "userName"),
            ("user.name", "userName"), ("user name", "userName"), ("ID", "id"), ("userID", "userID"), ("user_id", "userID"),
            ("avatarUrl", "avatarURL"), ("2fa_enabled", "_2faEnabled"), ("", "value"), ("größe", "größe"),
            ("$ref", "ref"), ("@type", "type"), ("x-rate-limit", "xRateLimit"), ("HTTPStatus", "httpStatus"),
            ("ASC", "asc"), ("asc", "asc"), ("__proto__", "proto"), ("🙂", "value"), ("+1", "plus1"), ("-1", "minus1"),
            ("reactions-+1", "reactions1"),
        ]
        for (input, expected) in table {
            XCTAssertEqual(SwiftNaming.memberName(input), expected, "memberName(\(input))")
        }
    }

    func testTypeNames() {
        let table: [(String, String)] = [
            ("user_profile", "UserProfile"), ("Error", "ErrorModel"), ("Data", "DataModel"), ("2fa", "_2fa"),
            ("", "Unnamed"), ("class", "Class"), ("Type", "TypeModel"), ("self", "SelfModel"),
            ("simple-api", "SimpleAPI"), ("URL", "URLModel"),
        ]
        for (input, expected) in table {
            XCTAssertEqual(SwiftNaming.typeName(input), expected, "typeName(\(input))")
        }
    }

    func testEscapedMembers() {
        XCTAssertEqual(SwiftNaming.escapedMember("default"), "`default`")
        XCTAssertEqual(SwiftNaming.escapedMember("class"), "`class`")
        XCTAssertEqual(SwiftNaming.escapedMember("self"), "self_")
        XCTAssertEqual(SwiftNaming.escapedMember("Type"), "Type_")
        XCTAssertEqual(SwiftNaming.escapedMember("init"), "init_")
        XCTAssertEqual(SwiftNaming.escapedMember("description"), "description")
        XCTAssertEqual(SwiftNaming.escapedMember("name"), "name")
    }

    /// Found by Scripts/hostile-specs.py (seed 434): the wire dispatcher called `` `default`: `` and swiftc warned.
    func testCallLabelsAreBareExceptInout() {
        XCTAssertEqual(SwiftNaming.callLabel("`default`"), "default")
        XCTAssertEqual(SwiftNaming.callLabel("`class`"), "class")
        XCTAssertEqual(SwiftNaming.callLabel("`inout`"), "`inout`")
        XCTAssertEqual(SwiftNaming.callLabel("name"), "name")
        XCTAssertEqual(SwiftNaming.callLabel("`"), "`")
    }

    func testTheWireDispatcherCallsKeywordParametersWithoutBackticks() throws {
        var config = GeneratorConfig()
        config.wireDispatcher = true
        let outcome = generate(yaml: """
            openapi: 3.1.0
            info: { title: Keywords, version: "1" }
            paths:
              /items:
                get:
                  operationId: listItems
                  parameters:
                    - { name: default, in: query, schema: { type: number } }
                    - { name: inout, in: query, schema: { type: string } }
                  responses: { "204": { description: none } }
            """, config: config)
        let dispatcher = try XCTUnwrap(outcome.file("WireDispatcher.swift"), outcome.rendered.joined(separator: "\n"))
        assertContains(dispatcher, #"default: try arguments.optional(Double.self, "query", "default")"#,
                       #"`inout`: try arguments.optional(String.self, "query", "inout")"#)
        XCTAssertFalse(dispatcher.contains("`default`:"))
    }

    func testCollisionsAfterCaseConversionAreDistinctAndDeterministic() {
        var scope = NameScope()
        let names = ["user-name", "user_name", "userName"].map { scope.claim(SwiftNaming.memberName($0)) }
        XCTAssertEqual(names, ["userName", "userName2", "userName3"])
        var enumScope = NameScope()
        XCTAssertEqual(["ASC", "asc", "DESC", "desc"].map { enumScope.claim(SwiftNaming.memberName($0)) },
                       ["asc", "asc2", "desc", "desc2"])
    }

    func testStringLiteralsAreSafe() {
        XCTAssertEqual(SwiftNaming.stringLiteral(#"a"b\c"#), #""a\"b\\c""#)
        XCTAssertEqual(SwiftNaming.stringLiteral("\\(x)"), #""\\(x)""#)
        XCTAssertEqual(SwiftNaming.stringLiteral("line\nbreak"), #""line\nbreak""#)
        XCTAssertEqual(SwiftNaming.stringLiteral("\u{2028}"), #""\u{2028}""#)
        XCTAssertEqual(SwiftNaming.stringLiteral("plain ASCII: ~!@#$%^&*()"), #""plain ASCII: ~!@#$%^&*()""#)
        XCTAssertEqual(SwiftNaming.stringLiteral("del\u{7F}zw\u{200B}é"), #""del\u{7f}zw\u{200b}é""#)
    }

    func testDocLinesStayInsideComments() {
        XCTAssertEqual(SwiftNaming.docLines("first */ line\r\nsecond \"\"\" \\(x)\n\n\n#third  "),
                       ["first */ line", "second \"\"\" \\(x)", "", "#third"])
        XCTAssertEqual(SwiftNaming.docLines("a\u{2028}b\u{0}c"), ["a", "bc"])
        XCTAssertEqual(SwiftNaming.docLines(nil), [])
    }
}
