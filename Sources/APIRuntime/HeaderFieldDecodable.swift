/// A value a documented response header is read as (generated `<Operation>ResponseHeaders` structs): a scalar written
/// as text, the way OpenAPI's `simple` style writes it.
@_spi(Generated) public protocol HeaderFieldDecodable: Sendable {
    /// The value `text` (trimmed of spaces) spells; nil when it spells none.
    init?(headerFieldText text: String)
}

@_spi(Generated) extension String: HeaderFieldDecodable {
    public init?(headerFieldText text: String) { self = text }
}

// Numbers are read as JSON number literals, the rule `ResponseHeaderCheck` validates them by, so a value the
// validator accepts is never read as nil (`5.0` and `1e2` are integers to JSON Schema) and one it refuses is never
// read as a number (`+5`, `0x10`, `.5`, `inf`, which Swift's own initialisers accept).

@_spi(Generated) extension Int: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        guard let value = JSONNumber(text)?.int64Value, let exact = Int(exactly: value) else { return nil }
        self = exact
    }
}

@_spi(Generated) extension Int32: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        guard let value = JSONNumber(text)?.int64Value, let exact = Int32(exactly: value) else { return nil }
        self = exact
    }
}

@_spi(Generated) extension Int64: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        guard let value = JSONNumber(text)?.int64Value else { return nil }
        self = value
    }
}

@_spi(Generated) extension Double: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        guard let value = JSONNumber(text)?.doubleValue, value.isFinite else { return nil }
        self = value
    }
}

@_spi(Generated) extension Float: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        guard let value = JSONNumber(text).map({ Float($0.doubleValue) }), value.isFinite else { return nil }
        self = value
    }
}

@_spi(Generated) extension Bool: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        switch text {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}
