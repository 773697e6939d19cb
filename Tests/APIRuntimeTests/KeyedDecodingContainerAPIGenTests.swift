@_spi(Generated) import APIRuntime
import Foundation
import XCTest

private struct Event: Decodable {
    var at: Date
    var until: Date?
    var reminders: [Date]
    var history: [Date]?
    var cancelledAt: Nullable<Date>?

    enum CodingKeys: String, CodingKey {
        case at, until, reminders, history, cancelledAt
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try container.decodeDateTime(forKey: .at)
        until = try container.decodeDateTimeIfPresent(forKey: .until)
        reminders = try container.decodeDateTimeArray(forKey: .reminders)
        history = try container.decodeDateTimeArrayIfPresent(forKey: .history)
        cancelledAt = try container.decodeNullableDateTime(forKey: .cancelledAt)
    }
}

final class KeyedDecodingContainerAPIGenTests: XCTestCase {
    func testDecodesAllFields() throws {
        let event = try decodeJSON(Event.self, """
            {"at": "2024-03-09T12:34:56Z", "until": "2024-03-09T13:00:00.5+01:00",
             "reminders": ["2024-03-09T12:00:00Z", "2024-03-09T12:30:00.123456Z"],
             "history": [], "cancelledAt": "2024-03-10T00:00:00Z"}
            """)
        XCTAssertEqual(event.at.timeIntervalSince1970, 1_709_987_696)
        XCTAssertEqual(event.until?.timeIntervalSince1970, 1_709_985_600.5)
        XCTAssertEqual(event.reminders.count, 2)
        XCTAssertEqual(event.reminders[1].timeIntervalSince1970, 1_709_987_400.123456, accuracy: 1e-6)
        XCTAssertEqual(event.history, [])
        XCTAssertEqual(event.cancelledAt, .value(Date(timeIntervalSince1970: 1_710_028_800)))
    }

