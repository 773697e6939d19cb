import Foundation

/// OpenAPI 3.2 `in: querystring` parameters: one value is the whole query string, serialised by the parameter's
/// `content` media type. A form (`application/x-www-form-urlencoded`) gives `name=value` pairs written exactly as a
/// form body's; any other media type gives its text, percent-encoded so that nothing in it reads as a delimiter.
extension RequestBuilder {
    /// Sets the query string to `value`'s members as form fields (`a=1&b=x%20y`), sorted by name, with the
    /// description's `encoding` entries; does nothing for nil.
    public mutating func queryString(form value: (some Encodable)?, encoding: [String: FormFieldEncoding] = [:]) throws {
        guard let value else { return }
        wholeQuery = try formText(value, encoding: encoding, subject: "the querystring parameter")
    }

    /// Sets the query string to `value`'s JSON text, percent-encoded (`{"a":1}` is sent as `%7B%22a%22%3A1%7D`);
    /// does nothing for nil.
    public mutating func queryString(json value: (some Encodable)?, encoder: JSONEncoder) throws {
        guard let value else { return }
        let data: Data
        do {
            data = try RequestBodyEncoding.encoding { try encoder.encode(value) }
        } catch {
            throw APIError.invalidRequest("could not encode the querystring parameter of \(method) \(template) as JSON: \(error)")
        }
        wholeQuery = PercentEncoding.encodeUnreserved(String(decoding: data, as: UTF8.self))
    }

    /// Sets the query string to `text`, serialised by the caller in the parameter's media type: characters a query
    /// may not carry (space, `#`, non-ASCII, …) are percent-encoded; delimiters (`=`, `&`, `/`, …) and `%XX` escapes
    /// the caller wrote are kept. Does nothing for nil.
    public mutating func queryString(_ text: String?) {
        guard let text else { return }
        wholeQuery = PercentEncoding.encodeQuery(text)
    }
}
