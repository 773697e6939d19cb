@_spi(RuntimeInternals) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeDownloads
import APIRuntimeStore
import Foundation
import HTTPTypes

/// libFuzzer entry: header text through `Cache-Control` parsing, HTTP-date parsing (a date that parses must
/// format to a date that parses to the same instant) and media-type handling (the declared `Content-Type` against
/// sniffed bytes, the redacted log of a body). Input: the field value, a line feed, then a body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPFields(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let split = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
    let field = String(decoding: bytes[..<split], as: UTF8.self)
    let body = Data(bytes[split...].dropFirst())

    let pragma = HTTPField.Name("Pragma")!
    let headers = HTTPFields([
        HTTPField(name: .cacheControl, value: field), HTTPField(name: HTTPField.Name("cache-control")!, value: field),
        HTTPField(name: pragma, value: field),
    ])
    _ = CacheControl(headers)
    _ = CacheControl(HTTPFields([HTTPField(name: pragma, value: field)]))

    if let date = HTTPDate.parse(field) {
        let formatted = HTTPDate.format(date)
        guard let again = HTTPDate.parse(formatted), again == date else {
            fatalError("\(field.debugDescription) parses but its formatting \(formatted.debugDescription) does not")
        }
    }

    _ = MediaTypeSniffer.sniff(body)
    _ = MediaTypeSniffer.effectiveType(declared: field, data: body)
    _ = Redactor().body(body, contentType: field, limit: 64)
    return 0
}
