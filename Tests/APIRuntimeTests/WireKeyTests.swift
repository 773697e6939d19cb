@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// `WireKey`: the coding key generated models use, written as string literals.
final class WireKeyTests: XCTestCase {
    private struct Sample: Codable, Equatable {
        var userName: String
        var weird: Int?

        init(userName: String, weird: Int?) {
            self.userName = userName
            self.weird = weird
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: WireKey.self)
            userName = try container.decode(String.self, forKey: "user_name")
            weird = try container.decodeIfPresent(Int.self, forKey: "we\"ird\\key")
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: WireKey.self)
            try container.encode(userName, forKey: "user_name")
            try container.encodeIfPresent(weird, forKey: "we\"ird\\key")
        }
    }

    func testLiteralKeysNameTheWireMembers() throws {
        let json = Data(#"{"user_name": "ada", "we\"ird\\key": 7, "other": true}"#.utf8)
        let sample = try JSONDecoder().decode(Sample.self, from: json)
        XCTAssertEqual(sample, Sample(userName: "ada", weird: 7))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(sample), as: UTF8.self), #"{"user_name":"ada","we\"ird\\key":7}"#)
    }

    func testMissingKeyErrorNamesTheWireName() {
        XCTAssertThrowsError(try JSONDecoder().decode(Sample.self, from: Data(#"{"userName": "ada"}"#.utf8))) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "user_name")
        }
    }

    func testKeysHaveNoIntegerForm() {
        let key: WireKey = "id"
        XCTAssertEqual(key.stringValue, "id")
        XCTAssertNil(key.intValue)
        XCTAssertNil(WireKey(intValue: 0))
        XCTAssertEqual(WireKey(stringValue: "a b").stringValue, "a b")
    }
}
