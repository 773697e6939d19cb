import APIRuntime
import Foundation

/// Recognises common binary formats by their first bytes, so a body served with the wrong `Content-Type`
/// (`application/octet-stream` for a JPEG) is still handled as what it is.
public enum MediaTypeSniffer {
    /// The media type the bytes start like, or nil when none is recognised. Knows JPEG, PNG, GIF, WebP, HEIC/AVIF,
    /// BMP, TIFF, ICO, PDF, ZIP, GZIP, MP4, MP3, Ogg, WAV, SVG, JSON and XML.
    public static func sniff(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(64))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + signature.count && Array(bytes[offset..<offset + signature.count]) == signature
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            starts(Array(text.utf8), at: offset)
        }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if ascii("GIF87a") || ascii("GIF89a") { return "image/gif" }
        if ascii("RIFF"), ascii("WEBP", at: 8) { return "image/webp" }
        if ascii("RIFF"), ascii("WAVE", at: 8) { return "audio/wav" }
        if ascii("ftyp", at: 4) {
            let brand = bytes.count >= 12 ? String(decoding: bytes[8..<12], as: UTF8.self) : ""
            switch brand {
            case "heic", "heix", "hevc", "heim", "heis", "mif1", "msf1": return "image/heic"
            case "avif", "avis": return "image/avif"
            case "qt  ": return "video/quicktime"
            default: return "video/mp4"
            }
        }
        if ascii("BM"), bytes.count >= 14 { return "image/bmp" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "image/x-icon" }
        if ascii("%PDF-") { return "application/pdf" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "application/zip" }
        if starts([0x1F, 0x8B]) { return "application/gzip" }
        if ascii("ID3") || starts([0xFF, 0xFB]) { return "audio/mpeg" }
        if ascii("OggS") { return "audio/ogg" }
        return sniffText(bytes)
    }

    /// The type to use for a body declared as `declared`: the sniffed type when the declaration is missing,
    /// generic (`application/octet-stream`, `binary/octet-stream`) or contradicted by the bytes of a known
    /// binary format; otherwise the declared type (without parameters).
    public static func effectiveType(declared: String?, data: Data) -> String? {
        let declaredType = declared?.split(separator: ";").first.map { $0.trimmingSpaces.lowercased() }
        let sniffed = sniff(data)
        guard let declaredType, !declaredType.isEmpty else { return sniffed }
        guard let sniffed else { return declaredType }
        let generic: Set<String> = ["application/octet-stream", "binary/octet-stream", "application/unknown"]
        if generic.contains(declaredType) || declaredType == sniffed {
            return sniffed
        }
        // A declared type of the same family with a different name (image/jpg) is a mislabel; a declared text
        // type contradicted by binary bytes is wrong too. Text sniffs (JSON, XML) never override a declaration.
        let isBinarySniff = !["application/json", "application/xml", "image/svg+xml"].contains(sniffed)
        return isBinarySniff ? sniffed : declaredType
    }

    private static func sniffText(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self).drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\u{FEFF}" }
        if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("<svg")) { return "image/svg+xml" }
        if text.hasPrefix("<?xml") { return "application/xml" }
        if text.hasPrefix("{") || text.hasPrefix("[") { return "application/json" }
        return nil
    }
}
