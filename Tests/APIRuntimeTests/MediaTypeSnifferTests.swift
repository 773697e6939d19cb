@_spi(Generated) import APIRuntime
import APIRuntimeDownloads
import Foundation
import XCTest

final class MediaTypeSnifferTests: XCTestCase {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])

    func testRecognisesCommonFormats() {
        XCTAssertEqual(MediaTypeSniffer.sniff(Self.jpeg), "image/jpeg")
        XCTAssertEqual(MediaTypeSniffer.sniff(Self.png), "image/png")
        XCTAssertEqual(MediaTypeSniffer.sniff(Data("GIF89a....".utf8)), "image/gif")
        XCTAssertEqual(MediaTypeSniffer.sniff(Data("RIFF\0\0\0\0WEBPVP8 ".utf8)), "image/webp")
        XCTAssertEqual(MediaTypeSniffer.sniff(Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0])), "image/heic")
        XCTAssertEqual(MediaTypeSniffer.sniff(Data("%PDF-1.7".utf8)), "application/pdf")
        XCTAssertEqual(MediaTypeSniffer.sniff(Data("  {\"a\":1}".utf8)), "application/json")
        XCTAssertEqual(MediaTypeSniffer.sniff(Data("<?xml version=\"1.0\"?><svg></svg>".utf8)), "image/svg+xml")
        XCTAssertNil(MediaTypeSniffer.sniff(Data("plain words".utf8)))
        XCTAssertNil(MediaTypeSniffer.sniff(Data()))
    }

    func testTheBytesWinOverAGenericOrWrongDeclaration() {
        XCTAssertEqual(MediaTypeSniffer.effectiveType(declared: "application/octet-stream", data: Self.jpeg), "image/jpeg")
        XCTAssertEqual(MediaTypeSniffer.effectiveType(declared: "image/png", data: Self.jpeg), "image/jpeg")
        XCTAssertEqual(MediaTypeSniffer.effectiveType(declared: "text/html; charset=utf-8", data: Self.png), "image/png")
        XCTAssertEqual(MediaTypeSniffer.effectiveType(declared: nil, data: Self.png), "image/png")
    }

    func testTheDeclarationStandsWhenTheBytesSayNothingOrOnlyText() {
        XCTAssertEqual(MediaTypeSniffer.effectiveType(declared: "Image/JPEG", data: Data("??".utf8)), "image/jpeg")
        XCTAssertEqual(MediaTypeSniffer.effectiveType(declared: "application/vnd.api+json", data: Data("{}".utf8)), "application/vnd.api+json")
        XCTAssertNil(MediaTypeSniffer.effectiveType(declared: "", data: Data("??".utf8)))
    }
}
