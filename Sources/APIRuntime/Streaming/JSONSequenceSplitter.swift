import Foundation

/// Cuts a streamed JSON body into its items' bytes as chunks arrive (see ``JSONSequenceFormat``), holding only the
/// item in progress.
@_spi(Generated) public struct JSONSequenceSplitter: Sendable {
    /// The delimiting rules.
    public let format: JSONSequenceFormat
    /// The longest item accepted, in bytes; a longer one throws ``APIError/malformedStreamItem(operation:index:message:)``.
    public let maxItemSize: Int

    private var pending = Data()
    /// How many bytes of `pending` are known to hold no delimiter (so a long item is scanned once).
    private var scanned = 0
    private var items = 0
    /// A failure found after items that are returned first: thrown by the next call.
    private var failure: APIError?
    private static let recordSeparator: UInt8 = 0x1E
    private static let lineFeed: UInt8 = 0x0A

    /// A splitter for `format` accepting items of at most `maxItemSize` bytes (16 MiB by default).
    public init(format: JSONSequenceFormat, maxItemSize: Int = 16 * 1024 * 1024) {
        self.format = format
        self.maxItemSize = maxItemSize
    }

    /// Consumes `chunk` and returns the items it completed, in order (blank items skipped).
    ///
    /// What is returned does not depend on where the body was cut into chunks: an item longer than ``maxItemSize``
    /// fails whether or not its end arrived in the same chunk, and the items completed before it are returned first
    /// (the failure is thrown by the next call, `feed` or `finish`).
    public mutating func feed(_ chunk: Data, operation: String = "") throws(APIError) -> [Data] {
        if let failure { throw failure }
        pending.append(chunk)
        let delimiter = format == .lines ? Self.lineFeed : Self.recordSeparator
        var found: [Data] = []
        var start = pending.startIndex
        var searchFrom = pending.startIndex + scanned
        while let end = pending[searchFrom...].firstIndex(of: delimiter) {
            if pending.distance(from: start, to: end) > maxItemSize {
                return try fail(operation: operation, after: found)
            }
            if let item = Self.trimmed(pending[start..<end]) { found.append(Data(item)) }
            start = pending.index(after: end)
            searchFrom = start
        }
        pending.removeSubrange(pending.startIndex..<start)
        scanned = pending.count
        if pending.count > maxItemSize {
            return try fail(operation: operation, after: found)
        }
        items += found.count
        return found
    }

    /// Records that the item after `found` is too long: `found` is returned, the failure thrown now when it is empty.
    private mutating func fail(operation: String, after found: [Data]) throws(APIError) -> [Data] {
        items += found.count
        let failure = APIError.malformedStreamItem(operation: operation, index: items, message: "an item longer than \(maxItemSize) bytes")
        self.failure = failure
        if found.isEmpty { throw failure }
        return found
    }

    /// Ends the body: the last item, if one is pending. A JSON Lines item without its final newline is complete;
    /// a JSON Sequence text must end with LF, else ``APIError/streamTruncated(operation:itemsReceived:)``.
    public mutating func finish(operation: String = "") throws(APIError) -> Data? {
        defer {
            pending.removeAll()
            scanned = 0
        }
        if let failure { throw failure }
        guard let item = Self.trimmed(pending[...]) else { return nil }
        if format == .sequence, pending.last != Self.lineFeed {
            throw .streamTruncated(operation: operation, itemsReceived: items)
        }
        items += 1
        return Data(item)
    }

    /// `bytes` without surrounding JSON whitespace, nil when nothing remains.
    private static func trimmed(_ bytes: Data.SubSequence) -> Data.SubSequence? {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return nil
        }
        return bytes[first...last]
    }
}
