@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
import HTTPTypes

/// A payload with the identifier shapes generated models use.
struct FuzzPayload: Decodable {
    var id: FlexibleIdentifier
    var ids: [FlexibleIdentifier]?
    var owner: FlexibleIdentifier?
}

/// Members of every kind the generated models decode, for the differential check against `JSONDecoder`. `JSONValue`
/// is left out: it has read the parsed tree since before this decoder (`ParsedBodySource`), and there it is exact where
/// `JSONDecoder`'s kind-by-kind answer is not (`9999999999999.99…94` is an integer to it, a fraction in the tree).
struct FuzzModel: Decodable, Equatable {
    var text: String?
    var count: Int?
    var small: Int8?
    var ratio: Double?
    var flag: Bool?
    var list: [Int64]?
    var nested: [FuzzModel]?
    var tags: [String: Bool]?
}

/// Decodes `type` with `JSONDecoder` and with the client (which decodes from the tree its parser built), and stops
/// when one decodes what the other refuses or they decode different values. Only bodies the runtime's parser accepts
/// are compared: the client hands any other body to `JSONDecoder` itself.
func compareDecoders<T: Decodable & Equatable>(_ type: T.Type, _ body: Data, client: APIClient) {
    guard (try? JSONParser.parse(body)) != nil else { return }
    let expected = try? JSONDecoder().decode(T.self, from: body)
    let actual = try? client.decode(T.self, from: APIResponse(status: 200, body: body), operation: operation)
    if expected != actual {
        fatalError("JSONDecoder and the parsed-tree decoder disagree on \(String(decoding: body, as: UTF8.self).debugDescription): "
                   + "\(String(describing: expected)) vs \(String(describing: actual))")
    }
}

let operation = OperationInfo(id: "fuzz", method: "GET", path: "/fuzz")
let formats = [
    EnvelopeFormat(statusKey: "status", reasonKey: "reason", dataKey: "data", successValues: ["ok", "0", "true"]),
    EnvelopeFormat(statusKey: "code", reasonKey: "msg", dataKey: "result", successValues: ["200"]),
]

/// libFuzzer entry: a response body through envelope unwrapping (status check, decoding with the envelope format,
/// typed errors) and flexible-identifier decoding; any string as an identifier keeps its text; the parsed-tree
/// decoder decodes what `JSONDecoder` decodes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnvelope(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let body = data.map { Data(bytes: $0, count: size) } ?? Data()
    // A client per input: its memo of local results holds bodies in `Data` enums whose references carry tag bits,
    // which LeakSanitizer cannot follow, so a memo that outlived the input would be reported as a leak. Freed at
    // the end of every input, a body the memo (or anything else) really leaked is still reported.
    let client = APIClient(baseURL: URL(string: "https://api.example.invalid")!, transport: MockTransport())
    for format in formats {
        for isLocal in [false, true] {
            var response = APIResponse(status: 200, headerFields: [.contentType: "application/json"], body: body)
            response.isLocal = isLocal
            _ = try? client.checkEnvelopeStatus(of: response, operation: operation, format: format)
            _ = try? client.decodeEnvelope(FuzzPayload.self, from: response, operation: operation, format: format)
            _ = try? client.decodeRequiredEnvelope([FlexibleIdentifier].self, from: response, operation: operation, format: format)
            _ = try? client.checkEnvelope(from: response, operation: operation, format: format)
        }
    }
    _ = try? JSONDecoder().decode([FlexibleIdentifier].self, from: body)
    compareDecoders(FuzzModel.self, body, client: client)
    compareDecoders([FuzzModel].self, body, client: client)
    let text = String(decoding: body, as: UTF8.self)
    let identifier = FlexibleIdentifier(text)
    if identifier.integerValue == nil, identifier.stringValue != text {
        fatalError("a string identifier lost its text: \(text.debugDescription)")
    }
    if FlexibleIdentifier(identifier.stringValue) != identifier {
        fatalError("an identifier is not equal to one made from its text: \(text.debugDescription)")
    }
    return 0
}
