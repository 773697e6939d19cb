import APIRuntime
import Foundation

/// A downloaded body kept on disk by ``DownloadCache``.
public struct DownloadedFile: Sendable, Hashable {
    /// The URL it was downloaded from.
    public let url: URL
    /// Where the bytes are on disk (valid until evicted).
    public let fileURL: URL
    /// The bytes.
    public let data: Data
    /// The media type recognised from the bytes and the declaration (see ``MediaTypeSniffer/effectiveType(declared:data:)``).
    public let mimeType: String?
    /// The `Content-Type` the server declared.
    public let declaredMimeType: String?
    /// When it was downloaded.
    public let downloadedAt: Date
    /// Whether it came from the disk cache rather than the network.
    public let isFromCache: Bool

    /// Whether ``mimeType`` is an image type.
    public var isImage: Bool {
        mimeType?.hasPrefix("image/") ?? false
    }
}

/// Errors of ``DownloadCache``.
public enum DownloadError: Error, CustomStringConvertible {
    /// The server answered with a status other than 2xx.
    case status(Int, url: URL)
    /// An image was requested but the bytes are not a recognised image format.
    case notAnImage(mimeType: String?, url: URL)

    /// Explains the error.
    public var description: String {
        switch self {
        case .status(let status, let url): "Downloading \(url.absoluteString) failed with HTTP \(status)."
        case .notAnImage(let type, let url): "\(url.absoluteString) is not an image (\(type ?? "unknown type"))."
        }
    }
}
