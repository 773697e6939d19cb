@_spi(Generated) @testable import APIRuntime
@testable import APIRuntimeTesting
import Foundation
import XCTest

/// Counts how often it is decoded, to see which calls really decode.
private struct Counted: Decodable, Sendable {
    static let decodes = Locked(0)
    let value: Int
    init(from decoder: any Decoder) throws {
        Self.decodes.withLock { $0 += 1 }
        value = try decoder.singleValueContainer().decode(Int.self)
    }
}

final class LocalResultMemoTests: XCTestCase {
    private let operation = OperationInfo(id: "getCount", method: "GET", path: "/count")

    func testLocalResponsesAreDecodedOnceNetworkResponsesEveryTime() throws {
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: MockTransport())
        var local = APIResponse.json("41")
        local.isLocal = true
        let before = Counted.decodes.withLock { $0 }
        XCTAssertEqual(try client.decode(Counted.self, from: local, operation: operation).value, 41)
        XCTAssertEqual(try client.decode(Counted.self, from: local, operation: operation).value, 41)
        XCTAssertEqual(Counted.decodes.withLock { $0 } - before, 1, "the second local decode is the stored result")
        var changed = APIResponse.json("42")
        changed.isLocal = true
        XCTAssertEqual(try client.decode(Counted.self, from: changed, operation: operation).value, 42, "other bytes decode again")
        let network = APIResponse.json("41")
        _ = try client.decode(Counted.self, from: network, operation: operation)
        _ = try client.decode(Counted.self, from: network, operation: operation)
        XCTAssertEqual(Counted.decodes.withLock { $0 } - before, 4, "network responses are always decoded")
    }

    func testOnlyValidLocalBodiesAreRemembered() {
        let client = APIClient(baseURL: URL(string: "https://api.test")!, transport: MockTransport())
        var local = APIResponse.json(#"{"n": 1}"#)
        local.isLocal = true
        let runs = Locked(0)
        let counting: (JSONInstance, ValidationContext) -> Bool = { instance, context in
            runs.withLock { $0 += 1 }
            if case .object(let object) = instance, object["n"] == .number(JSONNumber(1 as Int64)) { return true }
            context.fail(keyword: "const", keywordLocation: "/const", schemaLocation: "s#", message: "not 1")
            return false
        }
        XCTAssertNoThrow(try client.validateResponse(local, operation: operation, mode: .reject, validator: counting))
        XCTAssertNoThrow(try client.validateResponse(local, operation: operation, mode: .reject, validator: counting))
        XCTAssertEqual(runs.withLock { $0 }, 1)
        var invalid = APIResponse.json(#"{"n": 2}"#)
        invalid.isLocal = true
        XCTAssertThrowsError(try client.validateResponse(invalid, operation: operation, mode: .reject, validator: counting))
        XCTAssertThrowsError(try client.validateResponse(invalid, operation: operation, mode: .reject, validator: counting))
        XCTAssertEqual(runs.withLock { $0 }, 3, "a failure is never remembered")
    }

    func testCapacityAndSizeBounds() {
        let memo = LocalResultMemo()
        for index in 0..<(LocalResultMemo.capacity + 1) {
            memo.store(index, kind: .body, operation: "op", body: Data("\(index)".utf8))
        }
        XCTAssertNil(memo.value(Int.self, kind: .body, operation: "op", body: Data("0".utf8)), "the oldest is dropped")
        XCTAssertEqual(memo.value(Int.self, kind: .body, operation: "op", body: Data("1".utf8)), 1)
        XCTAssertNil(memo.value(String.self, kind: .body, operation: "op", body: Data("1".utf8)), "types are kept apart")
        XCTAssertTrue(memo.value(Int?.self, kind: .envelope, operation: "op", body: Data("9".utf8)) == nil,
                      "nothing stored is nil, also for an optional type")
        memo.store(nil as Int?, kind: .envelope, operation: "op", body: Data("9".utf8))
        XCTAssertEqual(memo.value(Int?.self, kind: .envelope, operation: "op", body: Data("9".utf8)), .some(nil))
        let large = Data(count: LocalResultMemo.maxBodySize + 1)
        memo.store(1, kind: .body, operation: "op", body: large)
        XCTAssertNil(memo.value(Int.self, kind: .body, operation: "op", body: large))
    }

    /// Large bodies as a cache serves them: each hit is a fresh copy of the stored bytes, looked up for several steps.
    func testLargeBodiesMatchByContentWhicheverCopyIsLookedUp() {
        let memo = LocalResultMemo()
        func body(_ middle: UInt8) -> Data {
            var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 4_096)
            bytes[2_048] = middle
            return Data(bytes)
        }
        memo.store(1, kind: .valid, operation: "op", body: body(1))
        memo.store(2, kind: .body, operation: "op", body: body(1))
        memo.store(3, kind: .body, operation: "op", body: body(2))
        for _ in 0..<3 {
            let hit = body(1)  // a new buffer each time, equal bytes
            XCTAssertEqual(memo.value(Int.self, kind: .valid, operation: "op", body: hit), 1)
            XCTAssertEqual(memo.value(Int.self, kind: .body, operation: "op", body: hit), 2)
            XCTAssertNil(memo.value(Int.self, kind: .envelope, operation: "op", body: hit))
            // Same length and same ends, different middle: never taken for the remembered body.
            XCTAssertEqual(memo.value(Int.self, kind: .body, operation: "op", body: body(2)), 3)
            XCTAssertNil(memo.value(Int.self, kind: .body, operation: "op", body: body(3)))
            XCTAssertEqual(memo.value(Int.self, kind: .body, operation: "op", body: hit), 2)
        }
        XCTAssertTrue(LocalResultMemo.sameBuffer(body(1).subdata(in: 0..<4_096), body(1)) == false, "equal bytes, other buffers")
        let one = body(1)
        XCTAssertTrue(LocalResultMemo.sameBuffer(one, one))
        XCTAssertFalse(LocalResultMemo.sameBuffer(Data("short".utf8), Data("short".utf8)), "inline bodies are never same-buffer")
    }

    func testEqualityIgnoresWhereTheResponseCameFrom() {
        var local = APIResponse.json("1")
        local.isLocal = true
        XCTAssertEqual(local, APIResponse.json("1"))
    }
}
