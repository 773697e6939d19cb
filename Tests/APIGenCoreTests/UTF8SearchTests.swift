@testable import APIGenCore
import XCTest

/// The byte-level searches the validator emitter uses on generated lines.
final class UTF8SearchTests: XCTestCase {
    func testContainsSequence() {
        XCTAssertTrue("let valid = false".utf8.containsSequence("valid = false".utf8))
        XCTAssertTrue("abc".utf8.containsSequence("".utf8))
        XCTAssertTrue("aaab".utf8.containsSequence("aab".utf8), "a partial match does not hide a later one")
        XCTAssertFalse("ab".utf8.containsSequence("abc".utf8))
        XCTAssertFalse("checkTyp".utf8.containsSequence("checkType".utf8))
        XCTAssertTrue("é__declared = true".utf8.containsSequence("__declared = true".utf8))
    }

    func testMentionsFindsWholeIdentifiersOnly() {
        XCTAssertTrue(ValidatorEmitter.mentions("if object.count > 2 {", "object"))
        XCTAssertFalse(ValidatorEmitter.mentions("if objects.count > 2 {", "object"))
        XCTAssertFalse(ValidatorEmitter.mentions("case .object:", "object"), "a member after a dot is not the binding")
        XCTAssertFalse(ValidatorEmitter.mentions("fail(\"object\")", "object"), "a quoted word is not the binding")
        XCTAssertTrue(ValidatorEmitter.mentions("x(\"é\", object)", "object"))
        XCTAssertFalse(ValidatorEmitter.mentions("", "object"))
    }

    func testTypeSetConstant() {
        XCTAssertEqual(ValidatorEmitter.typeSetConstant("if !(Self.c12.matches(instance)) {"), "c12")
        XCTAssertNil(ValidatorEmitter.typeSetConstant("if !(Self.c.matches(instance)) {"))
        XCTAssertNil(ValidatorEmitter.typeSetConstant("if !(Self.c12.other(instance)) {"))
        XCTAssertNil(ValidatorEmitter.typeSetConstant("if !(Self.x12.matches(instance)) {"))
        XCTAssertNil(ValidatorEmitter.typeSetConstant("if (Self.c12.matches(instance)) {"))
    }
}
