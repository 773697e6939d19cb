@_spi(Generated) import APIRuntime
import Foundation
import XCTest

private struct Patch: Codable, Equatable {
    var nickname: Nullable<String>?
    var age: Nullable<Int>?

    enum CodingKeys: String, CodingKey {
        case nickname, age
    }

    init(nickname: Nullable<String>?, age: Nullable<Int>?) {
        self.nickname = nickname
        self.age = age
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nickname = try container.decodeNullable(String.self, forKey: .nickname)
        age = try container.decodeNullable(Int.self, forKey: .age)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeNullable(nickname, forKey: .nickname)
        try container.encodeNullable(age, forKey: .age)
    }
}

final class NullableTests: XCTestCase {
    func testDecodesNullAndValue() throws {
        XCTAssertEqual(try decodeJSON(Nullable<Int>.self, "null"), .null)
        XCTAssertEqual(try decodeJSON(Nullable<Int>.self, "3"), .value(3))
        XCTAssertEqual(try decodeJSON([Nullable<String>].self, #"["a", null]"#), [.value("a"), .null])
    }

    func testEncodesNullAndValue() throws {
        XCTAssertEqual(try encodeJSON([Nullable<Int>.null, .value(3)]), "[null,3]")
    }

    func testWrongTypeStillFails() {
        XCTAssertThrowsError(try decodeJSON(Nullable<Int>.self, #""x""#)) { error in
            XCTAssertTrue(error is DecodingError)
        }
    }

    func testDecodeNullableAbsentNullValue() throws {
        XCTAssertEqual(try decodeJSON(Patch.self, "{}"), Patch(nickname: nil, age: nil))
        XCTAssertEqual(try decodeJSON(Patch.self, #"{"nickname": null, "age": null}"#), Patch(nickname: .null, age: .null))
        XCTAssertEqual(try decodeJSON(Patch.self, #"{"nickname": "Bo", "age": 4}"#), Patch(nickname: .value("Bo"), age: .value(4)))
        XCTAssertThrowsError(try decodeJSON(Patch.self, #"{"age": "four"}"#))
    }

    func testEncodeNullableAbsentNullValue() throws {
        XCTAssertEqual(try encodeJSON(Patch(nickname: nil, age: nil)), "{}")
        XCTAssertEqual(try encodeJSON(Patch(nickname: .null, age: nil)), #"{"nickname":null}"#)
        XCTAssertEqual(try encodeJSON(Patch(nickname: .value("Bo"), age: .null)), #"{"age":null,"nickname":"Bo"}"#)
    }

    func testHelpers() {
        XCTAssertEqual(Nullable<Int>(nil), .null)
        XCTAssertEqual(Nullable(5), .value(5))
        XCTAssertEqual(Nullable.value(5).optional, 5)
        XCTAssertNil(Nullable<Int>.null.optional)
        XCTAssertTrue(Nullable<Int>.null.isNull)
        XCTAssertFalse(Nullable.value(1).isNull)
        XCTAssertEqual(Nullable.value(2).map { $0 * 2 }, .value(4))
        XCTAssertEqual(Nullable<Int>.null.map { $0 * 2 }, .null)
        XCTAssertEqual(Set([Nullable.value(1), .value(1), .null]).count, 2)
    }
}
