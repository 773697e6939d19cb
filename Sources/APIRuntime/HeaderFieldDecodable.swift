/// A value a documented response header is read as (generated `<Operation>ResponseHeaders` structs): a scalar written
/// as text, the way OpenAPI's `simple` style writes it.
@_spi(Generated) public protocol HeaderFieldDecodable: Sendable {
    /// The value `text` (trimmed of spaces) spells; nil when it spells none.
    init?(headerFieldText text: String)
}

@_spi(Generated) extension String: HeaderFieldDecodable {
    public init?(headerFieldText text: String) { self = text }
}

@_spi(Generated) extension Int: HeaderFieldDecodable {
    public init?(headerFieldText text: String) { self.init(text) }
}

@_spi(Generated) extension Int32: HeaderFieldDecodable {
    public init?(headerFieldText text: String) { self.init(text) }
}

@_spi(Generated) extension Int64: HeaderFieldDecodable {
    public init?(headerFieldText text: String) { self.init(text) }
}

@_spi(Generated) extension Double: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
}

@_spi(Generated) extension Float: HeaderFieldDecodable {
    public init?(headerFieldText text: String) {
        guard let value = Float(text), value.isFinite else { return nil }
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
