import Foundation
import HTTPTypes

/// A body downloaded to a file by ``APIClient/download(_:operation:to:resumable:segmentSize:progress:)``.
public struct DownloadResult: Sendable, Hashable {
    /// Where the body is.
    public let fileURL: URL
    /// The body's size on disk.
    public let byteCount: Int64
    /// Bytes kept from an earlier, interrupted attempt (0 when the download started from the beginning).
    public let resumedFrom: Int64
    /// The final response's status (`200`, or `206` for a resumed download).
    public let status: Int
    /// The final response's header fields.
    public let headerFields: HTTPFields
}
