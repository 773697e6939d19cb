@_spi(Generated) import APIRuntime
import Foundation
import XCTest

private struct Event: Codable, Equatable {
    var at: Date
    var until: Date?
    var reminders: [Date]
    var history: [Date]?
    var cancelledAt: Nullable<Date>?
    var note: Nullable<String>?

    enum CodingKeys: String, CodingKey {
        case at, until, reminders, history, cancelledAt, note
    }

    init(at: Date, until: Date? = nil, reminders: [Date] = [], history: [Date]? = nil,
         cancelledAt: Nullable<Date>? = nil, note: Nullable<String>? = nil) {
        self.at = at
        self.until = until
        self.reminders = reminders
        self.history = history
        self.cancelledAt = cancelledAt
        self.note = note
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        at = try container.decodeDateTime(forKey: .at)
        until = try container.decodeDateTimeIfPresent(forKey: .until)
        reminders = try container.decodeDateTimeArray(forKey: .reminders)
        history = try container.decodeDateTimeArrayIfPresent(forKey: .history)
        cancelledAt = try container.decodeNullableDateTime(forKey: .cancelledAt)
        note = try container.decodeNullable(String.self, forKey: .note)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeDateTime(at, forKey: .at)
        try container.encodeDateTimeIfPresent(until, forKey: .until)
        try container.encodeDateTimeArray(reminders, forKey: .reminders)
        try container.encodeDateTimeArrayIfPresent(history, forKey: .history)
        try container.encodeNullableDateTime(cancelledAt, forKey: .cancelledAt)
        try container.encodeNullable(note, forKey: .note)
    }
}

final class KeyedEncodingContainerAPIGenTests: XCTestCase {
    private let noon = Date(timeIntervalSince1970: 1_709_985_600)

    func testMinimalEncodingLeavesOutAbsentFields() throws {
        XCTAssertEqual(try encodeJSON(Event(at: noon)), #"{"at":"2024-03-09T12:00:00Z","reminders":[]}"#)
    }

    func testFullEncoding() throws {
        let event = Event(
            at: noon, until: noon.addingTimeInterval(0.25), reminders: [noon, noon.addingTimeInterval(60)],
            history: [noon.addingTimeInterval(-86_400)], cancelledAt: .null, note: .value("hi"))
        XCTAssertEqual(try encodeJSON(event), """
            {"at":"2024-03-09T12:00:00Z","cancelledAt":null,"history":["2024-03-08T12:00:00Z"],"note":"hi",\
            "reminders":["2024-03-09T12:00:00Z","2024-03-09T12:01:00Z"],"until":"2024-03-09T12:00:00.250Z"}
            """)
        XCTAssertEqual(try encodeJSON(Event(at: noon, cancelledAt: .value(noon), note: .null)),
                       #"{"at":"2024-03-09T12:00:00Z","cancelledAt":"2024-03-09T12:00:00Z","note":null,"reminders":[]}"#)
    }

    func testRoundTripWithDefaultCoders() throws {
        let event = Event(
            at: noon.addingTimeInterval(0.123), until: noon, reminders: [noon], history: [], cancelledAt: .value(noon),
            note: .null)
        let data = try JSONEncoder().encode(event)
        XCTAssertEqual(try JSONDecoder().decode(Event.self, from: data), event)
        let absent = Event(at: noon)
        XCTAssertEqual(try JSONDecoder().decode(Event.self, from: JSONEncoder().encode(absent)), absent)
    }
}
