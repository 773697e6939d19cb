@_spi(Generated) import APIRuntime
import Foundation

/// libFuzzer entry: any bytes through the runtime's JSON parser (the one response validation uses). What it
/// accepts must serialise to text that parses back to the same value, and where Foundation's `JSONDecoder` (the
/// judge) reads the same bytes as a ``JSONValue``, the parsed tree must convert to the same value: generated models
/// read free-form members from that tree, and the validator must check what the model decodes.
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
    // The judge's JSONValue decoding costs depth x size; larger inputs would only slow the fuzzer down.
    if size <= 2_048, let judged = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)),
       let converted = finiteValue(value), !sameValue(converted, judged) {
        fatalError("JSONDecoder reads \(judged) where the parsed tree converts to \(converted): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
    return 0
}

/// The tree as a ``JSONValue``, or nil when it holds a number that is not finite as a `Double` (`JSONDecoder`
/// refuses those; the runtime then decodes through the decoder, not the tree).
private func finiteValue(_ instance: JSONInstance) -> JSONValue? {
    switch instance {
    case .number(let number) where number.int64Value == nil && !number.doubleValue.isFinite: return nil
    case .array(let elements):
        for element in elements where finiteValue(element) == nil { return nil }
    case .object(let object):
        for member in object where finiteValue(member.value) == nil { return nil }
    default: break
    }
    return JSONValue(instance)
}

/// Equality with numbers compared by value, within a few units in the last place: `JSONDecoder` makes a number
/// `.int` when its rounded `Double` is an exact integer (`1e-400` reads as `.int(0)`) and drops the fraction of
/// some numbers beyond 2^53 (`12391001314395805.391` reads as `.int(12391001314395805)`); the tree makes it `.int`
/// only when its exact decimal value is an integer, and rounds the rest to the nearest `Double`.
private func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.int(let left), .int(let right)): return left == right
    case (.int, .double), (.double, .int), (.double, .double):
        guard let left = lhs.doubleValue, let right = rhs.doubleValue else { return false }
        return left == right || abs(left - right) <= 4 * max(left.ulp, right.ulp)
    case (.array(let left), .array(let right)):
        return left.count == right.count && zip(left, right).allSatisfy(sameValue)
    case (.object(let left), .object(let right)):
        return left.count == right.count && left.allSatisfy { key, value in right[key].map { sameValue(value, $0) } ?? false }
    default: return lhs == rhs
    }
}
