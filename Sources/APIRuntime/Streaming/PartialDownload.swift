import Foundation
import HTTPTypes

/// What an interrupted download left next to its destination, so the next attempt can ask for the rest with
/// `Range` and `If-Range`: `<destination>.partial` (the bytes so far) and `<destination>.partial.json` (the URL and
/// the validator the bytes belong to).
struct PartialDownload: Codable {
    /// The URL the bytes came from.
    var url: URL
    /// The strong `ETag` or the `Last-Modified` of the response the bytes came from (the `If-Range` value).
    var validator: String

    static func dataURL(for destination: URL) -> URL {
        destination.appendingPathExtension("partial")
    }

    static func metadataURL(for destination: URL) -> URL {
        destination.appendingPathExtension("partial.json")
    }

    /// The partial download of `url` at `destination` and its size, nil when there is none usable.
    static func existing(for url: URL, at destination: URL) -> (PartialDownload, Int64)? {
        let manager = FileManager.default
        guard let data = manager.contents(atPath: metadataURL(for: destination).path),
              let partial = try? JSONDecoder().decode(PartialDownload.self, from: data), partial.url == url,
              let size = (try? manager.attributesOfItem(atPath: dataURL(for: destination).path))?[.size] as? NSNumber,
              size.int64Value > 0 else { return nil }
        return (partial, size.int64Value)
    }

    /// The validator of `headers` when the server supports ranges and gave one usable with `If-Range`.
    static func validator(of headers: HTTPFields, status: Int) -> String? {
        let acceptsRanges = status == 206 || (headers[.acceptRanges]?.lowercased().contains("bytes") ?? false)
        guard acceptsRanges else { return nil }
        if let etag = headers[.eTag], !etag.hasPrefix("W/") { return etag }  // If-Range needs a strong validator
        return headers[.lastModified]
    }

    /// The first byte position of `Content-Range: bytes START-END/TOTAL`, and TOTAL when known.
    static func contentRange(_ value: String?) -> (start: Int64, total: Int64?)? {
        guard let value, value.lowercased().hasPrefix("bytes ") else { return nil }
        let spec = value.dropFirst(6)
        let parts = spec.split(separator: "/", maxSplits: 1)
        guard let range = parts.first, let start = range.split(separator: "-").first.flatMap({ Int64($0) }) else { return nil }
        return (start, parts.count == 2 ? Int64(parts[1]) : nil)
    }

    static func remove(at destination: URL) {
        try? FileManager.default.removeItem(at: dataURL(for: destination))
        try? FileManager.default.removeItem(at: metadataURL(for: destination))
    }
}
