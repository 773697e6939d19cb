/// Random OpenAPI descriptions built from real constructs with hostile text in every name, description, value and
/// number, reproducible from a seed. Shared (as a link) by APIGenCoreTests and apigenTests.
struct HostileSpecGenerator {
    /// SplitMix64: tiny, seedable, the same sequence on every platform.
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// Text an attacker would try: keywords, quotes, interpolation, comment ends, line breaks of every kind, bidi
    /// overrides, path segments, digits first, signs, empty and blank, non-ASCII letters, emoji, a declaration.
    static let hostile = [
        "class", "self", "Type", "init", "default", "let", "inout", "_", "Self", "protocol", "subscript", "String", "Validators",
        "APIClient", "ValidationContext", "JSONNumber", "ECMARegex", "SecurityScheme", "EnvelopeFormat", "Servers",
        "\"", "\"\"\"", "\\(x)", "\\", "*/", "/*", "//", "`", "'", "$", "#", "%", "{}", "[]", "<T>", "a: Int",
        "\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\t", "\u{0}", "\u{7F}", "\u{202E}", "\u{200D}", "\u{FEFF}",
        "../", "../../etc/passwd", "/abs", "a/b", "C:\\x", ".hidden", "..", ".",
        "0", "1abc", "-1", "+1", "", " ", "a b", "a-b", "a.b", "ünïcode", "日本語", "🙂", "ﬁ", "Ǆ", "x\u{301}",
        "\nstruct Injected {}\n", "*/ struct Injected {} /*", "\"); struct Injected {} (\"",
    ]

    /// A hostile string: one or two pieces from ``hostile`` around a plain word.
    mutating func text() -> String {
        switch below(4) {
        case 0: return pick(Self.hostile)
        case 1: return pick(Self.hostile) + pick(["name", "id", "User", "x"])
        case 2: return pick(["name", "id", "User", "x"]) + pick(Self.hostile) + pick(Self.hostile)
        default: return pick(["user_name", "ID", "value", "Item", "type"]) + pick(Self.hostile)
        }
    }

    /// A YAML double-quoted scalar holding `text` exactly.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    result += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    mutating func q() -> String { Self.quoted(text()) }

    /// A number in one of YAML's spellings (never `.inf`/`.nan` unless `allowNonFinite`).
    mutating func number(allowNonFinite: Bool = false) -> String {
        let spellings = [".5", "+1.5", "1.", "-.25e3", "007.5", "0x1F", "12345678901234567890123", "3", "-0", "1e308", "0.1"]
        return allowNonFinite && chance(10) ? pick([".inf", "-.Inf", ".nan"]) : pick(spellings)
    }

    mutating func pattern() -> String {
        pick(["^[a-z]+$", "^(a+)+$", "\\d{3}-\\d{4}", "[", "(?i:x)", "^\\p{L}+$", "a{2,1}", "^[\"\\\\]*$", "\\(x\\)", "*/"])
    }

