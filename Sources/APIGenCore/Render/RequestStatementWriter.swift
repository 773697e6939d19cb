/// Writes the Swift statements that fill `__request` from the planned ``RequestStep``s: the one place that knows
/// which `RequestBuilder` call sends a parameter of a given location, style and value kind, or a body.
enum RequestStatementWriter {
    static func lines(for steps: [RequestStep]) -> [String] {
        var lines: [String] = []
        for step in steps {
            switch step {
            case .accept(let value):
                lines.append("__request.header(\"Accept\", \(literal(value)))")
            case .fixedQueryItem(let name, let value):
                lines.append("__request.query(\(literal(name)), \(literal(value)))")
            case .parameter(let parameter):
                lines.append(statement(parameter))
            case .keepRedirects:
                lines.append("__request.followsRedirects = false")
            case .body(let body):
                lines.append(statement(body))
            case .multipart(let multipart):
                lines += statements(multipart)
            }
        }
        return lines
    }

    private static func literal(_ text: String) -> String { SwiftNaming.stringLiteral(text) }

    private static func statement(_ parameter: ParameterWrite) -> String {
        let name = literal(parameter.wireName)
        let local = parameter.local
        let location = parameter.location.rawValue
        let style = parameter.style.rawValue
        let explode = parameter.explode
        let reserved = parameter.allowReserved ? ", allowReserved: true" : ""
        switch parameter.value {
        case .json where parameter.location == .querystring:
            return "try __request.queryString(json: \(local), encoder: client.encoder)"
        case .json:
            return "try __request.parameter(\(name), json: \(local), in: \(literal(location)), encoder: client.encoder)"
        case .preSerialised where parameter.location == .querystring:
            return "__request.queryString(\(local))"
        case .preSerialised:
            return "__request.\(location)(\(name), \(local))"
        case .form(let fields):
            return "try __request.queryString(form: \(local)\(formEncoding(fields)))"
        case .scalar:
            switch parameter.location {
            case .path where parameter.style == .label || parameter.style == .matrix || parameter.allowReserved:
                return "__request.path(\(name), \(local), style: .\(style)\(reserved))"
            case .query where parameter.allowReserved:
                // A scalar is sent as a one-element list: the builder's reserved-character path takes lists.
                let list = parameter.isRequired ? "[\(local)]" : "\(local).map { [$0] }"
                return "__request.query(\(name), \(list), style: .form, explode: true, allowReserved: true)"
            default:
                return "__request.\(location)(\(name), \(local))"
            }
        case .array:
            switch parameter.location {
            case .query where parameter.style == .form && !parameter.allowReserved:
                return "__request.query(\(name), \(local), explode: \(explode))"
            case .query, .querystring: return "__request.query(\(name), \(local), style: .\(style), explode: \(explode)\(reserved))"
            case .path: return "__request.path(\(name), \(local), style: .\(style), explode: \(explode)\(reserved))"
            case .header: return "__request.header(\(name), \(local))"
            case .cookie: return "__request.cookie(\(name), \(local), explode: \(explode))"
            }
        case .object:
            switch parameter.location {
            case .path: return "try __request.path(\(name), object: \(local), style: .\(style), explode: \(explode)\(reserved))"
            case .query, .querystring:
                return "try __request.query(\(name), object: \(local), style: .\(style), explode: \(explode)\(reserved))"
            case .header: return "try __request.header(\(name), object: \(local), explode: \(explode))"
            case .cookie: return "try __request.cookie(\(name), object: \(local), explode: \(explode))"
            }
        }
    }

