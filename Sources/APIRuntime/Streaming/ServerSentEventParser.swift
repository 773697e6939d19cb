import Foundation

/// Parses a `text/event-stream` body incrementally, following the WHATWG event-stream interpretation: lines end with
/// CRLF, LF or CR (also when a CRLF is split across chunks), one leading BOM is dropped, `:` lines are comments,
/// `data` lines are joined with `\n`, an `id` holding NUL is ignored, `retry` takes ASCII digits only, unknown
/// fields are ignored, and an event still open when the stream ends is discarded.
@_spi(Generated) public struct ServerSentEventParser: Sendable {
    /// The last event ID string (the `Last-Event-ID` to reconnect with): the `id` in effect when the last event
    /// block ended, so an `id` line of an event cut off by a dropped connection does not count; empty when none.
    public private(set) var lastEventID = ""
    /// The reconnection time in milliseconds the server asked for with `retry`, if any.
    public private(set) var reconnectionTime: Int?
    /// The longest event accepted, in bytes of its lines; longer ones throw ``APIError/malformedStreamItem(operation:index:message:)``.
    public let maxEventSize: Int

    private var idBuffer = ""
    private var line: [UInt8] = []
    private var lastByteWasCR = false
    private var checkedBOM = false
    private var data: [UInt8] = []
    private var hasData = false
    private var eventType = ""
    private var blockRetry: Int?
    private var eventSize = 0
    private var dispatched = 0
    /// A failure found after events that are returned first: thrown by the next call.
    private var failure: APIError?

    /// A parser accepting events of at most `maxEventSize` bytes (16 MiB by default).
    public init(maxEventSize: Int = 16 * 1024 * 1024) {
        self.maxEventSize = maxEventSize
    }

    /// Consumes `bytes` and returns the events they completed, in order. `operation` names the stream in errors.
    ///
    /// What is returned does not depend on where the body was cut into chunks: the events completed before an
    /// event that is too long are returned first, and the failure is thrown by the next call (`feed` or ``finish()``).
    public mutating func feed(_ bytes: some Sequence<UInt8>, operation: String = "") throws(APIError)
        -> [ServerSentEvent<String>] {
        if let failure { throw failure }
        var events: [ServerSentEvent<String>] = []
        do {
            try consume(bytes, into: &events, operation: operation)
        } catch {
            failure = error
            if events.isEmpty { throw error }
        }
        return events
    }

    private mutating func consume(_ bytes: some Sequence<UInt8>, into events: inout [ServerSentEvent<String>],
                                  operation: String) throws(APIError) {
        for byte in bytes {
            if !checkedBOM {
                // The BOM is recognised only as the stream's first three bytes.
                line.append(byte)
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                if line.count <= 3, Array(bom.prefix(line.count)) == line {
                    if line.count == 3 {
                        line.removeAll()
                        checkedBOM = true
                    }
                    continue
                }
                checkedBOM = true
                let pending = line
                line.removeAll()
                try consume(pending, into: &events, operation: operation)
                continue
            }
            switch byte {
            case 0x0A where lastByteWasCR:
                lastByteWasCR = false
            case 0x0A, 0x0D:
                lastByteWasCR = byte == 0x0D
                if let event = try endLine(operation: operation) { events.append(event) }
            default:
                lastByteWasCR = false
                line.append(byte)
                if line.count + eventSize > maxEventSize {
                    throw .malformedStreamItem(operation: operation, index: dispatched, message: "an event longer than \(maxEventSize) bytes")
                }
            }
        }
    }

    /// Ends the stream: an event without its blank line is discarded (WHATWG); returns nothing by design, and
    /// resets the parser for a reconnection (keeping ``lastEventID`` and ``reconnectionTime``). Throws the failure
    /// ``feed(_:operation:)`` found after the events it returned, if any.
    public mutating func finish() throws(APIError) {
        line.removeAll()
        lastByteWasCR = false
        checkedBOM = false
        idBuffer = lastEventID
        resetEvent()
        if let failure { throw failure }
    }

    private mutating func resetEvent() {
        data.removeAll()
        hasData = false
        eventType = ""
        blockRetry = nil
        eventSize = 0
    }

    private mutating func endLine(operation: String) throws(APIError) -> ServerSentEvent<String>? {
        defer { line.removeAll(keepingCapacity: true) }
        eventSize += line.count + 1
        guard !line.isEmpty else { return dispatch() }
        if line[0] == UInt8(ascii: ":") { return nil }
        let field: ArraySlice<UInt8>
        var value: ArraySlice<UInt8>
        if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            field = line[..<colon]
            value = line[(colon + 1)...]
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        } else {
            field = line[...]
            value = []
        }
        switch String(decoding: field, as: UTF8.self) {
        case "event": eventType = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "id" where !value.contains(0):
            idBuffer = String(decoding: value, as: UTF8.self)
        case "retry" where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
            let milliseconds = Int(String(decoding: value, as: UTF8.self)) ?? Int.max
            reconnectionTime = milliseconds
            blockRetry = milliseconds
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent<String>? {
        defer { resetEvent() }
        lastEventID = idBuffer
        guard hasData else { return nil }
        dispatched += 1
        return ServerSentEvent(
            id: lastEventID.isEmpty ? nil : lastEventID, event: eventType.isEmpty ? "message" : eventType,
            data: String(decoding: data, as: UTF8.self), retry: blockRetry)
    }
}
