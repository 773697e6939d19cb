import Foundation

/// A file sent as one part of a `multipart/form-data` body (OpenAPI `format: binary` properties).
public struct MultipartFile: Sendable, Hashable {
    /// The file's bytes.
    public var data: Data
    /// The `filename` parameter of the part's `Content-Disposition`; nil leaves it out.
    public var filename: String?
    /// The part's `Content-Type`; nil sends `application/octet-stream`.
    public var contentType: String?

    /// Creates a file part.
    public init(data: Data, filename: String? = nil, contentType: String? = nil) {
        self.data = data
        self.filename = filename
        self.contentType = contentType
    }
}
