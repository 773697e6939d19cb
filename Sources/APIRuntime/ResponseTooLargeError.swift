import Foundation

/// A response body larger than the transport's ``URLSessionTransport/maxResponseSize``: the transfer was stopped
/// once the limit was passed (or before the body, when `Content-Length` announced it), so a hostile or broken
/// server cannot make the app buffer an unbounded body.
public struct ResponseTooLargeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL requested.
    public let url: URL
    /// The limit in bytes.
    public let limit: Int
    /// The size `Content-Length` announced, when the response was refused on it.
    public let announcedLength: Int64?

    /// Creates the error.
    public init(url: URL, limit: Int, announcedLength: Int64? = nil) {
        self.url = url
        self.limit = limit
        self.announcedLength = announcedLength
    }

    public var description: String {
        let size = announcedLength.map { "announces \($0) bytes" } ?? "sent more"
        return "The response from \(url.absoluteString) \(size), over the limit of \(limit) bytes "
            + "(URLSessionTransport.maxResponseSize)."
    }
}
