@_spi(Generated) import APIRuntime
import Foundation

/// libFuzzer entry: any bytes through the runtime's JSON parser (the one response validation uses). What it
/// accepts must serialise to text that parses back to the same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    _ = try? JSONParser(maxDepth: 8).parse(bytes)
    guard let value = try? JSONParser().parse(bytes) else { return 0 }
    let text = value.jsonText
    _ = value.abbreviatedJSON(maxLength: 20)
    guard let again = try? JSONParser().parse(text) else {
        fatalError("the serialisation of a parsed value does not parse: \(text.debugDescription)")
    }
    if again != value {
        fatalError("the serialisation of a parsed value parses to another value: \(text.debugDescription)")
    }
    return 0
}
