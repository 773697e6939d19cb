import Foundation

/// A file sent as one part of a `multipart/form-data` body (OpenAPI `format: binary` properties).
///
/// Its bytes are either in memory (``data``) or in a file on disk (``fileURL``, from ``init(contentsOf:filename:contentType:)``),
/// which ``APIClient`` streams from disk as it sends the body: memory stays bounded whatever the file's size.
public struct MultipartFile: Sendable, Hashable {
    /// The file's bytes; empty for a part read from ``fileURL``.
    public var data: Data
    /// The file on disk whose bytes the part sends instead of ``data``; nil sends ``data``.
    public var fileURL: URL?
    /// The `filename` parameter of the part's `Content-Disposition`; nil leaves it out.
    public var filename: String?
    /// The part's `Content-Type`; nil sends `application/octet-stream`.
    public var contentType: String?

    /// Creates a file part from bytes in memory.
    public init(data: Data, filename: String? = nil, contentType: String? = nil) {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }

    /// Creates a file part whose bytes are read from the file at `fileURL` while the request is sent (not now: a
    /// missing or unreadable file fails the call with ``APIError/invalidRequest(_:)`` before anything is sent).
    /// `filename` defaults to the file's name.
    public init(contentsOf fileURL: URL, filename: String? = nil, contentType: String? = nil) {
        self.data = Data()
        self.fileURL = fileURL
        self.filename = filename ?? fileURL.lastPathComponent
        self.contentType = contentType
    }
}
