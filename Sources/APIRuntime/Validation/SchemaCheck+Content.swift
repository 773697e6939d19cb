import Foundation

extension SchemaCheck {
    /// `contentEncoding` / `contentMediaType`, asserted only where a draft allows it (draft-07, when the run asserts
    /// formats): `base64` must decode, and `application/json` content must parse.
    public static func hasValidContent(_ string: String, encoding: String?, mediaType: String?) -> Bool {
        var bytes = Array(string.utf8)
        if let encoding, encoding.lowercased() == "base64" {
            guard let decoded = Data(base64Encoded: string) else { return false }
            bytes = Array(decoded)
        }
        if let mediaType, mediaType.lowercased() == "application/json" {
            do { _ = try JSONParser().parse(bytes) } catch { return false }
        }
        return true
    }
}
