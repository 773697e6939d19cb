import Foundation
import HTTPTypes

/// A transport that can receive a response body straight into a file, paced by the disk: the bytes are written on
/// the thread that reads them from the socket, so the network waits while the disk is behind.
///
/// ``APIClient/download(_:operation:to:resumable:segmentSize:progress:)`` uses it when a server ignores `Range`
/// and sends a large body in one response: FoundationNetworking cannot pause a data task, and the chunks the disk
/// has not taken yet would otherwise wait in memory (hundreds of MiB for a 1 GiB body, Docs/benchmarks.md).
protocol FileDownloadingTransport: HTTPTransport {
    /// Sends `request` and returns once the whole response arrived. A `2xx` body is on disk at
    /// ``DownloadTarget/file`` (replacing what was there) and the returned body is empty with
    /// ``HTTPBodyStream/bytesOnFile`` set; any other status returns its body in memory (at most
    /// ``DownloadTarget/errorBodyLimit`` bytes) and leaves `file` alone.
    func download(_ request: APIRequest, to target: DownloadTarget) async throws -> StreamedHTTPResponse
}

/// Where ``FileDownloadingTransport/download(_:to:)`` puts a body and whom it tells how far it got.
struct DownloadTarget: Sendable {
    /// The file that receives a `2xx` body.
    var file: URL
    /// The body's size when known (from an earlier response's `Content-Length`), for progress.
    var expectedBytes: Int64?
    /// Called as bytes arrive, on a `URLSession` queue.
    var progress: (@Sendable (TransferProgress) -> Void)?
    /// Free bytes the download leaves on the volume that holds the transport's temporary file; below it the
    /// transfer stops with `CocoaError(.fileWriteOutOfSpace)` instead of filling the disk.
    var reserve: Int64 = DiskSpace.reserve
    /// The most bytes of a non-`2xx` body returned in memory.
    static let errorBodyLimit = 1024 * 1024
}
