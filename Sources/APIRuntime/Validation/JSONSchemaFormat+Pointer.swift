extension JSONSchemaFormat {
    /// `json-pointer` (RFC 6901): empty, or `/`-prefixed reference tokens where `~` is always followed by
    /// `0` or `1`.
    public static func isValidJSONPointer(_ string: String) -> Bool {
        withBytes(string) { bytes in
            scanJSONPointer(bytes, from: 0)
        }
    }

    /// `relative-json-pointer`: a non-negative integer without leading zeros, then `#` or a JSON pointer.
    public static func isValidRelativeJSONPointer(_ string: String) -> Bool {
        withBytes(string) { bytes in
            var index = 0
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
            guard index > 0, index == 1 || bytes[0] != UInt8(ascii: "0") else { return false }
            if index == bytes.count - 1 && bytes[index] == UInt8(ascii: "#") { return true }
            return scanJSONPointer(bytes, from: index)
        }
    }

    private static func scanJSONPointer(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard start < bytes.count else { return true }
        guard bytes[start] == UInt8(ascii: "/") else { return false }
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "~") {
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "0") || bytes[index + 1] == UInt8(ascii: "1") else { return false }
                index += 2
            } else {
                index += 1
            }
        }
        return true
    }

    /// `uuid` (RFC 4122 string form): `8-4-4-4-12` hexadecimal digits in either case, any version/variant.
    public static func isValidUUID(_ string: String) -> Bool {
        withBytes(string) { bytes in
            guard bytes.count == 36 else { return false }
            for index in 0..<36 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                } else {
                    guard isHexDigit(bytes[index]) else { return false }
                }
            }
            return true
        }
    }
}
