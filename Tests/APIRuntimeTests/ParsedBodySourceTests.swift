import XCTest
@_spi(Generated) @testable import APIRuntime
@testable import APIRuntimeTesting

final class ParsedBodySourceTests: XCTestCase {
    private struct Holder: Decodable, Equatable {
        var free: JSONValue
        var extra: [String: JSONValue]
        var list: [JSONValue]
    }

    /// A decoder that fails the test when asked for a container: proves a value came from the parsed tree.
    private struct ContainerRefusingDecoder: Decoder {
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any]
        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            XCTFail("asked for a keyed container at \(codingPath.map(\.stringValue))")
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "refused"))
        }
        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            XCTFail("asked for an unkeyed container at \(codingPath.map(\.stringValue))")
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "refused"))
        }
        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            XCTFail("asked for a single-value container at \(codingPath.map(\.stringValue))")
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "refused"))
        }
    }

    /// Records whether the decoder it is decoded with offers the parsed body.
    private struct SourceProbe: Decodable {
        var offered: Bool
        init(from decoder: any Decoder) throws {
            // Either the decoder reads the parsed tree itself, or it carries the tree for free-form values.
            offered = decoder is JSONInstanceDecoder || decoder.userInfo[ParsedBodySource.userInfoKey] is ParsedBodySource
        }
    }

    private let operation = OperationInfo(id: "getThing", method: "GET", path: "/thing")

    func testAFreeFormValueIsReadFromTheParsedTreeWithoutAskingTheDecoder() throws {
        let body = Data(#"{"a": [0, {"b": [true, null, "x", 1.5, 7]}]}"#.utf8)
        let source = ParsedBodySource(body: body, memo: nil)
        let decoder = ContainerRefusingDecoder(
            codingPath: [WireKey(stringValue: "a"), IndexCodingKey(1)], userInfo: [ParsedBodySource.userInfoKey: source])
        let value = try JSONValue(from: decoder)
        XCTAssertEqual(value, ["b": [true, nil, "x", 1.5, 7]])
    }

    func testAPathThatLeadsNowhereFallsBackToTheDecoder() {
        let source = ParsedBodySource(body: Data(#"{"a": 1}"#.utf8), memo: nil)
        XCTAssertNil(source.value(at: [WireKey(stringValue: "missing")]))
        XCTAssertNil(source.value(at: [WireKey(stringValue: "a"), WireKey(stringValue: "deeper")]))
        XCTAssertNil(ParsedBodySource(body: Data("[1,".utf8), memo: nil).value(at: []))
        // Not finite as a Double: JSONDecoder's own error is kept.
        XCTAssertNil(ParsedBodySource(body: Data("[1e400]".utf8), memo: nil).value(at: []))
    }

    func testTheSourceGivesWhatTheDecoderGivesForEveryKindOfValue() throws {
        let documents = [
            #"{"free": 1, "extra": {}, "list": []}"#,
            #"{"free": 1.0, "extra": {"a": 1e2, "b": -0, "c": 2.5e-3}, "list": [12345678901234567890, -9223372036854775808]}"#,
            #"{"free": "caf\u00e9 \ud83d\ude00 \"q\" \\ \n", "extra": {"ü": "ß", "": ""}, "list": [true, false, null]}"#,
            #"{"free": {"x": [{"y": [[], {}]}]}, "extra": {"k": [1, [2, [3]]]}, "list": [{"a": null}, "s", 0.1]}"#,
            #"{"free": null, "extra": {"dup": 1, "dup": 2}, "list": [9007199254740993, 1.7976931348623157e308]}"#,
        ]
        for document in documents {
            let body = Data(document.utf8)
            let plain = try JSONDecoder().decode(Holder.self, from: body)
            let sourced = try JSONDecoder().decoding(ParsedBodySource(body: body, memo: nil)).decode(Holder.self, from: body)
            XCTAssertEqual(sourced, plain, document)
        }
    }

    func testADecoderCreatedWhileDecodingDoesNotSeeTheOuterDocument() throws {
        struct Embedded: Decodable {
            var inner: JSONValue
            init(from decoder: any Decoder) throws {
                let text = try decoder.singleValueContainer().decode(String.self)
                inner = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            }
        }
        struct Outer: Decodable { var embedded: Embedded }
        let body = Data(#"{"embedded": "{\"x\": [1]}"}"#.utf8)
        let outer = try JSONDecoder().decoding(ParsedBodySource(body: body, memo: nil)).decode(Outer.self, from: body)
        XCTAssertEqual(outer.embedded.inner, ["x": [1]])
    }

    func testADecoderThatRenamesKeysGetsNoSource() {
        let renaming = JSONDecoder()
        renaming.keyDecodingStrategy = .convertFromSnakeCase
        let copy = renaming.decoding(ParsedBodySource(body: Data("{}".utf8), memo: nil))
        XCTAssertTrue(copy === renaming)
        XCTAssertNil(copy.userInfo[ParsedBodySource.userInfoKey])
    }

    func testTheCopyKeepsTheClientDecodersSettings() {
        let original = JSONDecoder()
        original.dateDecodingStrategy = .secondsSince1970
        original.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        original.userInfo[CodingUserInfoKey(rawValue: "app")!] = "kept"
        let copy = original.decoding(ParsedBodySource(body: Data("{}".utf8), memo: nil))
        XCTAssertFalse(copy === original)
        XCTAssertEqual(copy.userInfo[CodingUserInfoKey(rawValue: "app")!] as? String, "kept")
        XCTAssertNotNil(copy.userInfo[ParsedBodySource.userInfoKey])
        guard case .secondsSince1970 = copy.dateDecodingStrategy else { return XCTFail("date strategy lost") }
        guard case .convertFromString = copy.nonConformingFloatDecodingStrategy else { return XCTFail("float strategy lost") }
        XCTAssertNil(original.userInfo[ParsedBodySource.userInfoKey], "the client's decoder is not changed")
    }

    /// 600 chains of arrays nested 400 deep in one free-form member: through `JSONDecoder` alone every node costs
    /// failed tries whose error paths are as long as the value is deep (Docs/robustness.md, finding 6).
    func testDeeplyNestedFreeFormValuesDecodeThroughTheClient() throws {
        let chain = String(repeating: "[", count: 400) + "1" + String(repeating: "]", count: 400)
        let chains = Array(repeating: chain, count: 600).joined(separator: ",")
        let body = Data((#"{"free": ["# + chains + #"], "extra": {}, "list": []}"#).utf8)
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: MockTransport())
        let holder = try client.decode(Holder.self, from: APIResponse(status: 200, body: body), operation: operation)
        guard case .array(let chains) = holder.free else { return XCTFail("expected an array") }
        XCTAssertEqual(chains.count, 600)
        var depth = 0
        var node = chains[599]
        while case .array(let inner) = node, inner.count == 1 {
            depth += 1
            node = inner[0]
        }
        XCTAssertEqual(depth, 400)
        XCTAssertEqual(node, 1)
    }

    func testEnvelopesReadFreeFormPayloadsFromTheParsedTree() throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: MockTransport())
        let format = EnvelopeFormat(statusKey: "status", reasonKey: "message", dataKey: "data", successValues: ["ok"])
        let response = APIResponse.json(#"{"status": "ok", "data": {"free": [1, {"a": "b"}], "extra": {"n": null}, "list": [2.5]}}"#)
        let holder = try client.decodeEnvelope(Holder.self, from: response, operation: operation, format: format)
        XCTAssertEqual(holder, Holder(free: [1, ["a": "b"]], extra: ["n": nil], list: [2.5]))
        let probe = try client.decodeEnvelope(SourceProbe.self, from: .json(#"{"status": "ok", "data": {}}"#),
                                              operation: operation, format: format)
        XCTAssertEqual(probe?.offered, true)
    }

    func testTheClientOffersTheParsedBodyToWhatItDecodes() throws {
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: MockTransport())
        XCTAssertTrue(try client.decode(SourceProbe.self, from: .json("{}"), operation: operation).offered)
    }
}
