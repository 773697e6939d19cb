/// Formats of draft-03 and the plain RFC 1123 host names of draft-04/06, whose suites predate IDNA2008.
extension JSONSchemaFormat {
    /// `host-name` (draft-03) and draft-04/06 `hostname`: RFC 1123 labels only; `--` anywhere is allowed.
    public static func isValidRFC1123Hostname(_ string: String) -> Bool {
        withBytes(string) { bytes in
            guard !bytes.isEmpty, bytes.count <= 253 else { return false }
            return bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
                label.withUnsafeBufferPointer { isLDHLabel($0) }
            }
        }
    }

    /// draft-03 `time`: `hh:mm:ss` with a 24-hour clock and no zone.
    public static func isValidClockTime(_ string: String) -> Bool {
        withBytes(string) { bytes in
            guard bytes.count == 8, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":") else { return false }
            for index in [0, 1, 3, 4, 6, 7] where !isDigit(bytes[index]) { return false }
            func value(_ index: Int) -> Int { Int(bytes[index] &- 48) * 10 + Int(bytes[index + 1] &- 48) }
            return value(0) < 24 && value(3) < 60 && value(6) < 60
        }
    }

    /// draft-03 `color`: a CSS 2.1 color — `#rgb`, `#rrggbb`, or one of the 17 named colors.
    public static func isValidCSSColor(_ string: String) -> Bool {
        if string.hasPrefix("#") {
            let digits = string.utf8.dropFirst()
            return (digits.count == 3 || digits.count == 6) && digits.allSatisfy(isHexDigit)
        }
        return cssColorNames.contains(string.lowercased())
    }

    private static let cssColorNames: Set<String> = [
        "aqua", "black", "blue", "fuchsia", "gray", "green", "lime", "maroon", "navy", "olive", "orange", "purple", "red",
        "silver", "teal", "white", "yellow",
    ]
}
