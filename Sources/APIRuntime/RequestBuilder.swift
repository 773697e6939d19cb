import Foundation
import HTTPTypes

/// Collects one operation's parameters and body; generated methods fill it in and hand it to
/// ``APIClient/send(_:operation:)``, which calls ``build(baseURL:)``.
@_spi(Generated) public struct RequestBuilder: Sendable {
    /// The HTTP method.
    public let method: String
    /// The path template as given, e.g. `/members/{id}`.
    public let template: String
    /// The path so far: the template with the parameters set so far substituted (percent-encoded).
    public internal(set) var path: String
    /// The header fields set so far (without `Cookie`, which ``build(baseURL:)`` adds).
    public internal(set) var headerFields: HTTPFields = [:]
    /// The first header name or value a caller gave that HTTP cannot carry unchanged; ``build(baseURL:)`` throws it.
    var invalidHeader: APIError?
    /// The body, or nil for none.
    public private(set) var body: Data?
    /// The boundary ``multipartBody(_:)`` uses; set it before calling ``multipartBody(_:)`` when tests need exact
    /// bytes. Nil (the default): ``multipartBody(_:)`` makes a random one and stores it here, so requests without a
    /// multipart body never pay for a UUID.
    public var multipartBoundary: String?
    /// A `multipart/form-data` body with parts read from files, not yet encoded: ``APIClient`` writes it to a
    /// temporary file and uploads that from disk; ``build(baseURL:)`` encodes it in memory for other callers.
    public private(set) var fileBackedForm: MultipartForm?
    /// Copied to ``APIRequest/followsRedirects``: false for operations that document a redirect status.
    public var followsRedirects = true

    // Already percent-encoded name/value pairs, in the order they were added.
    var queryItems: [(name: String, value: String)] = []
    // An OpenAPI 3.2 `querystring` parameter: the whole query, percent-encoded already; sent before `queryItems`.
    var wholeQuery: String?
    var cookies: [(name: String, value: String)] = []

    /// Starts a request for `method` and the path template `path` (`/members/{id}`).
    public init(method: String, path: String) {
        self.method = method
        self.template = path
        self.path = path
    }

    // MARK: - Parameters

    /// Replaces `{name}` in the path with `value`, percent-encoding everything but RFC 3986 unreserved characters
    /// (so a `/` in the value stays inside the segment).
    public mutating func path(_ name: String, _ value: some ParameterEncodable) {
        replacePlaceholder(name, with: PercentEncoding.encodeUnreserved(value.parameterValue))
    }

    /// Replaces `{name}` in the path with `encoded`, which is percent-encoded already.
    mutating func replacePlaceholder(_ name: String, with encoded: String) {
        // A byte scan: Foundation's `replacingOccurrences` and the standard library's `firstRange(of:)` both cost
        // microseconds per call on Linux, and generated methods call this once per path parameter.
        let placeholder = Array(("{" + name + "}").utf8)
        let template = Array(path.utf8)
        var result: [UInt8] = []
        var found = false
        var index = 0
        while index < template.count {
            if template[index] == UInt8(ascii: "{"), template.count - index >= placeholder.count,
               template[index..<(index + placeholder.count)].elementsEqual(placeholder) {
                result += encoded.utf8
                found = true
                index += placeholder.count
            } else {
                result.append(template[index])
                index += 1
            }
        }
        if found { path = String(decoding: result, as: UTF8.self) }
    }

    /// Adds `name=value` to the query; does nothing for nil.
    public mutating func query(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        queryItems.append((
            PercentEncoding.encodeUnreserved(name), PercentEncoding.encodeUnreserved(value.parameterValue)))
    }

