import Foundation
import HTTPTypes

/// The parts of a `multipart/form-data` body, in order. Generated methods of operations with a multipart body fill
/// one in, a part per argument; an app can also build one and send ``encodedBody()`` with ``contentType``.
public struct MultipartForm: Sendable {
    /// The boundary between parts; must not occur in any part's data.
    public let boundary: String
    // The body in order: bytes built here, and files read when the body is written (consecutive bytes are merged).
    private var segments: [Segment] = []

    private enum Segment: Sendable {
        case bytes(Data)
        case file(URL, partName: String)
    }

    /// An empty form using `boundary`.
    public init(boundary: String) {
        self.boundary = boundary
    }

    /// The `Content-Type` header value, including the boundary.
    public var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// Whether a part's bytes are in a file on disk (``MultipartFile/init(contentsOf:filename:contentType:)``).
    public var hasFileParts: Bool {
        segments.contains { if case .file = $0 { true } else { false } }
    }

    /// The encoded body: every part followed by the closing delimiter, with CRLF line endings. Parts read from
    /// files are read whole into memory here; ``write(to:)`` streams them instead. Throws
    /// ``APIError/invalidRequest(_:)`` naming the part when a file cannot be read.
    public func encodedBody() throws -> Data {
        try encoded { url, partName in
            do {
                return try Data(contentsOf: url)
            } catch {
                throw Self.unreadable(url, partName: partName, error)
            }
        }
    }

    /// The encoded body with each file part's bytes from `readFile` (its URL and part name).
    func encoded(readingFile readFile: (URL, String) throws -> Data) rethrows -> Data {
        var body = Data()
        for segment in segments {
            switch segment {
            case .bytes(let bytes): body.append(bytes)
            case .file(let url, let partName): body.append(try readFile(url, partName))
            }
        }
        body.append(Data(closingDelimiter.utf8))
        return body
    }