    private static func statement(_ body: BodyWrite) -> String {
        let local = body.local
        let value = body.shape.map { "\(local)\(body.sendsNull ? "?" : "").encoded(as: .\($0))" } ?? local
        let call: String
        switch body.encoding {
        case .json(let contentType):
            let declared = contentType.map { ", contentType: \(literal($0))" } ?? ""
            call = "try __request.jsonBody(\(value), encoder: client.encoder\(declared))"
        case .form(let fields):
            call = "try __request.formBody(\(value)\(formEncoding(fields)))"
        case .text(let mediaType):
            call = "__request.textBody(\(local), contentType: \(body.contentTypeArgument ?? literal(mediaType)))"
        case .binary(let mediaType):
            call = "__request.binaryBody(\(local), contentType: \(body.contentTypeArgument ?? literal(mediaType)))"
        }
        return body.isOptional ? "if let \(local) { \(call) }" : call
    }

    /// `, encoding: [...]`, or nothing when no field is written differently.
    private static func formEncoding(_ fields: [FormFieldEncoding]) -> String {
        guard !fields.isEmpty else { return "" }
        let entries = fields.map { field -> String in
            switch field.kind {
            case .styled(let style, let explode, let allowReserved):
                return "\(literal(field.name)): .styled(.\(style.rawValue), explode: \(explode), allowReserved: \(allowReserved))"
            case .json:
                return "\(literal(field.name)): .json"
            }
        }
        return ", encoding: [\(entries.joined(separator: ", "))]"
    }

    private static func statements(_ multipart: MultipartWrite) -> [String] {
        // Parts the condition unwrapped (`if let`, `guard let`) are given where the checks and the body are written:
        // comparing them with nil would be a warning ("always returns true").
        let unwrapped: Set<String>
        switch multipart.condition {
        case .always: unwrapped = []
        case .whenGiven(let local): unwrapped = [local]
        case .whenAnyGiven(_, let requiredParts): unwrapped = Set(requiredParts.map(\.local))
        }
        var checks: [String] = []
        var appends: [String] = []
        var throwsAny = false
        for part in multipart.parts {
            var fields: [String] = []
            for header in part.headers {
                let access = header.isRequired ? header.local : header.local + "?"
                let text = header.isArray ? "\(access).map(\\.parameterValue).joined(separator: \",\")" : "\(access).parameterValue"
                fields.append("\(literal(header.name)): \(text)")
                if header.isRequiredWithPart {
                    let message = literal("the header '\(header.name)' of multipart part '\(part.wireName)' is required when the part is sent")
                    let partGiven = unwrapped.contains(part.local) ? "" : "\(part.local) != nil, "
                    checks.append("if \(partGiven)\(header.local) == nil { throw APIError.invalidRequest(\(message)) }")
                }
            }
            // `PartHeaders` throws for a value that could inject a line.
            let headers = fields.isEmpty ? "" : ", headers: MultipartForm.PartHeaders([\(fields.joined(separator: ", "))])"
            let contentType = part.contentType.map { ", contentType: \(literal($0))" } ?? ""
            switch part.encoding {
            case .file, .value:
                if !fields.isEmpty { throwsAny = true }
                appends.append("    \(fields.isEmpty ? "" : "try ")__form.append(\(literal(part.wireName)), \(part.local)\(contentType)\(headers))")
            case .json:
                throwsAny = true
                appends.append("    try __form.append(\(literal(part.wireName)), json: \(part.local)\(contentType)\(headers))")
            }
        }
        let build = checks + [(throwsAny ? "try " : "") + "__request.multipartBody { __form in"] + appends + ["}"]
        switch multipart.condition {
        case .always:
            return build
        case .whenGiven(let local):
            return ["if let \(local) {"] + build.map { "    " + $0 } + ["}"]
        case .whenAnyGiven(let locals, let requiredParts):
            var lines = ["if \(locals.map { "\($0) != nil" }.joined(separator: " || ")) {"]
            for part in requiredParts {
                let message = literal("the multipart part '\(part.wireName)' is required when the body is sent")
                lines.append("    guard let \(part.local) else { throw APIError.invalidRequest(\(message)) }")
            }
            return lines + build.map { "    " + $0 } + ["}"]
        }
    }
}

extension RequestStatements: Encodable {
    /// Encoded as the Swift statements, the form templates read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(RequestStatementWriter.lines(for: steps))
    }
}
