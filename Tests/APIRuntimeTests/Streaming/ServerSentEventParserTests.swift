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
        try parser.finish()
        XCTAssertEqual(events.map(\.data), ["kept"])
        XCTAssertEqual(try parser.feed(Array("\n\n".utf8)), [], "finish() dropped the open event")
    }

    func testAnEventLargerThanTheLimitThrows() {
        var parser = ServerSentEventParser(maxEventSize: 16)
        XCTAssertThrowsError(try parser.feed(Array("data: 0123456789abcdef\n\n".utf8))) { error in
            guard case APIError.malformedStreamItem(_, 0, _) = error else { return XCTFail("\(error)") }
        }
    }

    /// The events before a too-long one are delivered whatever the chunks (the streams fuzz harness's property:
    /// fed whole, the failure used to throw away the events completed earlier in the same chunk).
    func testEventsBeforeATooLongOneAreDeliveredWhateverTheChunks() throws {
        let body = Array("data: one\n\ndata: 0123456789abcdef\n\ndata: two\n\n".utf8)
        for chunkSize in [1, 5, body.count] {
            var parser = ServerSentEventParser(maxEventSize: 16)
            var events: [String] = []
            var failure: APIError?
            do {
                for start in stride(from: 0, to: body.count, by: chunkSize) {
                    events += try parser.feed(body[start..<min(body.count, start + chunkSize)], operation: "op").map(\.data)
                }
                try parser.finish()
            } catch {
                failure = error
            }
            XCTAssertEqual(events, ["one"], "chunks of \(chunkSize)")
            guard case .malformedStreamItem("op", 1, _)? = failure else { return XCTFail("chunks of \(chunkSize): \(String(describing: failure))") }
        }
    }
}
