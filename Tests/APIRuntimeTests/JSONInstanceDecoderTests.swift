import XCTest
@_spi(Generated) @testable import APIRuntime

/// ``JSONInstanceDecoder`` is judged against `JSONDecoder` with default strategies: the same body must give the same
/// value, or the same kind of error at the same path.
final class JSONInstanceDecoderTests: XCTestCase {
    private struct Everything: Codable, Equatable {
        var flag: Bool
        var text: String
        var double: Double
        var float: Float
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var optional: String?
        var absent: Int?
        var list: [Int]
        var nested: [[String: [Bool?]]]
        var data: Data
        var url: URL
        var date: Date
        var decimal: Decimal
        var free: JSONValue
        var child: Child?
    }

    private struct Child: Codable, Equatable {
        var name: String
        var children: [Child]
    }

    private static let everything = #"""
        {"flag": true, "text": "é\n\u0000𝄞", "double": -1.5e-3, "float": 3.25, "int": -9007199254740993, "int8": -128,
         "int16": 32767, "int32": 1.0, "int64": 9223372036854775807, "uint": 1e2, "uint8": 255, "uint16": 0,
         "uint32": 4294967295, "uint64": 18446744073709551615, "optional": null, "list": [],
         "nested": [{"a": [true, null]}, {}], "data": "aGVsbG8=", "url": "https://example.com/a?b=c#d",
         "date": 12.5, "decimal": 0.1, "free": {"a": [1, 2.5, "x", null, false, {}]},
         "child": {"name": "a", "children": [{"name": "b", "children": []}]}}
        """#

    private func bothDecoders<T: Decodable & Equatable>(_ type: T.Type, _ json: String,
                                                        file: StaticString = #filePath, line: UInt = #line) throws -> T {
        let body = Data(json.utf8)
        let expected = try JSONDecoder().decode(T.self, from: body)
        let actual = try JSONInstanceDecoder.decode(T.self, from: try JSONParser.parse(body), userInfo: [:])
        XCTAssertEqual(actual, expected, file: file, line: line)
        return actual
    }

    /// The error each decoder throws for `json`, described as the client reports it.
    private func errors<T: Decodable>(_ type: T.Type, _ json: String) -> (expected: String, actual: String) {
        let body = Data(json.utf8)
        func describe(_ attempt: () throws -> T) -> String {
            do {
                _ = try attempt()
                return "no error"
            } catch let error as DecodingError {
                switch error {
                case .typeMismatch: return "typeMismatch " + DecodingErrorMessage.describe(error, body: body)
                case .valueNotFound: return "valueNotFound " + DecodingErrorMessage.describe(error, body: body)
                case .keyNotFound: return "keyNotFound " + DecodingErrorMessage.describe(error, body: body)
                case .dataCorrupted(let context): return "dataCorrupted " + DecodingErrorMessage.locate(context.codingPath, in: nil).path
                @unknown default: return "unknown"
                }
            } catch {
                return "other \(error)"
            }
        }
        return (describe { try JSONDecoder().decode(T.self, from: body) },
                describe { try JSONInstanceDecoder.decode(T.self, from: try JSONParser.parse(body), userInfo: [:]) })
    }

    func testEveryKindOfValueDecodesAsJSONDecoderDecodesIt() throws {
        let value = try bothDecoders(Everything.self, Self.everything)
        XCTAssertEqual(value.uint64, .max)
        XCTAssertEqual(value.int32, 1)
        XCTAssertEqual(value.uint, 100)
        XCTAssertEqual(value.data, Data("hello".utf8))
        XCTAssertEqual(value.child?.children.first?.name, "b")
        XCTAssertEqual(value.free, ["a": [1, 2.5, "x", nil, false, [:]]])
        _ = try bothDecoders([String: Int].self, #"{"b": 2, "a": 1}"#)
        _ = try bothDecoders([Int?].self, "[1, null, 3]")
        _ = try bothDecoders(String.self, #""top-level""#)
        _ = try bothDecoders(JSONValue.self, #"[{"deep": [[[null]]]}]"#)
    }

    func testMismatchesAreTheSameErrorsAtTheSamePaths() {
        let cases: [(String, (expected: String, actual: String))] = [
            ("string for int", errors([String: [Int]].self, #"{"a": [1, "2"]}"#)),
            ("null for int", errors([String: [Int]].self, #"{"a": [1, null]}"#)),
            ("missing key", errors(Child.self, #"{"children": [{"name": "x"}]}"#)),
            ("object for array", errors(Child.self, #"{"name": "x", "children": {}}"#)),
            ("array for object", errors(Child.self, #"[]"#)),
            ("number for string", errors(Child.self, #"{"name": 1, "children": []}"#)),
            ("bool for number", errors([Double].self, "[true]")),
            ("string for bool", errors([Bool].self, #"["true"]"#)),
        ]
        for (name, (expected, actual)) in cases {
            XCTAssertEqual(actual, expected, name)
        }
    }

    func testNumbersThatDoNotFitAreRefusedWithTheirPath() {
        // JSONDecoder on Linux reports these without a path (DecodingErrorMessage says so); this decoder keeps it.
        XCTAssertEqual(errors([String: [Int8]].self, #"{"a": [1, 2.5]}"#).actual, "dataCorrupted a[1]")
        XCTAssertEqual(errors([String: [Int8]].self, #"{"a": [300]}"#).actual, "dataCorrupted a[0]")
        XCTAssertEqual(errors([String: [UInt8]].self, #"{"a": [-1]}"#).actual, "dataCorrupted a[0]")
        XCTAssertEqual(errors([Float].self, "[1e300]").actual, "dataCorrupted [0]")
        XCTAssertEqual(errors([Double].self, "[1e400]").actual, "dataCorrupted [0]")
        XCTAssertEqual(errors([Data].self, #"["not base64!"]"#).actual, "dataCorrupted [0]")
    }

    /// Strings, booleans and most numbers are read in place, without a decoder of their own: through every container
    /// method (concrete overloads, the generic ones generated helpers such as `decodeFirst` call, keyed and unkeyed),
    /// with the values and errors a decoder of their own gives.
    func testScalarsReadInPlaceDecodeAndFailAsThroughADecoder() throws {
        struct Generic<T: Codable & Equatable>: Codable, Equatable {
            var value: T
            var list: [T]
            var optional: T?
        }
        _ = try bothDecoders(Generic<String>.self, #"{"value": "a", "list": ["b", ""], "optional": "c"}"#)
        _ = try bothDecoders(Generic<Int>.self, #"{"value": -1, "list": [2.0, 1e3], "optional": null}"#)
        _ = try bothDecoders(Generic<Int32>.self, #"{"value": 2147483647, "list": [-2147483648]}"#)
        _ = try bothDecoders(Generic<Int64>.self, #"{"value": 9223372036854775807, "list": []}"#)
        _ = try bothDecoders(Generic<Double>.self, #"{"value": 1, "list": [2.5, -0.0], "optional": 1e-300}"#)
        _ = try bothDecoders(Generic<Bool>.self, #"{"value": false, "list": [true], "optional": true}"#)
        _ = try bothDecoders(Generic<URL>.self, #"{"value": "https://a.example/b", "list": ["/relative"]}"#)
        XCTAssertEqual(errors(Generic<Int32>.self, #"{"value": 2147483648, "list": []}"#).actual, "dataCorrupted value")
        XCTAssertEqual(errors(Generic<Int32>.self, #"{"value": 1, "list": [1, -2147483649]}"#).actual, "dataCorrupted list[1]")
        XCTAssertEqual(errors(Generic<Int>.self, #"{"value": 1, "list": [], "optional": 0.5}"#).actual, "dataCorrupted optional")
        XCTAssertEqual(errors(Generic<Double>.self, #"{"value": 1e999, "list": []}"#).actual, "dataCorrupted value")
        XCTAssertEqual(errors(Generic<URL>.self, #"{"value": "", "list": []}"#).actual, "dataCorrupted value")
        let mismatches: [(String, (expected: String, actual: String))] = [
            ("number for string", errors(Generic<String>.self, #"{"value": 1, "list": []}"#)),
            ("string for int in a list", errors(Generic<Int>.self, #"{"value": 1, "list": [1, "2"]}"#)),
            ("bool for optional double", errors(Generic<Double>.self, #"{"value": 1, "list": [], "optional": true}"#)),
            ("missing key", errors(Generic<String>.self, #"{"list": []}"#)),
        ]
        for (name, (expected, actual)) in mismatches {
            XCTAssertEqual(actual, expected, name)
        }
    }

    func testDecodeIfPresentTreatsNullAndAbsenceAlike() throws {
        struct Optionals: Decodable, Equatable {
            var a: Int?
            var b: [String]?
            var c: Child?
        }
        let value = try bothDecoders(Optionals.self, #"{"a": null, "c": null}"#)
        XCTAssertEqual(value, Optionals(a: nil, b: nil, c: nil))
        XCTAssertEqual(errors(Optionals.self, #"{"a": "1"}"#).actual, errors(Optionals.self, #"{"a": "1"}"#).expected)
    }

    func testTheClientDecodesFromTheParsedTreeOnlyWithDefaultStrategies() throws {
        XCTAssertTrue(JSONInstanceDecoder.decodesLikeDefault(JSONDecoder()))
        let snakeCase = JSONDecoder()
        snakeCase.keyDecodingStrategy = .convertFromSnakeCase
        XCTAssertFalse(JSONInstanceDecoder.decodesLikeDefault(snakeCase))
        let isoDates = JSONDecoder()
        isoDates.dateDecodingStrategy = .iso8601
        XCTAssertFalse(JSONInstanceDecoder.decodesLikeDefault(isoDates))

        // A client whose decoder converts keys still gets what its decoder says.
        struct Snake: Decodable { var firstName: String }
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, decoder: snakeCase)
        let operation = OperationInfo(id: "getThing", method: "GET", path: "/thing")
        let value = try client.decode(Snake.self, from: .json(#"{"first_name": "Ada"}"#), operation: operation)
        XCTAssertEqual(value.firstName, "Ada")
    }
}
