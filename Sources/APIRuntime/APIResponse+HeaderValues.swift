import HTTPTypes

@_spi(Generated) extension APIResponse {
    /// The value of header field `name` read as `T`: the field's lines joined with `, ` (RFC 9110 §5.3) and trimmed;
    /// nil when the field is absent or its text is not a `T`.
    public func headerValue<T: HeaderFieldDecodable>(_ name: String) -> T? {
        guard let text = headerText(name) else { return nil }
        return T(headerFieldText: text)
    }

    /// The value of header field `name` as a list of `T`: its comma-separated items, each trimmed (OpenAPI's `simple`
    /// style); nil when the field is absent or an item is not a `T`.
    public func headerValues<T: HeaderFieldDecodable>(_ name: String) -> [T]? {
        guard let text = headerText(name) else { return nil }
        var values: [T] = []
        for item in Self.items(of: text) {
            guard let value = T(headerFieldText: item) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The comma-separated items of a header field's text, each trimmed, empty ones kept (`a,,b` has three).
    static func items(of text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
    }

    /// The text of header field `name`: its lines trimmed and joined with `, `; nil when it is absent.
    func headerText(_ name: String) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        let lines = headerFields[values: fieldName]
        return lines.isEmpty ? nil : lines.map(\.trimmingSpaces).joined(separator: ", ")
    }
}