    /// Writes the encoded body to a new file at `destination`, copying parts read from files in 1 MiB chunks
    /// (memory stays bounded whatever their size), and returns its size in bytes. Throws
    /// ``APIError/invalidRequest(_:)`` naming the part when a file cannot be read, and the file system's error when
    /// `destination` cannot be written (a full disk); a partly written `destination` is removed.
    @discardableResult
    public func write(to destination: URL) throws -> Int64 {
        let manager = FileManager.default
        guard manager.createFile(atPath: destination.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
        do {
            let output = try FileHandle(forWritingTo: destination)
            defer { try? output.close() }
            var written: Int64 = 0
            for segment in segments {
                switch segment {
                case .bytes(let bytes):
                    try output.write(contentsOf: bytes)
                    written += Int64(bytes.count)
                case .file(let url, let partName):
                    written += try Self.copy(url, partName: partName, to: output)
                }
            }
            let closing = Data(closingDelimiter.utf8)
            try output.write(contentsOf: closing)
            try output.synchronize()
            return written + Int64(closing.count)
        } catch {
            try? manager.removeItem(at: destination)
            throw error
        }
    }

    private var closingDelimiter: String {
        "--\(boundary)--\r\n"
    }

    private static func copy(_ url: URL, partName: String, to output: FileHandle) throws -> Int64 {
        let input: FileHandle
        do {
            guard url.isFileURL else { throw CocoaError(.fileReadUnsupportedScheme) }
            input = try FileHandle(forReadingFrom: url)
        } catch {
            throw unreadable(url, partName: partName, error)
        }
        defer { try? input.close() }
        var copied: Int64 = 0
        while true {
            let chunk: Data?
            do {
                chunk = try Self.readChunk(input)
            } catch {
                throw unreadable(url, partName: partName, error)
            }
            guard let chunk, !chunk.isEmpty else { return copied }
            try output.write(contentsOf: chunk)
            copied += Int64(chunk.count)
        }
    }

    private static func readChunk(_ input: FileHandle) throws -> Data? {
        #if canImport(ObjectiveC)
        // Darwin's FileHandle hands out autoreleased buffers; without a pool per chunk a copy would hold them all.
        try autoreleasepool { try input.read(upToCount: 1 << 20) }
        #else
        try input.read(upToCount: 1 << 20)
        #endif
    }

    private static func unreadable(_ url: URL, partName: String, _ error: any Error) -> APIError {
        APIError.invalidRequest("could not read the file of multipart part '\(partName)' at \(url.path): \(error.localizedDescription)")
    }

    /// Appends a text part, with a `Content-Type` header when `contentType` is given (the API description's
    /// `encoding` entry for the part; none means `text/plain`) and the part's own `headers`; does nothing for nil.
    ///
    /// The text is sent in UTF-8 and says so (`textPartContentType(_:for:)`).
    public mutating func append(_ name: String, _ value: (some ParameterEncodable)?, contentType: String? = nil,
                                headers: PartHeaders = PartHeaders()) {
        guard let value else { return }
        appendText(name, value.parameterValue, contentType: contentType, headers: headers)
    }

    /// A text part: `text` in UTF-8, under `textPartContentType(_:for:)`.
    private mutating func appendText(_ name: String, _ text: String, contentType: String?, headers: PartHeaders) {
        let data = Data(text.utf8)
        appendPart(name: name, filename: nil, contentType: Self.textPartContentType(contentType, for: data), headers: headers,
                   data: data)
    }

    /// The `Content-Type` of a text part holding `data` (UTF-8): a `text/*` type with `charset=utf-8` (added, or
    /// replacing another charset); no type, `text/plain; charset=utf-8` when the text is not ASCII and none (what
    /// browsers send) when it is; any other type as given. A part without a charset is read in US-ASCII by
    /// RFC 2046's default, and in ISO-8859-1 by servlet containers (Tomcat's `Part`, Commons FileUpload), so "Grüße"
    /// sent without one arrives garbled there.
    static func textPartContentType(_ contentType: String?, for data: Data) -> String? {
        guard let contentType else {
            return data.allSatisfy { $0 < 0x80 } ? nil : "text/plain; charset=utf-8"
        }
        let type = contentType.split(separator: ";", maxSplits: 1).first?.trimmingSpaces.lowercased() ?? ""
        return type.hasPrefix("text/") ? RequestBuilder.utf8ContentType(contentType) : contentType
    }

    /// Appends one text part per element, all with the same name and headers; does nothing for nil.
    public mutating func append(_ name: String, _ values: [some ParameterEncodable]?, contentType: String? = nil,
                                headers: PartHeaders = PartHeaders()) {
        for value in values ?? [] {
            append(name, value, contentType: contentType, headers: headers)
        }
    }

    /// Appends a file part with its filename and content type: the file's own, else `contentType` (the API
    /// description's `encoding` entry for the part), else `application/octet-stream`; and the part's own `headers`.
    /// Does nothing for nil.
    public mutating func append(_ name: String, _ file: MultipartFile?, contentType: String? = nil,
                                headers: PartHeaders = PartHeaders()) {
        guard let file else { return }
        appendPart(
            name: name, filename: file.filename, contentType: file.contentType ?? contentType ?? "application/octet-stream",
            headers: headers, data: file.fileURL.map { .file($0, partName: name) } ?? .bytes(file.data))
    }

    /// Appends one file part per element, all with the same name and headers; does nothing for nil.
    public mutating func append(_ name: String, _ files: [MultipartFile]?, contentType: String? = nil,
                                headers: PartHeaders = PartHeaders()) {
        for file in files ?? [] {
            append(name, file, contentType: contentType, headers: headers)
        }
    }

    /// Appends a part holding `value` as JSON; does nothing for nil (or a value that encodes to `null`).
    ///
    /// Without `contentType`, a value that encodes to a JSON object or array is sent as `application/json`, and one
    /// that encodes to a JSON string, number or boolean (a union of primitives, a wrapper type) is a text part
    /// instead, holding the string itself: OpenAPI's default content type for a primitive part is `text/plain`.
    /// With `contentType` (the API description's `encoding` entry declares a JSON media type for the part), every
    /// value is sent as JSON with that type: a string part then carries `"text"`, quotes included.
    public mutating func append(_ name: String, json value: (some Encodable)?, contentType: String? = nil,
                                encoder: JSONEncoder = JSONEncoder(), headers: PartHeaders = PartHeaders()) throws {
        guard let value else { return }
        let data: Data
        do {
            data = try RequestBodyEncoding.encoding { try encoder.encode(value) }
        } catch {
            throw APIError.invalidRequest("could not encode multipart part '\(name)' as JSON: \(error)")
        }
        switch data.first {
        case UInt8(ascii: "n"):
            return  // null: the part is absent, as for nil
        case _ where contentType != nil:
            appendPart(name: name, filename: nil, contentType: contentType, headers: headers, data: data)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            appendPart(name: name, filename: nil, contentType: "application/json", headers: headers, data: data)
        case UInt8(ascii: "\""):
            let text: String
            do {
                text = try JSONDecoder().decode(String.self, from: data)
            } catch {
                throw APIError.invalidRequest("could not encode multipart part '\(name)' as text: \(error)")
            }
            appendText(name, text, contentType: nil, headers: headers)
        default:
            appendPart(name: name, filename: nil, contentType: nil, headers: headers, data: data)
        }
    }

    private mutating func appendPart(name: String, filename: String?, contentType: String?, headers: PartHeaders,
                                     data: Data) {
        appendPart(name: name, filename: filename, contentType: contentType, headers: headers, data: .bytes(data))
    }

    private mutating func appendPart(name: String, filename: String?, contentType: String?, headers: PartHeaders,
                                     data: Segment) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\""
        if let filename {
            head += "; filename=\"\(Self.quoted(filename))\""
        }
        head += "\r\n"
        if let contentType {
            head += "Content-Type: \(contentType)\r\n"
        }
        for field in headers.fields {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "\r\n"
        appendBytes(Data(head.utf8))
        if case .bytes(let bytes) = data {
            appendBytes(bytes)
        } else {
            segments.append(data)
        }
        appendBytes(Data("\r\n".utf8))
    }

    private mutating func appendBytes(_ bytes: Data) {
        if case .bytes(var last) = segments.last {
            segments.removeLast()
            last.append(bytes)
            segments.append(.bytes(last))
        } else {
            segments.append(.bytes(bytes))
        }
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
