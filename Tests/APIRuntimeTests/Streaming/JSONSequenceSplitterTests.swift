@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// JSON Lines and RFC 7464 JSON Text Sequences cut into items as chunks arrive.
final class JSONSequenceSplitterTests: XCTestCase {
    private func texts(_ items: [Data]) -> [String] {
        items.map { String(decoding: $0, as: UTF8.self) }
    }

    func testLinesAcrossChunksWithCRLFAndBlankLines() throws {
        var splitter = JSONSequenceSplitter(format: .lines)
        var items = try splitter.feed(Data("{\"a\":1}\r\n\n{\"b\":".utf8))
        XCTAssertEqual(texts(items), [#"{"a":1}"#])
        items = try splitter.feed(Data("2}\n  \n[3]".utf8))
        XCTAssertEqual(texts(items), [#"{"b":2}"#])
        XCTAssertEqual(try splitter.finish().map { String(decoding: $0, as: UTF8.self) }, "[3]",
                       "the last line may lack its newline")
    }

    func testJSONSequenceRecordsAndATruncatedLastRecord() throws {
        var splitter = JSONSequenceSplitter(format: .sequence)
        let items = try splitter.feed(Data("\u{1E}{\"a\":1}\n\u{1E}\"x\"\n\u{1E}12".utf8))
        XCTAssertEqual(texts(items), [#"{"a":1}"#, #""x""#])
        XCTAssertThrowsError(try splitter.finish(operation: "op")) { error in
            guard case APIError.streamTruncated(let operation, let itemsReceived) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(operation, "op")
            XCTAssertEqual(itemsReceived, 2)
        }
    }

    func testMediaTypes() {
        XCTAssertEqual(JSONSequenceFormat(mediaType: "application/jsonl"), .lines)
        XCTAssertEqual(JSONSequenceFormat(mediaType: "application/x-ndjson; charset=utf-8"), .lines)
        XCTAssertEqual(JSONSequenceFormat(mediaType: "application/json-seq"), .sequence)
        XCTAssertNil(JSONSequenceFormat(mediaType: "application/json"))
    }

    func testAnItemLargerThanTheLimitThrows() {
        var splitter = JSONSequenceSplitter(format: .lines, maxItemSize: 8)
        XCTAssertThrowsError(try splitter.feed(Data("[1,2,3,4,5,6]".utf8)))
    }

    /// Found by the streams fuzz harness (Fuzz/Sources/FuzzStreams): what a stream yields must not depend on where
    /// the network cut its body. Fed whole, a too-long second item threw at once and lost the complete first item
    /// (fed byte by byte, the first item came out first); and a too-long item whose end came in the same chunk was
    /// accepted (only the undelimited rest was measured).
    func testWhatIsReturnedDoesNotDependOnTheChunks() throws {
        let body = Data("[1]\n[1,2,3,4,5,6,7,8,9]\n[2]\n".utf8)
        for chunkSize in [1, 3, body.count] {
            var splitter = JSONSequenceSplitter(format: .lines, maxItemSize: 8)
            var items: [Data] = []
            var failure: APIError?
            do {
                for start in stride(from: 0, to: body.count, by: chunkSize) {
                    items += try splitter.feed(body[start..<min(body.count, start + chunkSize)], operation: "op")
                }
                _ = try splitter.finish(operation: "op")
            } catch {
                failure = error
            }
            XCTAssertEqual(texts(items), ["[1]"], "chunks of \(chunkSize)")
            guard case .malformedStreamItem("op", 1, _)? = failure else { return XCTFail("chunks of \(chunkSize): \(String(describing: failure))") }
        }
    }
}