    func testOptionalFieldsAbsentOrNull() throws {
        let absent = try decodeJSON(Event.self, #"{"at": "2024-03-09T12:34:56Z", "reminders": []}"#)
        XCTAssertNil(absent.until)
        XCTAssertNil(absent.history)
        XCTAssertNil(absent.cancelledAt)
        let null = try decodeJSON(
            Event.self, #"{"at": "2024-03-09T12:34:56Z", "reminders": [], "until": null, "history": null, "cancelledAt": null}"#)
        XCTAssertNil(null.until)
        XCTAssertNil(null.history)
        XCTAssertEqual(null.cancelledAt, .null)
    }

    func testInvalidDateTimeIsDataCorruptedAtItsKey() {
        XCTAssertThrowsError(try decodeJSON(Event.self, #"{"at": "yesterday", "reminders": []}"#)) { error in
            guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["at"])
            XCTAssertTrue(context.debugDescription.contains("'yesterday'"), context.debugDescription)
        }
        XCTAssertThrowsError(try decodeJSON(Event.self, #"{"at": "2024-03-09T12:34:56Z", "until": "2024-03-09", "reminders": []}"#)) {
            guard case DecodingError.dataCorrupted(let context)? = $0 as? DecodingError else { return XCTFail("\($0)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["until"])
        }
    }

    func testInvalidArrayElementNamesItsIndex() {
        let json = #"{"at": "2024-03-09T12:34:56Z", "reminders": ["2024-03-09T12:00:00Z", "soon"]}"#
        XCTAssertThrowsError(try decodeJSON(Event.self, json)) { error in
            guard case DecodingError.dataCorrupted(let context)? = error as? DecodingError else {
                return XCTFail("unexpected \(error)")
            }
            XCTAssertEqual(context.codingPath.first?.stringValue, "reminders")
            XCTAssertEqual(context.codingPath.last?.intValue, 1)
        }
    }

    func testWrongTypesAndMissingKeys() {
        XCTAssertThrowsError(try decodeJSON(Event.self, #"{"at": 1709987696, "reminders": []}"#)) {
            guard case DecodingError.typeMismatch? = $0 as? DecodingError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try decodeJSON(Event.self, #"{"reminders": []}"#)) {
            guard case DecodingError.keyNotFound? = $0 as? DecodingError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try decodeJSON(Event.self, #"{"at": "2024-03-09T12:34:56Z", "reminders": [], "cancelledAt": "never"}"#)) {
            guard case DecodingError.dataCorrupted? = $0 as? DecodingError else { return XCTFail("\($0)") }
        }
    }
}

/// A member spelled `id` (a number in its shape) or `ident` (a string in its shape), and a name spelled two ways.
private struct Account: Decodable {
    var id: FlexibleIdentifier
    var parent: FlexibleIdentifier?
    var name: String
    var nickname: Nullable<String>?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: WireKey.self)
        id = try container.decodeFirstIdentifier(forKeys: ["id", "ident"], textKeys: ["ident"])
        parent = try container.decodeFirstIdentifierIfPresent(forKeys: ["parent_id", "parentIdent"], textKeys: ["parentIdent"])
        name = try container.decodeFirst(String.self, forKeys: ["name", "user_name"])
        nickname = try container.decodeFirstNullable(String.self, forKeys: ["nickname", "nick"])
    }
}

final class KeyedDecodingContainerAlternateKeysTests: XCTestCase {
    /// The form the description declares for a key is only tried first: the other form is accepted under any key.
    func testIdentifiersDecodeInEitherFormUnderEitherKey() throws {
        for (json, expected) in [
            (#"{"id": 42, "name": "a"}"#, FlexibleIdentifier(42)),
            (#"{"id": "42", "name": "a"}"#, FlexibleIdentifier(42)),
            (#"{"id": "x-1", "name": "a"}"#, FlexibleIdentifier("x-1")),
            (#"{"ident": "42", "name": "a"}"#, FlexibleIdentifier(42)),
            (#"{"ident": 42, "name": "a"}"#, FlexibleIdentifier(42)),
            (#"{"ident": 7.0, "name": "a"}"#, FlexibleIdentifier(7)),
        ] {
            XCTAssertEqual(try decodeJSON(Account.self, json).id, expected, json)
        }
        XCTAssertEqual(try decodeJSON(Account.self, #"{"id": 1, "parentIdent": "9", "name": "a"}"#).parent, 9)
        XCTAssertEqual(try decodeJSON(Account.self, #"{"id": 1, "parent_id": null, "parentIdent": 9, "name": "a"}"#).parent, 9)
        XCTAssertNil(try decodeJSON(Account.self, #"{"id": 1, "parent_id": null, "name": "a"}"#).parent)
    }

    func testMissingOrWrongIdentifiersAreDecodingErrors() {
        XCTAssertThrowsError(try decodeJSON(Account.self, #"{"name": "a"}"#)) { error in
            guard case DecodingError.keyNotFound(let key, _)? = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "id")
        }
        XCTAssertThrowsError(try decodeJSON(Account.self, #"{"ident": true, "name": "a"}"#)) { error in
            guard case DecodingError.typeMismatch? = error as? DecodingError else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try decodeJSON(Account.self, #"{"id": null, "name": "a"}"#))
    }

    /// The first key holding a value wins; a required member whose only spelling present is `null` reports that
    /// key's null, not a missing key.
    func testAlternateKeysOfARequiredMember() throws {
        XCTAssertEqual(try decodeJSON(Account.self, #"{"id": 1, "user_name": "b"}"#).name, "b")
        XCTAssertEqual(try decodeJSON(Account.self, #"{"id": 1, "name": "a", "user_name": "b"}"#).name, "a")
        XCTAssertThrowsError(try decodeJSON(Account.self, #"{"id": 1, "name": null}"#)) { error in
            guard case DecodingError.valueNotFound(_, let context)? = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.last?.stringValue, "name")
        }
        XCTAssertThrowsError(try decodeJSON(Account.self, #"{"id": 1}"#)) { error in
            guard case DecodingError.keyNotFound(let key, _)? = error as? DecodingError else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "name")
        }
    }

    /// Absent, `null` and a value stay three answers under alternate keys, and the first present key decides.
    func testAbsentNullAndValueUnderAlternateKeys() throws {
        XCTAssertNil(try decodeJSON(Account.self, #"{"id": 1, "name": "a"}"#).nickname)
        XCTAssertEqual(try decodeJSON(Account.self, #"{"id": 1, "name": "a", "nick": null}"#).nickname, .null)
        XCTAssertEqual(try decodeJSON(Account.self, #"{"id": 1, "name": "a", "nick": "n"}"#).nickname, .value("n"))
        XCTAssertEqual(try decodeJSON(Account.self, #"{"id": 1, "name": "a", "nickname": null, "nick": "n"}"#).nickname, .null)
        XCTAssertThrowsError(try decodeJSON(Account.self, #"{"id": 1, "name": "a", "nick": 3}"#))
    }
}
