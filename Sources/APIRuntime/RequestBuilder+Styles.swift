import Foundation

/// Parameters in the styles other than the defaults, object-valued parameters, and parameters whose value is JSON
/// (`content` instead of `schema`), as OpenAPI 3.x defines them ("Style Examples" of the specification).
///
/// Values are percent-encoded except RFC 3986 unreserved characters; the delimiters a style adds (`,` `.` `;` `=`
/// `[` `]`, the encoded space and pipe) are not, so a delimiter inside a value never reads as one.
extension RequestBuilder {
    // MARK: - Arrays

    /// A path array in `simple`, `label` or `matrix` style: `a,b`, `.a.b` / `.a,b`, `;name=a;name=b` / `;name=a,b`.
    /// `allowReserved` (OpenAPI 3.2) keeps the reserved characters a path segment may carry (`/`, `:`, `@`, `!$&'()*+,;=`)
    /// and `%XX` escapes in values, RFC 6570's reserved expansion; `?`, `#`, `[`, `]` are still encoded, or they would end
    /// the path.
    public mutating func path(_ name: String, _ values: [some ParameterEncodable], style: ParameterStyle, explode: Bool,
                              allowReserved: Bool = false) {
        let encoded = values.map { Self.pathValue($0.parameterValue, allowReserved: allowReserved) }
        replacePlaceholder(name, with: Self.pathText(name, encoded, style: style, explode: explode))
    }

    /// A path primitive in `simple`, `label` or `matrix` style: `v`, `.v`, `;name=v`; `allowReserved` as for arrays.
    public mutating func path(_ name: String, _ value: some ParameterEncodable, style: ParameterStyle, allowReserved: Bool = false) {
        let encoded = Self.pathValue(value.parameterValue, allowReserved: allowReserved)
        switch style {
        case .label: replacePlaceholder(name, with: "." + encoded)
        case .matrix: replacePlaceholder(name, with: ";" + PercentEncoding.encodeUnreserved(name) + "=" + encoded)
        default: replacePlaceholder(name, with: encoded)
        }
    }

    /// A query array in `form` (`name=a&name=b` or `name=a,b`), `spaceDelimited` (`name=a%20b`) or `pipeDelimited`
    /// (`name=a%7Cb`) style. Exploded space- and pipe-delimited arrays are sent like exploded `form` ones.
    /// `allowReserved` keeps reserved characters a query may carry (`:/?@!$'()*,;`) as they are.
    public mutating func query(_ name: String, _ values: [some ParameterEncodable]?, style: ParameterStyle, explode: Bool,
                               allowReserved: Bool = false) {
        guard let values else { return }
        let encodedName = PercentEncoding.encodeUnreserved(name)
        let encoded = values.map { Self.queryValue($0.parameterValue, allowReserved: allowReserved) }
        if explode {
            queryItems += encoded.map { (encodedName, $0) }
            return
        }
        queryItems.append((encodedName, encoded.joined(separator: Self.separator(style))))
    }

    /// A header array (`simple` style): `a,b`. Does nothing for nil.
    public mutating func header(_ name: String, _ values: [some ParameterEncodable]?) {
        guard let values else { return }
        setHeader(name, values.map(\.parameterValue).joined(separator: ","))
    }

    /// A cookie array (`form` style): `name=a,b`, or one `name=` pair per value when exploded. Does nothing for nil.
    public mutating func cookie(_ name: String, _ values: [some ParameterEncodable]?, explode: Bool) {
        guard let values else { return }
        let encoded = values.map { PercentEncoding.encodeCookieValue($0.parameterValue) }
        if explode {
            cookies += encoded.map { (name, $0) }
        } else {
            cookies.append((name, encoded.joined(separator: ",")))
        }
    }

    // MARK: - Objects

