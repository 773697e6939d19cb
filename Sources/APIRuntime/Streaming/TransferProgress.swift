/// How far a download or an upload has come.
public struct TransferProgress: Sendable, Hashable {
    /// Bytes received (downloads, counting bytes kept from an interrupted attempt) or sent (uploads) so far.
    public let completedBytes: Int64
    /// The whole body's size, when the server announced it (downloads) or the file's size (uploads).
    public let expectedBytes: Int64?

    /// Creates a progress value.
    public init(completedBytes: Int64, expectedBytes: Int64?) {
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// `completedBytes / expectedBytes` in `0...1`, nil when the size is unknown.
    public var fraction: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(expectedBytes))
    }
}
