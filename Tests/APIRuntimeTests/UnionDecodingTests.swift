@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// Decodes values of a union without a discriminator by shape: each test holds a value that the first variant also
/// decodes (its members are optional, its tag an open string), which "first that decodes" took and lost data with.
final class UnionDecodingTests: XCTestCase {
    private struct Track: Decodable, Equatable {
        var type: String?
        var name: String?
        var album: String?
    }

    private struct Episode: Decodable, Equatable {
        var type: String?
        var name: String?
        var show: String
    }

    private enum Item: Decodable, Equatable {
        case track(Track)
        case episode(Episode)
        case text(String)

        static let variants: [UnionDecoding.Variant<Item>] = [
            .init(keys: ["type", "name", "album"], tags: ["type": ["track"]]) { .track(try Track(from: $0)) },
            .init(keys: ["type", "name", "show"], tags: ["type": ["episode"]]) { .episode(try Episode(from: $0)) },
            .init { .text(try String(from: $0)) },
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionDecoding.decode(from: decoder, among: Self.variants)
        }
    }

    private func decode(_ json: String) throws -> Item {
        try JSONDecoder().decode(Item.self, from: Data(json.utf8))
    }

    func testTheVariantDeclaringEveryMemberWinsOverAnEarlierOneThatAlsoDecodes() throws {
        XCTAssertEqual(try decode(#"{"name": "n", "show": "s"}"#), .episode(Episode(name: "n", show: "s")))
        XCTAssertEqual(try decode(#"{"name": "n", "album": "a"}"#), .track(Track(name: "n", album: "a")))
    }

    func testAContradictedTagSetsTheVariantAside() throws {
        // Both declare `type` and `name`; only the tag tells them apart.
        XCTAssertEqual(try decode(#"{"type": "episode", "name": "n", "show": "s"}"#),
                       .episode(Episode(type: "episode", name: "n", show: "s")))
        XCTAssertEqual(try decode(#"{"type": "track"}"#), .track(Track(type: "track")))
    }

    func testAContradictedVariantIsStillTakenWhenNothingElseDecodes() throws {
        // A kind the description does not list: no tag matches, the first variant that decodes keeps what it can.
        XCTAssertEqual(try decode(#"{"type": "audiobook", "name": "n"}"#), .track(Track(type: "audiobook", name: "n")))
    }

    func testTheClosestVariantWinsWhenNoneDeclaresEveryMember() throws {
        XCTAssertEqual(try decode(#"{"name": "n", "show": "s", "extra": 1}"#), .episode(Episode(name: "n", show: "s")))
        XCTAssertEqual(try decode(#"{"extra": 1}"#), .track(Track()))
    }

    func testValuesThatAreNotObjectsTakeTheFirstVariantThatDecodes() throws {
        XCTAssertEqual(try decode(#""plain""#), .text("plain"))
        XCTAssertThrowsError(try decode("42")) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "the value matches none of the variants")
        }
    }

    // openai's response items: an input message allows three roles, an output message one; both declare the same keys.
    private struct Message: Decodable, Equatable {
        var role: String
        var content: String
    }

    private enum ResponseItem: Decodable, Equatable {
        case input(Message)
        case output(Message)

        static let variants: [UnionDecoding.Variant<ResponseItem>] = [
            .init(keys: ["role", "content"], tags: ["role": ["user", "system", "developer"]]) { .input(try Message(from: $0)) },
            .init(keys: ["role", "content"], tags: ["role": ["assistant"]]) { .output(try Message(from: $0)) },
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionDecoding.decode(from: decoder, among: Self.variants)
        }
    }

    func testATagAllowingSeveralStringsSetsAsideOnlyTheVariantsNotAllowingTheValue() throws {
        func decode(_ json: String) throws -> ResponseItem { try JSONDecoder().decode(ResponseItem.self, from: Data(json.utf8)) }
        XCTAssertEqual(try decode(#"{"role": "assistant", "content": "a"}"#), .output(Message(role: "assistant", content: "a")))
        XCTAssertEqual(try decode(#"{"role": "developer", "content": "d"}"#), .input(Message(role: "developer", content: "d")))
        XCTAssertEqual(try decode(#"{"role": "system", "content": "s"}"#), .input(Message(role: "system", content: "s")))
        // No variant allows it: the first set-aside one that decodes keeps the value.
        XCTAssertEqual(try decode(#"{"role": "tool", "content": "t"}"#), .input(Message(role: "tool", content: "t")))
    }

    // GitHub's issue events: `locked` requires `lock_reason`, which may be null, so it decodes when the key is absent.
    private struct Locked: Decodable, Equatable {
        var id: Int
        var lockReason: String?
        enum CodingKeys: String, CodingKey { case id, lockReason = "lock_reason" }
    }

    private struct AddedToProject: Decodable, Equatable {
        var id: Int
        var projectCard: String?
        enum CodingKeys: String, CodingKey { case id, projectCard = "project_card" }
    }

    private enum IssueEvent: Decodable, Equatable {
        case locked(Locked)
        case addedToProject(AddedToProject)

        static let variants: [UnionDecoding.Variant<IssueEvent>] = [
            .init(keys: ["id", "lock_reason"], required: ["lock_reason"]) { .locked(try Locked(from: $0)) },
            .init(keys: ["id", "project_card"]) { .addedToProject(try AddedToProject(from: $0)) },
        ]

        init(from decoder: any Decoder) throws {
            self = try UnionDecoding.decode(from: decoder, among: Self.variants)
        }
    }

    private func decodeEvent(_ json: String) throws -> IssueEvent {
        try JSONDecoder().decode(IssueEvent.self, from: Data(json.utf8))
    }

    func testAVariantMissingARequiredMemberThatDecodesWhenAbsentGivesWayToOneThatFits() throws {
        XCTAssertEqual(try decodeEvent(#"{"id": 1}"#), .addedToProject(AddedToProject(id: 1)))
        XCTAssertEqual(try decodeEvent(#"{"id": 1, "lock_reason": null}"#), .locked(Locked(id: 1)))
        XCTAssertEqual(try decodeEvent(#"{"id": 1, "lock_reason": "spam"}"#), .locked(Locked(id: 1, lockReason: "spam")))
    }

    func testAVariantMissingARequiredMemberIsStillTakenWhenNothingElseDecodes() throws {
        // `project_card` is not a string, so only `locked` decodes.
        XCTAssertEqual(try decodeEvent(#"{"id": 1, "project_card": 5}"#), .locked(Locked(id: 1)))
    }

    func testUndeclaredKeysRankBeforeAMissingRequiredMember() throws {
        XCTAssertEqual(try decodeEvent(#"{"id": 1, "extra": 2}"#), .addedToProject(AddedToProject(id: 1)))
    }
}
