@_spi(Generated) import APIRuntime
import Foundation
import XCTest

final class MultipartFormTests: XCTestCase {
    private func text(_ form: MultipartForm) -> String {
        String(decoding: form.encodedBody, as: UTF8.self)
    }

    func testEmptyFormIsOnlyTheClosingDelimiter() {
        let form = MultipartForm(boundary: "b")
        XCTAssertEqual(text(form), "--b--\r\n")
        XCTAssertEqual(form.contentType, "multipart/form-data; boundary=b")
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
        XCTAssertEqual(text(form), "--b\r\nContent-Disposition: form-data; name=\"model\"\r\n\r\nwhisper-1 \"é\"\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"count\"\r\n\r\n2.5\r\n"
            + "--b\r\nContent-Disposition: form-data; name=\"flag\"\r\n\r\ntrue\r\n--b--\r\n",
            "OpenAPI's default for a primitive part is text/plain, the value itself, never a quoted JSON string")
    }
}