    /// Adds an array in OpenAPI `form` style: `name=a&name=b` when `explode`, otherwise `name=a,b` (commas inside
    /// values are percent-encoded, the separators are not). Does nothing for nil; an empty array with
    /// `explode: false` sends `name=`.
    public mutating func query(_ name: String, _ values: [some ParameterEncodable]?, explode: Bool) {
        guard let values else { return }
        let encodedName = PercentEncoding.encodeUnreserved(name)
        let encodedValues = values.map { PercentEncoding.encodeUnreserved($0.parameterValue) }
        if explode {
            queryItems += encodedValues.map { (encodedName, $0) }
        } else {
            queryItems.append((encodedName, encodedValues.joined(separator: ",")))
        }
    }

    /// Sets header `name` to `value`, replacing an earlier value; does nothing for nil.
    public mutating func header(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        setHeader(name, value.parameterValue)
    }

    /// Sets header `name` to `text`, replacing an earlier value; a name or value HTTP cannot carry unchanged is kept
    /// in ``invalidHeader`` for ``build(baseURL:)`` to throw.
    mutating func setHeader(_ name: String, _ text: String) {
        do {
            let field = try HTTPFieldCheck.field(name: name, value: text)
            headerFields[field.name] = field.value
        } catch {
            invalidHeader = invalidHeader ?? error
        }
    }

    /// Adds a cookie; all cookies are sent in one `Cookie` header joined with `; `. Characters that are not
    /// allowed in a cookie value (space, `"`, `,`, `;`, `\`, non-ASCII) and `%` are percent-encoded.
    /// Does nothing for nil.
    public mutating func cookie(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        cookies.append((name, PercentEncoding.encodeCookieValue(value.parameterValue)))
    }

    // MARK: - Bodies

    /// Sets the body to `value` encoded as JSON, sent as `contentType` (an API may declare a JSON media type of its
    /// own, such as `application/vnd.example+json`).
    public mutating func jsonBody(_ value: some Encodable, encoder: JSONEncoder,
                                  contentType: String = "application/json") throws {
        do {
            body = try RequestBodyEncoding.encoding { try encoder.encode(value) }
            fileBackedForm = nil
        } catch {
            throw APIError.invalidRequest("could not encode the JSON body of \(method) \(template): \(error)")
        }
        setHeader("Content-Type", contentType)
    }

    /// Sets an `application/x-www-form-urlencoded` body from `value`'s top-level properties, sorted by name.
    ///
    /// Scalars are written as text (`true`, `42`, `1.5`), arrays as one pair per element, nested objects as JSON
    /// text (OpenAPI's defaults: `form` style exploded, and `application/json` for objects); null properties are left
    /// out. A property with an entry in `encoding` is written as that entry says. Names and values are percent-encoded
    /// except RFC 3986 unreserved characters, so `+` arrives as `%2B` and a space as `%20`.
    public mutating func formBody(_ value: some Encodable, encoding: [String: FormFieldEncoding] = [:]) throws {
        body = Data(try formText(value, encoding: encoding, subject: "the form body").utf8)
        fileBackedForm = nil
        headerFields[.contentType] = "application/x-www-form-urlencoded"
    }

