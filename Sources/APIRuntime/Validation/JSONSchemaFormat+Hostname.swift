extension JSONSchemaFormat {
    /// `hostname` (RFC 1123 §2.1 and RFC 5890 A-labels): dot-separated labels of letters, digits and
    /// hyphens, 1-63 characters each, not starting or ending with a hyphen, 253 characters at most, no
    /// trailing dot. A label with `--` in positions 3-4 must be an `xn--` A-label whose Punycode decodes
    /// to a valid IDNA2008 U-label.
    public static func isValidHostname(_ string: String) -> Bool {
        withBytes(string, scanHostname)
    }

    /// ``isValidHostname(_:)`` on UTF-8 bytes.
    static func scanHostname(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        var hasALabel = false
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: ".") { end += 1 }
            let label = UnsafeBufferPointer(rebasing: bytes[start..<end])
            guard isLDHLabel(label) else { return false }
            if label.count >= 4 && label[2] == UInt8(ascii: "-") && label[3] == UInt8(ascii: "-") {
                guard label[0] | 0x20 == UInt8(ascii: "x"), label[1] | 0x20 == UInt8(ascii: "n"),
                      IDNA.uLabel(fromPunycode: Array(label[4...])) != nil
                else { return false }
                hasALabel = true
            }
            start = end + 1
        }
        guard hasALabel else { return true }
        // With A-labels the whole name must also satisfy the Bidi rule.
        let labels = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map { label -> [UInt32] in
            let isALabel = label.count >= 4 && label[label.startIndex + 2] == UInt8(ascii: "-") && label[label.startIndex + 3] == UInt8(ascii: "-")
            return isALabel ? IDNA.uLabel(fromPunycode: Array(label.dropFirst(4))) ?? [] : label.map(UInt32.init)
        }
        return IDNA.satisfiesBidiRule(labels)
    }

    /// `idn-hostname` (RFC 5890-5893): labels separated by `.`, `。`, `．` or `｡`; ASCII labels follow
    /// ``isValidHostname(_:)``, other labels must be valid IDNA2008 U-labels whose A-label form fits in
    /// 63 octets; the whole name (in A-label form) fits in 253; the Bidi rule holds. Best effort: scripts,
    /// joining types and Bidi classes are approximated (see ``IDNA``).
    public static func isValidIDNHostname(_ string: String) -> Bool {
        let scalars = string.unicodeScalars.map(\.value)
        guard !scalars.isEmpty else { return false }
        var labels: [[UInt32]] = [[]]
        for scalar in scalars {
            if scalar == 0x2E || scalar == 0x3002 || scalar == 0xFF0E || scalar == 0xFF61 {
                labels.append([])
            } else {
                labels[labels.count - 1].append(scalar)
            }
        }
        var totalLength = labels.count - 1
        var unicodeLabels: [[UInt32]] = []
        for label in labels {
            guard !label.isEmpty else { return false }
            if label.allSatisfy({ $0 < 0x80 }) {
                let bytes = label.map { UInt8($0) }
                let valid = bytes.withUnsafeBufferPointer { isLDHLabel($0) }
                guard valid else { return false }
                if bytes.count >= 4 && bytes[2] == UInt8(ascii: "-") && bytes[3] == UInt8(ascii: "-") {
                    guard bytes[0] | 0x20 == UInt8(ascii: "x"), bytes[1] | 0x20 == UInt8(ascii: "n"),
                          let decoded = IDNA.uLabel(fromPunycode: Array(bytes[4...]))
                    else { return false }
                    unicodeLabels.append(decoded)
                } else {
                    unicodeLabels.append(label)
                }
                totalLength += bytes.count
            } else {
                guard IDNA.isValidULabel(label), let encoded = Punycode.encode(label), encoded.count + 4 <= 63 else { return false }
                unicodeLabels.append(label)
                totalLength += encoded.count + 4
            }
        }
        return totalLength <= 253 && IDNA.satisfiesBidiRule(unicodeLabels)
    }

    /// Whether `label` is 1-63 letters, digits and hyphens, not starting or ending with a hyphen.
    static func isLDHLabel(_ label: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !label.isEmpty, label.count <= 63, label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-") else { return false }
        return label.allSatisfy { isAlpha($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
    }
}
