/// One step from a JSON value to a child: an object member name or an array index.
@_spi(Generated) public enum InstancePathComponent: Sendable, Hashable {
    /// An object member.
    case key(String)
    /// An array element.
    case index(Int)

    /// The RFC 6901 reference token: `~` becomes `~0` and `/` becomes `~1`.
    public var referenceToken: String {
        switch self {
        case .index(let index):
            return String(index)
        case .key(let key):
            guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
            var escaped = ""
            escaped.reserveCapacity(key.utf8.count + 2)
            for scalar in key.unicodeScalars {
                switch scalar {
                case "~": escaped += "~0"
                case "/": escaped += "~1"
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped
        }
    }

    /// The JSON pointer `prefix` + `/token` for each component (`prefix` alone when there are none).
    public static func pointer(prefix: String, _ components: some Sequence<InstancePathComponent>) -> String {
        var pointer = prefix
        for component in components {
            pointer += "/"
            pointer += component.referenceToken
        }
        return pointer
    }
}
