extension JSONSchemaFormat {
    /// `ipv4` (RFC 2673 dotted quad): four decimal octets 0-255 without leading zeros, ASCII digits only.
    public static func isValidIPv4(_ string: String) -> Bool {
        withBytes(string) { bytes in
            scanIPv4(bytes, from: 0, to: bytes.count)
        }
    }

    /// `ipv6` (RFC 4291 §2.2): hex groups with at most one `::`, an optional trailing dotted quad; no zone
    /// identifier, prefix length or brackets.
    public static func isValidIPv6(_ string: String) -> Bool {
        withBytes(string) { bytes in
            scanIPv6(bytes, from: 0, to: bytes.count)
        }
    }

    /// Whether `bytes[start..<end]` is a dotted-quad IPv4 address.
    static func scanIPv4(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        for octet in 0..<4 {
            if octet > 0 {
                guard index < end, bytes[index] == UInt8(ascii: ".") else { return false }
                index += 1
            }
            let digitsStart = index
            var value = 0
            while index < end && isDigit(bytes[index]) && index - digitsStart < 3 {
                value = value * 10 + Int(bytes[index] &- 48)
                index += 1
            }
            let length = index - digitsStart
            guard length > 0, value <= 255, length == 1 || bytes[digitsStart] != UInt8(ascii: "0") else { return false }
        }
        return index == end
    }

    /// Whether `bytes[start..<end]` is an IPv6 address in text form.
    static func scanIPv6(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        var groups = 0
        var sawDoubleColon = false
        if end - start >= 2 && bytes[start] == UInt8(ascii: ":") && bytes[start + 1] == UInt8(ascii: ":") {
            sawDoubleColon = true
            index += 2
            if index == end { return true }
        } else if index < end && bytes[index] == UInt8(ascii: ":") {
            return false
        }
        while index < end {
            // A group: 1-4 hex digits, or a dotted quad as the last two groups.
            let groupStart = index
            while index < end && isHexDigit(bytes[index]) && index - groupStart < 5 { index += 1 }
            if index < end && bytes[index] == UInt8(ascii: ".") {
                guard groups <= 6, scanIPv4(bytes, from: groupStart, to: end) else { return false }
                groups += 2
                index = end
                break
            }
            let length = index - groupStart
            guard length >= 1 && length <= 4 else { return false }
            groups += 1
            if index == end { break }
            guard bytes[index] == UInt8(ascii: ":") else { return false }
            index += 1
            if index < end && bytes[index] == UInt8(ascii: ":") {
                guard !sawDoubleColon else { return false }
                sawDoubleColon = true
                index += 1
                if index == end { break }
            } else if index == end {
                return false  // a trailing single colon
            }
        }
        return sawDoubleColon ? groups <= 7 : groups == 8
    }
}
