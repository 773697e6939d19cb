@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// The WHATWG event-stream interpretation, fed whole and byte by byte.
final class ServerSentEventParserTests: XCTestCase {
    private func parse(_ text: String, byteByByte: Bool = false) throws -> [ServerSentEvent<String>] {
        var parser = ServerSentEventParser()
        let bytes = Array(text.utf8)
        guard byteByByte else { return try parser.feed(bytes) }
        var events: [ServerSentEvent<String>] = []
        for byte in bytes { events += try parser.feed([byte]) }
        return events
    }

    func testJoinsMultiLineDataAndSkipsComments() throws {
        let text = ": keep-alive\ndata: first line\ndata:second line\n: another comment\ndata:  two spaces\n\n"
        for byteByByte in [false, true] {
            let events = try parse(text, byteByByte: byteByByte)
            XCTAssertEqual(events, [ServerSentEvent(data: "first line\nsecond line\n two spaces")])
        }
    }

    func testAcceptsCRLFAndCRAndLFLineEndingsAlsoSplitAcrossChunks() throws {
        var parser = ServerSentEventParser()
        var events = try parser.feed(Array("data: a\r".utf8))
        events += try parser.feed(Array("\ndata: b\r\r".utf8))
        events += try parser.feed(Array("event: x\ndata: c\n\r\n".utf8))
        XCTAssertEqual(events, [ServerSentEvent(data: "a\nb"), ServerSentEvent(event: "x", data: "c")])
    }

    func testDropsOneLeadingBOMOnly() throws {
        let events = try parse("\u{FEFF}data: x\n\n\u{FEFF}data: y\n\n", byteByByte: true)
        XCTAssertEqual(events.map(\.data), ["x"], "a BOM after the start makes the field name unknown")
    }

    func testIdPersistsAcrossEventsAndNULIdIsIgnored() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("id: 7\ndata: a\n\ndata: b\n\nid: bad\0id\ndata: c\n\nid\ndata: d\n\n".utf8))
        XCTAssertEqual(events.map(\.id), ["7", "7", "7", nil])
        XCTAssertEqual(parser.lastEventID, "")
    }

    func testRetryTakesDigitsOnly() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("retry: 1500\ndata: a\n\nretry: 2s\ndata: b\n\n".utf8))
        XCTAssertEqual(events.map(\.retry), [1500, nil])
        XCTAssertEqual(parser.reconnectionTime, 1500)
    }

    func testEventWithoutDataIsNotDispatchedAndEmptyDataIs() throws {
        let events = try parse("event: ping\n\ndata\n\nid: 3\n\n")
        XCTAssertEqual(events, [ServerSentEvent(data: "")])
    }

    func testUnknownFieldsAreIgnoredAndAnOpenEventAtTheEndIsDiscarded() throws {
        var parser = ServerSentEventParser()
        let events = try parser.feed(Array("foo: bar\ndata: kept\n\ndata: cut off".utf8))
        parser.finish()
        XCTAssertEqual(events.map(\.data), ["kept"])
        XCTAssertEqual(try parser.feed(Array("\n\n".utf8)), [], "finish() dropped the open event")
    }

    func testAnEventLargerThanTheLimitThrows() {
        var parser = ServerSentEventParser(maxEventSize: 16)
        XCTAssertThrowsError(try parser.feed(Array("data: 0123456789abcdef\n\n".utf8))) { error in
            guard case APIError.malformedStreamItem(_, 0, _) = error else { return XCTFail("\(error)") }
        }
    }
}
