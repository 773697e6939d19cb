extension JSONSchemaFormat {
    /// `email` (RFC 5321 §4.1.2 Mailbox): a dot-atom or quoted-string local part of at most 64 octets,
    /// `@`, and a hostname or an address literal (`[127.0.0.1]`, `[IPv6:::1]`).
    public static func isValidEmail(_ string: String) -> Bool {
        withBytes(string) { isValidMailbox($0, international: false) }
    }

    /// `idn-email` (RFC 6531): as ``isValidEmail(_:)`` but the local part may contain any non-ASCII code
    /// point and the domain may be internationalized (labels of non-ASCII code points are accepted as
    /// they are; they need not be NFC). Best effort.
    public static func isValidIDNEmail(_ string: String) -> Bool {
        withBytes(string) { isValidMailbox($0, international: true) }
    }

    private static func isValidMailbox(_ bytes: UnsafeBufferPointer<UInt8>, international: Bool) -> Bool {
        var index = 0
        let count = bytes.count
        // Local part; with `international`, the bytes of non-ASCII code points are accepted one by one.
        if index < count && bytes[index] == UInt8(ascii: "\"") {
            index += 1
            var closed = false
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    closed = true
                    index += 1
                    break
                }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < count, (32...126).contains(bytes[index + 1]) || (international && bytes[index + 1] >= 0x80) else { return false }
                    index += 2
                    continue
                }
                guard byte == 32 || byte == 33 || (35...91).contains(byte) || (93...126).contains(byte) || (international && byte >= 0x80) else { return false }
                index += 1
            }
            guard closed else { return false }
        } else {
            var atomLength = 0
            while index < count && bytes[index] != UInt8(ascii: "@") {
                let byte = bytes[index]
                if byte == UInt8(ascii: ".") {
                    guard atomLength > 0 else { return false }
                    atomLength = 0
                } else {
                    guard isAtext(byte) || (international && byte >= 0x80) else { return false }
                    atomLength += 1
                }
                index += 1
            }
            guard atomLength > 0 else { return false }
        }
        guard index <= 64, index < count, bytes[index] == UInt8(ascii: "@") else { return false }
        let domain = UnsafeBufferPointer(rebasing: bytes[(index + 1)...])
        guard !domain.isEmpty else { return false }
        if domain[0] == UInt8(ascii: "[") {
            guard domain.count > 2, domain[domain.count - 1] == UInt8(ascii: "]") else { return false }
            let literal = UnsafeBufferPointer(rebasing: domain[1..<(domain.count - 1)])
            if literal.count > 5, literal[0] | 0x20 == UInt8(ascii: "i"), literal[1] | 0x20 == UInt8(ascii: "p"),
               literal[2] | 0x20 == UInt8(ascii: "v"), literal[3] == UInt8(ascii: "6"), literal[4] == UInt8(ascii: ":")
            {
                return scanIPv6(literal, from: 5, to: literal.count)
            }
            return scanIPv4(literal, from: 0, to: literal.count)
        }
        if !domain.contains(where: { $0 >= 0x80 }) { return scanHostname(domain) }
        guard international else { return false }
        // Internationalized domain: ASCII labels follow the hostname rules, others may hold any non-ASCII
        // code points.
        var labels: [[UInt32]] = [[]]
        for scalar in String(decoding: domain, as: UTF8.self).unicodeScalars {
            if scalar == "." || scalar == "\u{3002}" || scalar == "\u{FF0E}" || scalar == "\u{FF61}" {
                labels.append([])
            } else {
                labels[labels.count - 1].append(scalar.value)
            }
        }
        return labels.allSatisfy { label in
            guard !label.isEmpty, label.first != 0x2D, label.last != 0x2D else { return false }
            return label.allSatisfy { $0 >= 0x80 || isAlpha(UInt8($0)) || isDigit(UInt8($0)) || $0 == 0x2D }
        }
    }

    private static func isAtext(_ byte: UInt8) -> Bool {
        if isAlpha(byte) || isDigit(byte) { return true }
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "?"),
             UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"),
             UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