    /// `value`'s members as `application/x-www-form-urlencoded` pairs joined by `&`, sorted by name; `subject` names
    /// what is encoded in errors.
    func formText(_ value: some Encodable, encoding: [String: FormFieldEncoding], subject: String) throws -> String {
        let json: JSONValue
        do {
            json = try JSONDecoder().decode(JSONValue.self, from: RequestBodyEncoding.encoding { try JSONEncoder().encode(value) })
        } catch {
            throw APIError.invalidRequest("could not encode \(subject) of \(method) \(template): \(error)")
        }
        guard case .object(let members) = json else {
            throw APIError.invalidRequest("\(subject) of \(method) \(template) must encode as a JSON object, not a JSON \(json.kindName)")
        }
        var pairs: [String] = []
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            if let fieldEncoding = encoding[name] {
                pairs += try Self.formPairs(name, member, fieldEncoding)
                continue
            }
            let values = member.arrayValue ?? [member]
            for value in values where !value.isNull {
                let text = try Self.parameterText(value)
                pairs.append(PercentEncoding.encodeUnreserved(name) + "=" + PercentEncoding.encodeUnreserved(text))
            }
        }
        return pairs.joined(separator: "&")
    }

    /// Sets a `multipart/form-data` body built by `build`, using ``multipartBoundary`` (a random one when nil).
    public mutating func multipartBody(_ build: (inout MultipartForm) throws -> Void) rethrows {
        let boundary = multipartBoundary ?? "apigen-boundary-" + UUID().uuidString.lowercased()
        multipartBoundary = boundary
        var form = MultipartForm(boundary: boundary)
        try build(&form)
        headerFields[.contentType] = form.contentType
        if form.hasFileParts {
            // Read when the request is sent: ``APIClient`` streams the parts from disk (see ``fileBackedForm``).
            body = nil
            fileBackedForm = form
        } else {
            body = form.encoded { _, _ in preconditionFailure("a form without file parts read a file") }
            fileBackedForm = nil
        }
    }

    /// Sets the body to `text` in UTF-8, sent as `contentType` with `charset=utf-8` (added, or replacing another
    /// charset: the bytes are UTF-8 whatever the description says). Without it a server reads `text/plain` and
    /// `text/csv` as US-ASCII (RFC 2046, RFC 7111) or, as servlet containers do, ISO-8859-1, and "Grüße" arrives
    /// garbled.
    public mutating func textBody(_ text: String, contentType: String) {
        binaryBody(Data(text.utf8), contentType: Self.utf8ContentType(contentType))
    }

    /// `contentType` with its `charset` parameter, if any, replaced by `charset=utf-8` at the end.
    static func utf8ContentType(_ contentType: String) -> String {
        let pieces = contentType.split(separator: ";", omittingEmptySubsequences: false).map(\.trimmingSpaces)
        let kept = pieces.dropFirst().filter { parameter in
            !parameter.isEmpty && parameter.split(separator: "=", maxSplits: 1).first?.trimmingSpaces.lowercased() != "charset"
        }
        return ([pieces[0]] + kept + ["charset=utf-8"]).joined(separator: "; ")
    }

    /// Sets a raw body with the given `Content-Type`.
    public mutating func binaryBody(_ data: Data, contentType: String) {
        body = data
        fileBackedForm = nil
        setHeader("Content-Type", contentType)
    }

    // MARK: - Building

    /// `path` with every segment that a parameter made `.` or `..` written `%2E` / `%2E%2E`: URL parsers and
    /// HTTP stacks (curl under URLSession on Linux, WHATWG parsers) remove literal dot segments, so `/items/..`
    /// would reach `/` instead of the item named `..`. Segments the template spells with dots stay as they are.
    static func escapingDotSegments(_ path: String, template: String) -> String {
        // A byte scan: `String.contains(_: String)` goes through Foundation's string search on Linux.
        var previous: UInt8 = 0
        guard path.utf8.contains(where: { byte in
            defer { previous = byte }
            return previous == UInt8(ascii: "/") && byte == UInt8(ascii: ".")
        }) else { return path }
        let templateSegments = template.split(separator: "/", omittingEmptySubsequences: false)
        var segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let offset = path.hasPrefix("/") && !template.hasPrefix("/") ? 1 : 0
        var changed = false
        for index in segments.indices where segments[index] == "." || segments[index] == ".." {
            let templateIndex = index - offset
            if templateSegments.indices.contains(templateIndex), templateSegments[templateIndex] == segments[index] {
                continue
            }
            segments[index] = segments[index] == "." ? "%2E" : "%2E%2E"
            changed = true
        }
        return changed ? segments.joined(separator: "/") : path
    }


    /// Joins `baseURL`'s path and ``path`` (one `/` between them whether or not `baseURL` ends with one), appends
    /// the query to any query `baseURL` has, and adds the `Cookie` header.
    ///
    /// Throws ``APIError/invalidRequest(_:)`` when a path parameter was not set, `baseURL` is not absolute or the
    /// result is not a valid URL.
    ///
    /// A ``fileBackedForm`` is encoded in memory here, its files read whole; ``APIClient`` sends such a body from a
    /// temporary file instead and calls this on a copy without it (``withoutFileBackedForm``).
    public func build(baseURL: URL) throws -> APIRequest {
        var request = try buildWithoutFileBackedForm(baseURL: baseURL)
        if let fileBackedForm { request.body = try fileBackedForm.encodedBody() }
        return request
    }

    /// This request with its ``fileBackedForm`` removed (the body is then nil), for a caller that sends the form
    /// itself.
    var withoutFileBackedForm: RequestBuilder {
        var copy = self
        copy.fileBackedForm = nil
        return copy
    }

    /// The query this request adds to the base URL's, percent-encoded; nil for none.
    private var sentQuery: String? {
        var parts = queryItems.map { $0.name + "=" + $0.value }
        if let wholeQuery, !wholeQuery.isEmpty { parts.insert(wholeQuery, at: 0) }
        return parts.isEmpty ? nil : parts.joined(separator: "&")
    }

    private func buildWithoutFileBackedForm(baseURL: URL) throws -> APIRequest {
        if let open = path.utf8.firstIndex(of: UInt8(ascii: "{")) {
            let name = path[open...].prefix { $0 != "}" }.dropFirst()
            throw APIError.invalidRequest("path parameter '\(name)' of \(method) \(template) has no value")
        }
        if let invalidHeader { throw invalidHeader }
        let method = try HTTPFieldCheck.method(method)
        let relativePath = Self.escapingDotSegments(path.hasPrefix("/") ? path : "/" + path, template: template)
        var headerFields = headerFields
        if !cookies.isEmpty {
            let cookieLine = cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
            let field = try HTTPFieldCheck.field(name: "Cookie", value: cookieLine)
            headerFields[.cookie] = headerFields[.cookie].map { $0 + "; " + field.value } ?? field.value
        }
        // The common case, a base URL without query or fragment, by concatenation: URLComponents costs several
        // microseconds per request on Linux. Both parts are percent-encoded already.
        if let prefix = BaseURLPrefix.of(baseURL) {
            var target = PercentEncoding.encodePath(relativePath)
            if let query = sentQuery { target += "?" + query }
            if let url = URL(string: prefix.text + target) {
                let head = HTTPRequest(method: method, scheme: prefix.scheme, authority: prefix.authority,
                                       path: prefix.path + target, headerFields: headerFields)
                var request = APIRequest(head: head, url: url, body: body)
                request.followsRedirects = followsRedirects
                return request
            }
        }
        guard baseURL.scheme != nil,
              var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true)
        else {
            throw APIError.invalidRequest(
                "base URL '\(baseURL.absoluteString)' is not absolute; use a URL with a scheme and host")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        components.percentEncodedPath = basePath + PercentEncoding.encodePath(relativePath)
        let query = [components.percentEncodedQuery, sentQuery].compactMap { $0 }.filter { !$0.isEmpty }
        components.percentEncodedQuery = query.isEmpty ? nil : query.joined(separator: "&")
        components.fragment = nil
        guard let url = components.url else {
            throw APIError.invalidRequest(
                "\(method) \(template) gives an invalid URL with base URL '\(baseURL.absoluteString)'")
        }
        // An HTTP request names its target by scheme, authority and path (swift-http-types' head).
        guard url.host != nil else {
            throw APIError.invalidRequest("base URL '\(baseURL.absoluteString)' has no host; use a URL with a scheme and host")
        }

        var request = APIRequest(method: method, url: url, headerFields: headerFields, body: body)
        request.followsRedirects = followsRedirects
        return request
    }
}
