import APIRuntime
import ExampleAPI
import Foundation
import XCTest

/// One `Member` for the profile shape (`id`: 42, `username`) and the friend shape (`ident`: "42", `user_name`).
final class CanonicalModelTests: XCTestCase {
    private let profile = Data("""
        {"id": 42, "username": "ann", "email": "ann@example.com", "avatarUrl": "https://cdn.example.com/a.jpg",
         "createdAt": "2024-05-01T10:20:30Z", "role": "admin", "karma": 3}
        """.utf8)
    private let friend = Data("""
        {"ident": "42", "user_name": "ann", "avatar_url": "https://cdn.example.com/a.jpg", "is_online": true}
        """.utf8)

    func testBothShapesDecodeIntoOneModelWithEqualIdentifiers() throws {
        let fromProfile = try JSONDecoder().decode(Member.self, from: profile)
        let fromFriend = try JSONDecoder().decode(Member.self, from: friend)
        XCTAssertEqual(fromProfile.id, fromFriend.id)
        XCTAssertEqual(fromProfile.id.hashValue, fromFriend.id.hashValue)
        XCTAssertEqual(fromProfile.username, fromFriend.username)
        XCTAssertEqual(fromFriend.isOnline, true)
        XCTAssertEqual(fromProfile.role, .admin)
    }

    func testIdentifierEqualityRules() {
        XCTAssertEqual(FlexibleIdentifier(42), FlexibleIdentifier("42"))
        XCTAssertNotEqual(FlexibleIdentifier(42), FlexibleIdentifier("042"), "leading zeros stay strings")
        XCTAssertNotEqual(FlexibleIdentifier("x42"), FlexibleIdentifier(42))
        XCTAssertEqual(FlexibleIdentifier("x42"), "x42")
        XCTAssertNotEqual(FlexibleIdentifier("-0"), FlexibleIdentifier(0))
        let set: Set<FlexibleIdentifier> = [42, "42", "042"]
        XCTAssertEqual(set.count, 2)
        var byID: [FlexibleIdentifier: String] = [42: "profile"]
        byID["42"] = "friend"
        XCTAssertEqual(byID.count, 1)
        XCTAssertEqual(byID[42], "friend")
    }

    func testEncodingWritesEachEndpointsSpelling() throws {
        let member = try JSONDecoder().decode(Member.self, from: friend)
        let asProfile = try XCTUnwrap(try JSONSerialization.jsonObject(with: JSONEncoder().encode(member.encoded(as: .profile))) as? [String: Any])
        XCTAssertEqual(asProfile["id"] as? Int, 42)
        XCTAssertEqual(asProfile["username"] as? String, "ann")
        XCTAssertNil(asProfile["ident"])
        let asFriend = try XCTUnwrap(try JSONSerialization.jsonObject(with: JSONEncoder().encode(member.encoded(as: .friend))) as? [String: Any])
        XCTAssertEqual(asFriend["ident"] as? String, "42")
        XCTAssertEqual(asFriend["user_name"] as? String, "ann")
        XCTAssertNil(asFriend["id"])
        // Round trip per shape.
        XCTAssertEqual(try JSONDecoder().decode(Member.self, from: JSONEncoder().encode(member.encoded(as: .friend))), member)
        let fromProfile = try JSONDecoder().decode(Member.self, from: profile)
        XCTAssertEqual(try JSONDecoder().decode(Member.self, from: JSONEncoder().encode(fromProfile.encoded(as: .profile))), fromProfile)
    }

    /// `displayName` is optional and nullable in both shapes: absent (an old account) and `null` (cleared) are
    /// different answers, and both survive decoding from either shape and encoding into either.
    func testAbsentAndNullStayApartAcrossShapes() throws {
        let cleared = try JSONDecoder().decode(Member.self, from: Data("""
            {"ident": "42", "user_name": "ann", "avatar_url": "https://cdn.example.com/a.jpg", "is_online": true,
             "display-name": null}
            """.utf8))
        XCTAssertEqual(cleared.displayName, .null)
        let old = try JSONDecoder().decode(Member.self, from: friend)
        XCTAssertNil(old.displayName)
        let named = try JSONDecoder().decode(Member.self, from: Data(#"{"id": 1, "username": "a", "email": "a@b.c", "avatarUrl": "https://c/a", "displayName": "Ann"}"#.utf8))
        XCTAssertEqual(named.displayName, .value("Ann"))
        for shape in [Member.WireShape.profile, .friend] {
            let key = shape == .profile ? "displayName" : "display-name"
            let clearedObject = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(cleared.encoded(as: shape))) as? [String: Any])
            XCTAssertTrue(clearedObject[key] is NSNull, "\(shape): \(clearedObject)")
            let oldObject = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(old.encoded(as: shape))) as? [String: Any])
            XCTAssertFalse(oldObject.keys.contains(key), "\(shape): \(oldObject)")
        }
        XCTAssertEqual(try JSONDecoder().decode(Member.self, from: JSONEncoder().encode(cleared.encoded(as: .friend))), cleared)
    }

    func testNestedShapesAreWrittenWithTheirEnclosingSchemasSpelling() throws {
        let page = try JSONDecoder().decode(FriendsResponseData.self, from: Data(#"{"items": [\#(String(decoding: friend, as: UTF8.self))], "page": 1, "pageSize": 20, "total": 1}"#.utf8))
        let written = try JSONSerialization.jsonObject(with: JSONEncoder().encode(page)) as? [String: Any]
        let item = try XCTUnwrap((written?["items"] as? [[String: Any]])?.first)
        XCTAssertEqual(item["ident"] as? String, "42", "\(item)")
        XCTAssertEqual(item["user_name"] as? String, "ann")
        XCTAssertNil(item["id"], "the friends list is written in the friend shape, not the profile shape")
    }

    func testNonNumericIdentifierCannotBeSentWhereANumberIsExpected() throws {
        let member = Member(id: "x42", username: "ann", avatarURL: URL(string: "https://c/a")!)
        XCTAssertThrowsError(try JSONEncoder().encode(member.encoded(as: .profile)))
        XCTAssertNoThrow(try JSONEncoder().encode(member.encoded(as: .friend)))
    }
}