    /// An object-valued path parameter: `k,v,k2,v2` or exploded `k=v,k2=v2` (`simple`), with a leading `.` and `.`
    /// between exploded pairs (`label`), or `;name=k,v` / `;k=v;k2=v2` (`matrix`). Members are sorted by name.
    public mutating func path(_ name: String, object value: some Encodable, style: ParameterStyle, explode: Bool,
                              allowReserved: Bool = false) throws {
        let members = try Self.members(of: value, parameter: name).map {
            (Self.pathValue($0.name, allowReserved: allowReserved), Self.pathValue($0.value, allowReserved: allowReserved))
        }
        let text: String
        switch (style, explode) {
        case (.label, true): text = members.map { "." + $0.0 + "=" + $0.1 }.joined()
        case (.label, false): text = "." + members.map { $0.0 + "," + $0.1 }.joined(separator: ",")
        case (.matrix, true): text = members.map { ";" + $0.0 + "=" + $0.1 }.joined()
        case (.matrix, false):
            text = ";" + PercentEncoding.encodeUnreserved(name) + "=" + members.map { $0.0 + "," + $0.1 }.joined(separator: ",")
        case (_, true): text = members.map { $0.0 + "=" + $0.1 }.joined(separator: ",")
        case (_, false): text = members.map { $0.0 + "," + $0.1 }.joined(separator: ",")
        }
        replacePlaceholder(name, with: text)
    }

    /// An object-valued query parameter: exploded `form` sends each member as its own pair (`k=v&k2=v2`), `form`
    /// `name=k,v,k2,v2`, `spaceDelimited` / `pipeDelimited` join the same list with `%20` / `%7C`, and
    /// `deepObject` sends `name[k]=v`. Null members are left out; nested arrays and objects are sent as JSON text.
    public mutating func query(_ name: String, object value: (some Encodable)?, style: ParameterStyle, explode: Bool,
                               allowReserved: Bool = false) throws {
        guard let value else { return }
        let members = try Self.members(of: value, parameter: name)
        queryItems += Self.objectPairs(name, members, style: style, explode: explode, allowReserved: allowReserved)
    }

    /// An object-valued header: `k,v,k2,v2`, or `k=v,k2=v2` when exploded. Does nothing for nil.
    public mutating func header(_ name: String, object value: (some Encodable)?, explode: Bool) throws {
        guard let value else { return }
        let members = try Self.members(of: value, parameter: name)
        setHeader(name, members.map { explode ? $0.name + "=" + $0.value : $0.name + "," + $0.value }
            .joined(separator: ","))
    }

    /// An object-valued cookie (`form` style): `name=k,v,k2,v2`, or one cookie per member when exploded.
    public mutating func cookie(_ name: String, object value: (some Encodable)?, explode: Bool) throws {
        guard let value else { return }
        let members = try Self.members(of: value, parameter: name)
        if explode {
            cookies += members.map { ($0.name, PercentEncoding.encodeCookieValue($0.value)) }
        } else {
            cookies.append((name, members.map {
                PercentEncoding.encodeCookieValue($0.name) + "," + PercentEncoding.encodeCookieValue($0.value)
            }.joined(separator: ",")))
        }
    }

    // MARK: - JSON content

    /// A parameter described by `content: {application/json: ...}`: the value's JSON text, percent-encoded for its
    /// location (in a header it is sent as is). Does nothing for nil.
    public mutating func parameter(_ name: String, json value: (some Encodable)?, in location: String,
                                   encoder: JSONEncoder) throws {
        guard let value else { return }
        let text: String
        do {
            text = String(decoding: try RequestBodyEncoding.encoding { try encoder.encode(value) }, as: UTF8.self)
        } catch {
            throw APIError.invalidRequest("could not encode \(location) parameter '\(name)' of \(method) \(template) as JSON: \(error)")
        }
        switch location {
        case "path": replacePlaceholder(name, with: PercentEncoding.encodeUnreserved(text))
        case "header": setHeader(name, text)
        case "cookie": cookies.append((name, PercentEncoding.encodeCookieValue(text)))
        default: queryItems.append((PercentEncoding.encodeUnreserved(name), PercentEncoding.encodeUnreserved(text)))
        }
    }

    // MARK: - Form fields

