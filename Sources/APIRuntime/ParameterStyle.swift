/// How a parameter's value is written (OpenAPI `style`), together with `explode`.
///
/// `form` and `simple` are the defaults (query and cookie, path and header); the others are chosen by the API
/// description. Generated methods pass the style the description gives; see ``RequestBuilder`` for the spellings.
@_spi(Generated) public enum ParameterStyle: String, Sendable, Hashable {
    /// `name=value`, arrays `name=a,b` or exploded `name=a&name=b`, objects `name=k,v` or exploded `k=v`.
    case form
    /// `value`, arrays `a,b`, objects `k,v` or exploded `k=v`.
    case simple
    /// A `.` before each value: `.v`, `.a.b` (exploded) or `.a,b`.
    case label
    /// `;name=v`, `;name=a;name=b` (exploded) or `;name=a,b`.
    case matrix
    /// Arrays and objects joined with encoded spaces: `name=a%20b`.
    case spaceDelimited
    /// Arrays and objects joined with encoded pipes: `name=a%7Cb`.
    case pipeDelimited
    /// Objects as `name[key]=value` pairs.
    case deepObject
}
