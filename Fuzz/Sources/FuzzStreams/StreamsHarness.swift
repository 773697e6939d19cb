@_spi(Generated) import APIRuntime
import Foundation

/// libFuzzer entry: a streamed body through the event-stream parser and the JSON Lines / JSON Sequence splitter, read
/// whole and read in chunks cut where the input says. The network decides where a body is cut, so what a stream
/// yields must not depend on it: the same events (id, name, data, retry), the same items, the same error at the
/// same point, the same last event ID and `retry` afterwards. Input: one byte choosing the chunk sizes, then the body.
/// Small size limits make the "too long" paths reachable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStreams(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    guard let cutting = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    let chunks = StreamChunks.cut(body, by: cutting)

    let whole = EventsRead(body: [body])
    let cut = EventsRead(body: chunks)
    guard whole == cut else {
        fatalError("events depend on chunking (\(chunks.map(\.count))):\n whole \(whole)\n   cut \(cut)")
    }
    for format in [JSONSequenceFormat.lines, .sequence] {
        let whole = ItemsRead(body: [body], format: format)
        let cut = ItemsRead(body: chunks, format: format)
        guard whole == cut else {
            fatalError("\(format) items depend on chunking (\(chunks.map(\.count))):\n whole \(whole)\n   cut \(cut)")
        }
    }
    return 0
}

/// Where a body is cut: chunk sizes from 1 to 8 bytes drawn from a small generator seeded by the input's first byte
/// (0: byte by byte, the finest cut).
enum StreamChunks {
    static func cut(_ body: [UInt8], by seed: UInt8) -> [[UInt8]] {
        var state = UInt32(seed) &* 2_654_435_761 | 1
        var chunks: [[UInt8]] = []
        var start = 0
        while start < body.count {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            let length = seed == 0 ? 1 : Int(state % 8) + 1
            chunks.append(Array(body[start..<min(body.count, start + length)]))
            start += length
        }
        return chunks
    }
}

/// Everything an event stream yields for a body fed in `body`'s chunks, then ended.
struct EventsRead: Equatable, CustomStringConvertible {
    var events: [ServerSentEvent<String>] = []
    var error: String?
    var lastEventID = ""
    var reconnectionTime: Int?

    init(body: [[UInt8]]) {
        var parser = ServerSentEventParser(maxEventSize: 256)
        do {
            for chunk in body { events += try parser.feed(chunk) }
            try parser.finish()
        } catch {
            self.error = String(describing: error)
        }
        lastEventID = parser.lastEventID
        reconnectionTime = parser.reconnectionTime
    }

    var description: String {
        "\(events.map { "[\($0.id ?? "-") \($0.event) \($0.data.debugDescription) \($0.retry.map(String.init) ?? "-")]" }) "
            + "error \(error ?? "-") last \(lastEventID.debugDescription) retry \(reconnectionTime.map(String.init) ?? "-")"
    }
}

/// Everything a JSON Lines or JSON Sequence body yields when fed in `body`'s chunks, then ended.
struct ItemsRead: Equatable, CustomStringConvertible {
    var items: [Data] = []
    var error: String?

    init(body: [[UInt8]], format: JSONSequenceFormat) {
        var splitter = JSONSequenceSplitter(format: format, maxItemSize: 256)
        do {
            for chunk in body { items += try splitter.feed(Data(chunk)) }
            if let last = try splitter.finish() { items.append(last) }
        } catch {
            self.error = String(describing: error)
        }
    }

    var description: String {
        "\(items.map { String(decoding: $0, as: UTF8.self).debugDescription }) error \(error ?? "-")"
    }
}