    /// The `name=value` pairs of one form body property written as its `encoding` entry says.
    static func formPairs(_ name: String, _ value: JSONValue, _ encoding: FormFieldEncoding) throws -> [String] {
        guard !value.isNull else { return [] }
        let encodedName = PercentEncoding.encodeUnreserved(name)
        guard case .styled(let style, let explode, let allowReserved) = encoding else {
            return [encodedName + "=" + PercentEncoding.encodeUnreserved(try jsonText(value))]
        }
        func encoded(_ text: String) -> String { queryValue(text, allowReserved: allowReserved) }
        switch value {
        case .array(let elements):
            let texts = try elements.filter { !$0.isNull }.map { encoded(try parameterText($0)) }
            if explode { return texts.map { encodedName + "=" + $0 } }
            return [encodedName + "=" + texts.joined(separator: separator(style))]
        case .object(let object):
            let members = try object.sorted { $0.key < $1.key }.filter { !$0.value.isNull }
                .map { (name: $0.key, value: try parameterText($0.value)) }
            return objectPairs(name, members, style: style, explode: explode, allowReserved: allowReserved)
                .map { $0.name + "=" + $0.value }
        default:
            return [encodedName + "=" + encoded(try parameterText(value))]
        }
    }

    /// An object's members (name and text, sorted) as encoded query pairs in `style`: `deepObject` gives
    /// `name[k]=v`, exploded styles one pair per member (`k=v`), the others one pair of `k,v` joined by the style's
    /// delimiter. Shared by object-valued query parameters and styled form properties.
    private static func objectPairs(_ name: String, _ members: [(name: String, value: String)], style: ParameterStyle,
                                    explode: Bool, allowReserved: Bool) -> [(name: String, value: String)] {
        let encodedName = PercentEncoding.encodeUnreserved(name)
        func encoded(_ text: String) -> String { queryValue(text, allowReserved: allowReserved) }
        switch style {
        case .deepObject:
            return members.map { (encodedName + "%5B" + PercentEncoding.encodeUnreserved($0.name) + "%5D", encoded($0.value)) }
        case _ where explode:
            return members.map { (PercentEncoding.encodeUnreserved($0.name), encoded($0.value)) }
        default:
            let flat = members.flatMap { [encoded($0.name), encoded($0.value)] }
            return [(encodedName, flat.joined(separator: separator(style)))]
        }
    }

    /// A value's JSON text (`"text"` with its quotes, `42`, `true`, arrays and objects with sorted keys).
    static func jsonText(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: - Helpers

    private static func separator(_ style: ParameterStyle) -> String {
        switch style {
        case .spaceDelimited: "%20"
        case .pipeDelimited: "%7C"
        default: ","
        }
    }

    private static func pathText(_ name: String, _ encoded: [String], style: ParameterStyle, explode: Bool) -> String {
        switch style {
        case .label: return "." + encoded.joined(separator: explode ? "." : ",")
        case .matrix:
            let encodedName = PercentEncoding.encodeUnreserved(name)
            if explode { return encoded.map { ";" + encodedName + "=" + $0 }.joined() }
            return ";" + encodedName + "=" + encoded.joined(separator: ",")
        default: return encoded.joined(separator: ",")
        }
    }

    private static func pathValue(_ text: String, allowReserved: Bool) -> String {
        allowReserved ? PercentEncoding.encodePath(text) : PercentEncoding.encodeUnreserved(text)
    }

    private static func queryValue(_ text: String, allowReserved: Bool) -> String {
        allowReserved ? PercentEncoding.encodeQueryKeepingReserved(text) : PercentEncoding.encodeUnreserved(text)
    }

    /// The object's members as name and text, sorted by name; scalars as text, nested values as JSON, nulls left out.
    static func members(of value: some Encodable, parameter: String) throws -> [(name: String, value: String)] {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: RequestBodyEncoding.encoding { try JSONEncoder().encode(value) })
        } catch {
            throw APIError.invalidRequest("could not encode parameter '\(parameter)': \(error)")
        }
        guard case .object(let members) = json else {
            throw APIError.invalidRequest("parameter '\(parameter)' must encode as a JSON object, not a JSON \(json.kindName)")
        }
        return try members.sorted { $0.key < $1.key }.compactMap { name, member in
            member.isNull ? nil : (name, try parameterText(member))
        }
    }

    /// A scalar's text (`true`, `42`, `1.5`, the string itself); arrays and objects as JSON text.
    static func parameterText(_ value: JSONValue) throws -> String {
        switch value {
        case .null: return ""
        case .bool(let bool): return bool ? "true" : "false"
        case .int(let int): return String(int)
        case .double(let double): return String(double)
        case .string(let string): return string
        case .array, .object:
            return try jsonText(value)
        }
    }
}