    /// A schema (YAML flow mapping) of depth at most `depth`, referring to `names` for `$ref`s.
    mutating func schema(depth: Int, names: [String]) -> String {
        var parts: [String] = []
        if chance(30) { parts.append("description: \(q())") }
        if chance(15) { parts.append("title: \(q())") }
        switch below(depth > 0 ? 10 : 5) {
        case 0: parts.append("type: string")
            if chance(50) { parts.append("pattern: \(Self.quoted(pattern()))") }
            if chance(30) { parts.append("maxLength: \(pick(["3", "+4", "1."]))") }
            if chance(20) { parts.append("format: \(pick(["date-time", "uuid", "uri", "date", "\(Self.quoted(text()))"]))") }
        case 1: parts.append("type: number")
            for keyword in ["minimum", "maximum", "multipleOf", "exclusiveMinimum"] where chance(40) {
                parts.append("\(keyword): \(number(allowNonFinite: true))")
            }
        case 2: parts.append("type: integer")
            if chance(50) { parts.append("maximum: \(number())") }
            if chance(30) { parts.append("default: \(pick(["3", "+4", "x", "0x10"]))") }
        case 3: parts.append("enum: [\((0..<(1 + below(4))).map { _ in chance(80) ? q() : number() }.joined(separator: ", "))]")
        case 4: if !names.isEmpty { parts.append("$ref: '#/components/schemas/\(pick(names))'") } else { parts.append("type: boolean") }
        case 5: parts.append("type: array, items: \(schema(depth: depth - 1, names: names))")
        case 6: parts.append("oneOf: [\(schema(depth: depth - 1, names: names)), \(schema(depth: depth - 1, names: names))]")
        case 7 where !names.isEmpty:
            // A union told apart by a discriminator whose property name and mapping keys are hostile.
            let members = (0..<(1 + below(3))).map { _ in pick(names) }
            parts.append("oneOf: [\(members.map { "{ $ref: '#/components/schemas/\($0)' }" }.joined(separator: ", "))]")
            let mapping = members.map { "\(q()): '#/components/schemas/\($0)'" }.joined(separator: ", ")
            parts.append("discriminator: { propertyName: \(q())\(chance(60) ? ", mapping: { \(mapping) }" : "") }")
        case 8:
            parts.append("type: string, const: \(q())")
        default:
            parts.append("type: object")
            parts.append("properties: { \((0..<(1 + below(4))).map { _ in "\(q()): \(schema(depth: depth - 1, names: names))" }.joined(separator: ", ")) }")
            if chance(20) { parts.append("patternProperties: { \(Self.quoted(pattern())): { type: string } }") }
            if chance(10) { parts.append("x-apigen-name: \(q())") }
        }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    /// A whole OpenAPI 3.1 description.
    mutating func spec() -> String {
        let names = (0..<(1 + below(4))).map { index in "S\(index)" + (chance(40) ? text().filter { $0 != "'" && $0 != "\\" && $0 != "\"" && !$0.isNewline && $0 != "#" && $0 != "/" && $0 != "~" } : "") }
        var lines = ["openapi: \(pick(["3.1.0", "3.1.0", "3.0.3"]))", "info: { title: \(q()), version: \(q()), description: \(q()) }"]
        let schemes = chance(50) ? (0..<(1 + below(3))).map { _ in text() } : []
        if !schemes.isEmpty { lines.append("security: [{ \(Self.quoted(pick(schemes))): [] }]") }
        if chance(50) {
            lines.append("servers: [{ url: \(q()), description: \(q()), variables: { \(q()): { default: \(q()), enum: [\(q())] } } }]")
        }
        // Shared components with hostile names, referred to from operations.
        let sharedResponses = chance(40) ? (0..<(1 + below(2))).map { _ in "R" + componentName() } : []
        let sharedParameters = chance(40) ? (0..<(1 + below(2))).map { _ in "P" + componentName() } : []
        var written: [(path: String, method: String)] = []
        lines.append("paths:")
        for index in 0..<(1 + below(3)) {
            let path = "/p\(index)/" + text() + (chance(30) ? "/{id}" : "")
            let method = pick(["get", "post", "put", "delete"])
            lines.append("  \(Self.quoted(path)):")
            lines.append("    \(method):")
            if chance(70) { lines.append("      operationId: \(q())") }
            if chance(60) { lines.append("      tags: [\(q())]") }
            if chance(40) { lines.append("      summary: \(q())") }
            if !schemes.isEmpty, chance(50) {
                lines.append("      security: [{ \(Self.quoted(pick(schemes))): [\(q())] }, {}]")
            }
            lines.append("      parameters:")
            lines.append("        - { name: id, in: path, required: true, schema: { type: string } }")
            if !sharedParameters.isEmpty, chance(60) {
                lines.append("        - { $ref: \(Self.quoted("#/components/parameters/" + Self.pointerEscaped(pick(sharedParameters)))) }")
            }
            for _ in 0..<below(3) {
                lines.append("        - { name: \(chance(70) ? q() : Self.quoted(pick(["X-Trace", "q", "page"]))), in: \(pick(["query", "header", "cookie"])), description: \(q()), schema: \(schema(depth: 1, names: names)) }")
            }
            lines.append("      responses:")
            lines.append("        \"200\":")
            lines.append("          description: \(q())")
            if chance(30) {
                lines.append("          headers: { \(documentedHeaders()) }")
            }
            if chance(25) {
                // A media type whose parameters are hostile text: it reaches the Accept header and the decoding choice.
                // Streamed ones (events, JSON Lines) have their headers checked on the stream's head.
                let mediaType = pick(["text/plain", "application/vnd.x+json", "image/png", "Text/CSV", "text/event-stream",
                                      "application/jsonl"]) + "; " + text()
                lines.append("          content: { \(Self.quoted(mediaType)): { schema: \(schema(depth: 1, names: names)) } }")
            } else {
                lines.append("          content: { application/json: { schema: \(schema(depth: 2, names: names)) } }")
            }
            if chance(40) {
                let headers = chance(30) ? "headers: { \(documentedHeaders()) }, " : ""
                lines.append("        \"4XX\": { description: \(q()), \(headers)content: { application/json: { schema: \(schema(depth: 1, names: names)) } } }")
            }
            if chance(15) {
                // A bodiless or text error response whose headers are checked.
                let content = chance(50) ? "" : ", content: { text/plain: { schema: { type: string } } }"
                lines.append("        \"503\": { description: \(q()), headers: { \(documentedHeaders()) }\(content) }")
            }
            if !sharedResponses.isEmpty, chance(60) {
                lines.append("        \"404\": { $ref: \(Self.quoted("#/components/responses/" + Self.pointerEscaped(pick(sharedResponses)))) }")
            }
            if let first = written.first, chance(30) {
                // A response borrowed from another operation by a pointer into `paths`.
                let pointer = "/paths/" + Self.pointerEscaped(first.path) + "/" + first.method + "/responses/200"
                lines.append("        \"202\": { $ref: \(Self.quoted("#" + Self.fragmentEncoded(pointer))) }")
            }
            written.append((path, method))
        }
        lines.append("components:")
        if !schemes.isEmpty {
            lines.append("  securitySchemes:")
            for scheme in Set(schemes).sorted() {
                let kind = pick([
                    "{ type: apiKey, in: \(pick(["header", "query", "cookie"])), name: \(chance(60) ? Self.quoted(pick(["X-Key", "api_key"])) : q()) }",
                    "{ type: http, scheme: \(chance(70) ? pick(["bearer", "basic"]) : q()) }",
                    "{ type: oauth2, flows: { clientCredentials: { tokenUrl: \(q()), scopes: { \(q()): \(q()) } } } }",
                    "{ type: openIdConnect, openIdConnectUrl: \(q()) }",
                ])
                lines.append("    \(Self.quoted(scheme)): \(kind.dropLast(2)), description: \(q()) }")
            }
        }
        if !sharedResponses.isEmpty {
            lines.append("  responses:")
            for name in Set(sharedResponses).sorted() {
                // A shared error response's headers get one validator, named after the response (a hostile name).
                let headers = chance(30) ? "headers: { \(documentedHeaders()) }, " : ""
                lines.append("    \(Self.quoted(name)): { description: \(q()), \(headers)content: { application/json: { schema: \(schema(depth: 1, names: names)) } } }")
            }
        }
        if !sharedParameters.isEmpty {
            lines.append("  parameters:")
            for name in Set(sharedParameters).sorted() {
                lines.append("    \(Self.quoted(name)): { name: \(q()), in: \(pick(["query", "header"])), schema: \(schema(depth: 1, names: names)) }")
            }
        }
        lines.append("  schemas:")
        // Inheritance: the first schema a parent with a hostile discriminator property, some others extending it.
        let inheritance = names.count >= 2 && chance(30)
        for (index, name) in names.enumerated() {
            if inheritance && index == 0 {
                let property = q()
                let mapping = names.dropFirst().map { "\(q()): '#/components/schemas/\($0)'" }.joined(separator: ", ")
                lines.append("    \(Self.quoted(name)): { type: object, required: [\(property)], properties: { \(property): { type: string }, \(q()): \(schema(depth: 1, names: [])) }, discriminator: { propertyName: \(property)\(chance(50) ? ", mapping: { \(mapping) }" : "") } }")
            } else if inheritance && chance(70) {
                lines.append("    \(Self.quoted(name)): { allOf: [{ $ref: '#/components/schemas/\(names[0])' }, { type: object, properties: { \(q()): \(schema(depth: 1, names: names)) } }] }")
            } else {
                lines.append("    \(Self.quoted(name)): \(schema(depth: 2, names: names))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A hostile component name that can sit in a `$ref` written by this generator.
    /// Documented response headers with hostile names and descriptions: members of a headers struct, a variant.
    /// Required and constrained ones are validated, on error responses too: their names and locations reach string
    /// literals of the generated checks (a token may hold ' ` $ % ^ | ~ ! # & * + .).
    mutating func documentedHeaders() -> String {
        (0..<(1 + below(3))).map { _ in
            "\(chance(60) ? q() : Self.quoted(pick(["Link", "X-Total", "Retry-After", "default", "self", "init", "response", "let", "var", "inout", "X-'`$%^|~!#&*+._"]))): { description: \(q()), required: \(chance(30)), schema: \(pick(["{ type: integer }", "{ type: string }", "{ type: array, items: { type: boolean } }", "{ type: object }", "{ type: integer, minimum: 0 }", "{ type: string, maxLength: 3, enum: [\(q()), \(q())] }"])) }"
        }.joined(separator: ", ")
    }

    mutating func componentName() -> String {
        text().filter { $0 != "'" && $0 != "\\" && $0 != "\"" && !$0.isNewline && $0 != "#" }
    }

    /// `token` escaped for a JSON pointer (`~` as `~0`, `/` as `~1`).
    static func pointerEscaped(_ token: String) -> String {
        token.map { $0 == "~" ? "~0" : $0 == "/" ? "~1" : String($0) }.joined()
    }

    /// `pointer` as a URI fragment: everything but unreserved characters and `/` percent-encoded as UTF-8.
    static func fragmentEncoded(_ pointer: String) -> String {
        var result = ""
        for byte in pointer.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80, scalar.properties.isAlphabetic || ("0"..."9").contains(Character(scalar)) || "-._~/".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
