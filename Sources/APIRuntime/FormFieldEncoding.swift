/// How one property of an `application/x-www-form-urlencoded` body is written, from the OpenAPI `encoding` entry the
/// API description gives it. Properties without one are written the default way (see ``RequestBuilder/formBody(_:encoding:)``).
@_spi(Generated) public enum FormFieldEncoding: Sendable, Hashable {
    /// `style` / `explode` / `allowReserved` given: the property is written like a query parameter of that style
    /// (`tags=a%7Cb` for `pipeDelimited`, `address[city]=x` for `deepObject`, `city=x` for an exploded `form` object).
    case styled(ParameterStyle, explode: Bool, allowReserved: Bool)
    /// `contentType: application/json` (or another JSON type) without a style: the value's JSON text, arrays too.
    case json
}
