@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class MultipartFormTests: XCTestCase {
    private func text(_ form: MultipartForm) -> String {
        String(decoding: (try? form.encodedBody()) ?? Data("<unreadable>".utf8), as: UTF8.self)
    }

    func testEmptyFormIsOnlyTheClosingDelimiter() {
        let form = MultipartForm(boundary: "b")
        XCTAssertEqual(text(form), "--b--\r\n")
        XCTAssertEqual(form.contentType, "multipart/form-data; boundary=b")
    }

    func testPartHeadersFollowTheContentTypeInOrderAndNilValuesAreLeftOut() throws {
        var form = MultipartForm(boundary: "b")
        let headers = try MultipartForm.PartHeaders(["X-Checksum": "a b", "X-Missing": nil, "X-Tags": "x,y"])
        form.append("cover", MultipartFile(data: Data("img".utf8), filename: "c.jpg"), contentType: "image/jpeg",
                    headers: headers)
        form.append("ids", [1, 2], headers: try MultipartForm.PartHeaders(["X-Source": "camera"]))
        XCTAssertEqual(text(form), "--b\r\nContent-Disposition: form-data; name=\"cover\"; filename=\"c.jpg\"\r\n"
            + "Content-Type: image/jpeg\r\nX-Checksum: a b\r\nX-Tags: x,y\r\n\r\nimg\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"ids\"\r\nX-Source: camera\r\n\r\n1\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"ids\"\r\nX-Source: camera\r\n\r\n2\r\n"
            + "--b--\r\n")
    }

    func testAPartHeaderThatCouldInjectALineIsRefused() {
        XCTAssertThrowsError(try MultipartForm.PartHeaders(["X-Checksum": "a\r\nContent-Type: text/html"])) { error in
            guard case APIError.invalidHeaderValue(let name, let byte) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "X-Checksum")
            XCTAssertEqual(byte, 0x0D)
        }
        XCTAssertThrowsError(try MultipartForm.PartHeaders(["X-Bad:Name": "v"])) { error in
            guard case APIError.invalidHeaderName = error else { return XCTFail("\(error)") }
        }
    }

    func testJSONWithADeclaredContentTypeIsJSONEvenForScalars() throws {
        var form = MultipartForm(boundary: "b")
        try form.append("weight", json: 2.5, contentType: "application/json")
        try form.append("label", json: "x", contentType: "application/json")
        try form.append("plain", json: "y")
        XCTAssertEqual(text(form), "--b\r\nContent-Disposition: form-data; name=\"weight\"\r\nContent-Type: application/json\r\n\r\n2.5\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"label\"\r\nContent-Type: application/json\r\n\r\n\"x\"\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"plain\"\r\n\r\ny\r\n"
            + "--b--\r\n")
    }

    func testArraysRepeatTheName() {
        var form = MultipartForm(boundary: "b")
        form.append("id", [1, 2])
        form.append("files", [MultipartFile(data: Data("x".utf8), filename: "x.txt", contentType: "text/plain")])
        form.append("none", [Int]?.none)
        XCTAssertEqual(text(form), "--b\r\nContent-Disposition: form-data; name=\"id\"\r\n\r\n1\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"id\"\r\n\r\n2\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"files\"; filename=\"x.txt\"\r\nContent-Type: text/plain\r\n\r\nx\r\n"
            + "--b--\r\n")
    }

    func testQuotesAndLineBreaksInNamesAreEscaped() {
        var form = MultipartForm(boundary: "b")
        form.append("a\"b\r\nc", MultipartFile(data: Data(), filename: "x\ny\r.txt", contentType: "text/plain"))
        XCTAssertTrue(text(form).contains("name=\"a%22b%0D%0Ac\"; filename=\"x%0Ay%0D.txt\"\r\n"), text(form))
    }

    func testJSONPartUsesTheGivenEncoderAndSkipsNil() throws {
        var form = MultipartForm(boundary: "b")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try form.append("meta", json: ["b": 1, "a": 2], encoder: encoder)
        try form.append("none", json: [Int]?.none)
        XCTAssertEqual(text(form), "--b\r\nContent-Disposition: form-data; name=\"meta\"\r\nContent-Type: application/json\r\n\r\n"
            + "{\"a\":2,\"b\":1}\r\n--b--\r\n")
    }

    func testAPrimitiveValueOfAJSONPartIsATextPart() throws {
        enum Model: Encodable {
            case named(String)
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                if case .named(let name) = self { try container.encode(name) }
            }
        }
        var form = MultipartForm(boundary: "b")
        try form.append("model", json: Model.named("whisper-1 \"é\""))
        try form.append("count", json: 2.5)
        try form.append("flag", json: true)
        XCTAssertEqual(text(form), "--b\r\nContent-Disposition: form-data; name=\"model\"\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\n\r\nwhisper-1 \"é\"\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\n2.5\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"flag\"\r\n\r\ntrue\r\n--b--\r\n",
            "OpenAPI's default for a primitive part is text/plain, the value itself, never a quoted JSON string")
    }

    func testATextPartThatIsNotASCIINamesItsCharset() throws {
        var form = MultipartForm(boundary: "b")
        form.append("greeting", "Grüße")
        form.append("plain", "hello")
        form.append("note", "Grüße", contentType: "text/markdown; charset=iso-8859-1; variant=GFM")
        form.append("csv", "a,b", contentType: "text/csv")
        form.append("xml", "<é/>", contentType: "application/xml")
        XCTAssertEqual(text(form), "--b\r\nContent-Disposition: form-data; name=\"greeting\"\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\n\r\nGrüße\r\n"
            // ASCII needs no charset: the part is written as browsers write it.
            + "--b\r\nContent-Disposition: form-data; name=\"plain\"\r\n\r\nhello\r\n"
            // The bytes are UTF-8 whatever charset the description names.
            + "--b\r\nContent-Disposition: form-data; name=\"note\"\r\n"
            + "Content-Type: text/markdown; variant=GFM; charset=utf-8\r\n\r\nGrüße\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"csv\"\r\nContent-Type: text/csv; charset=utf-8\r\n\r\na,b\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"xml\"\r\nContent-Type: application/xml\r\n\r\n<é/>\r\n"
            + "--b--\r\n")
    }

    private func temporaryFile(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("part-\(UUID().uuidString).bin")
        try contents.write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAFilePartIsWrittenFromDiskAsTheSameBytesAsInMemory() throws {
        let contents = Data((0..<2_500_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })  // more than one 1 MiB chunk
        let file = try temporaryFile(contents)
        var fromDisk = MultipartForm(boundary: "b")
        fromDisk.append("note", "before")
        fromDisk.append("file", MultipartFile(contentsOf: file, contentType: "image/png"))
        fromDisk.append("note", "after")
        var inMemory = MultipartForm(boundary: "b")
        inMemory.append("note", "before")
        inMemory.append("file", MultipartFile(data: contents, filename: file.lastPathComponent, contentType: "image/png"))
        inMemory.append("note", "after")
        XCTAssertTrue(fromDisk.hasFileParts)
        XCTAssertFalse(inMemory.hasFileParts)
        let expected = try inMemory.encodedBody()
        XCTAssertEqual(try fromDisk.encodedBody(), expected)
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("form-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        XCTAssertEqual(try fromDisk.write(to: destination), Int64(expected.count))
        XCTAssertEqual(try Data(contentsOf: destination), expected)
    }

    func testAnUnreadableFilePartIsAnInvalidRequestNamingThePart() throws {
        var form = MultipartForm(boundary: "b")
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        form.append("scan", MultipartFile(contentsOf: missing))
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("form-\(UUID().uuidString)")
        for attempt in [{ _ = try form.encodedBody() }, { _ = try form.write(to: destination) }] {
            XCTAssertThrowsError(try attempt()) { error in
                guard case APIError.invalidRequest(let message) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(message.contains("multipart part 'scan'") && message.contains(missing.path), message)
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path), "a partly written body is removed")
    }

    func testARequestBuilderKeepsAFileBackedFormAndBuildsItInMemoryForOtherCallers() throws {
        let file = try temporaryFile(Data("abc".utf8))
        var builder = RequestBuilder(method: "POST", path: "/upload")
        builder.multipartBoundary = "b"
        builder.multipartBody { $0.append("file", MultipartFile(contentsOf: file, filename: "f")) }
        XCTAssertNotNil(builder.fileBackedForm)
        XCTAssertNil(builder.body)
        let request = try builder.build(baseURL: URL(string: "https://api.example.com")!)
        XCTAssertEqual(request.body.map { String(decoding: $0, as: UTF8.self) },
                       "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\nContent-Type: application/octet-stream\r\n\r\nabc\r\n--b--\r\n")
        builder.binaryBody(Data("x".utf8), contentType: "text/plain")
        XCTAssertNil(builder.fileBackedForm, "a later body replaces the form")
    }
}
