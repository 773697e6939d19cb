import Foundation

/// The parts of a `multipart/form-data` body, in order. Generated methods of operations with a multipart body fill
/// one in, a part per argument; an app can also build one and send ``encodedBody`` with ``contentType``.
public struct MultipartForm: Sendable {
    /// The boundary between parts; must not occur in any part's data.
    public let boundary: String
    private var parts = Data()

    /// An empty form using `boundary`.
    public init(boundary: String) {
        self.boundary = boundary
    }

    /// The `Content-Type` header value, including the boundary.
    public var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// The encoded body: every part followed by the closing delimiter, with CRLF line endings.
    public var encodedBody: Data {
        parts + Data("--\(boundary)--\r\n".utf8)
    }

    /// Appends a text part; does nothing for nil.
    public mutating func append(_ name: String, _ value: (some ParameterEncodable)?) {
        guard let value else { return }
        appendPart(name: name, filename: nil, contentType: nil, data: Data(value.parameterValue.utf8))
    }

    /// Appends one text part per element, all with the same name; does nothing for nil.
    public mutating func append(_ name: String, _ values: [some ParameterEncodable]?) {
        for value in values ?? [] {
            append(name, value)
        }
    }

    /// Appends a file part with its filename and content type (`application/octet-stream` when nil);
    /// does nothing for nil.
    public mutating func append(_ name: String, _ file: MultipartFile?) {
        guard let file else { return }
        appendPart(
            name: name, filename: file.filename, contentType: file.contentType ?? "application/octet-stream",
            data: file.data)
    }

    /// Appends one file part per element, all with the same name; does nothing for nil.
    public mutating func append(_ name: String, _ files: [MultipartFile]?) {
        for file in files ?? [] {
            append(name, file)
        }
    }

    /// Appends a part holding `value` as JSON with `Content-Type: application/json`; does nothing for nil.
    ///
    /// A value that encodes to a JSON string, number or boolean (a union of primitives, a wrapper type) is a text
    /// part instead, holding the string itself: OpenAPI's default content type for a primitive part is `text/plain`.
    public mutating func append(_ name: String, json value: (some Encodable)?, encoder: JSONEncoder = JSONEncoder())
        throws
    {
        guard let value else { return }
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw APIError.invalidRequest("could not encode multipart part '\(name)' as JSON: \(error)")
        }
        switch data.first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            appendPart(name: name, filename: nil, contentType: "application/json", data: data)
        case UInt8(ascii: "\""):
            let text: String
            do {
                text = try JSONDecoder().decode(String.self, from: data)
            } catch {
                throw APIError.invalidRequest("could not encode multipart part '\(name)' as text: \(error)")
            }
            appendPart(name: name, filename: nil, contentType: nil, data: Data(text.utf8))
        case UInt8(ascii: "n"):
            return  // null: the part is absent, as for nil
        default:
            appendPart(name: name, filename: nil, contentType: nil, data: data)
        }
    }

    private mutating func appendPart(name: String, filename: String?, contentType: String?, data: Data) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\""
        if let filename {
            head += "; filename=\"\(Self.quoted(filename))\""
        }
        head += "\r\n"
        if let contentType {
            head += "Content-Type: \(contentType)\r\n"
        }
        head += "\r\n"
        parts.append(Data(head.utf8))
        parts.append(data)
        parts.append(Data("\r\n".utf8))
    }

    // The HTML standard's multipart/form-data escaping: quotes and line breaks would end the parameter.
    private static func quoted(_ value: String) -> String {
        // Unicode scalars rather than Characters: "\r\n" is a single Character.
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
