@_spi(Generated) import APIRuntime
import Foundation
import XCTest

/// Runs the unions apigen generates for schemas that list each other (Support/GeneratedUnionCycle.swift): without
/// the guard, decoding a value that matches neither's own variant recursed until the stack overflowed.
final class UnionRecursionGuardTests: XCTestCase {
    func testEachUnionFindsTheOthersVariant() throws {
        XCTAssertEqual(try decode(CycleShape.self, "\"a\""), .string("a"))
        XCTAssertEqual(try decode(CycleShape.self, "7"), .cycleFigure(.int(7)))
        XCTAssertEqual(try decode(CycleFigure.self, "7"), .int(7))
        XCTAssertEqual(try decode(CycleFigure.self, "\"a\""), .cycleShape(.string("a")))
    }

    func testAValueNeitherMatchesIsADecodingErrorNotAStackOverflow() {
        XCTAssertThrowsError(try decode(CycleShape.self, "true")) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.debugDescription, "the value matches none of the variants")
        }
        XCTAssertThrowsError(try decode([CycleFigure].self, "[1, {}]"))
    }

    func testTheSameUnionDecodesAgainAtOtherPlacesAndInLaterValues() throws {
        XCTAssertEqual(try decode([CycleShape].self, "[\"a\", 1, \"b\"]"), [.string("a"), .cycleFigure(.int(1)), .string("b")])
        // Nothing stays marked once a decode has finished, failed or not.
        XCTAssertThrowsError(try decode(CycleShape.self, "null"))
        XCTAssertEqual(try decode(CycleShape.self, "2"), .cycleFigure(.int(2)))
    }

    func testConcurrentDecodesDoNotSeeEachOthersAttempts() async throws {
        try await withThrowingTaskGroup(of: CycleShape.self) { group in
            for index in 0..<50 {
                let json = index.isMultiple(of: 2) ? "\(index)" : "\"\(index)\""
                group.addTask { try JSONDecoder().decode(CycleShape.self, from: Data(json.utf8)) }
            }
            var decoded = 0
            for try await _ in group { decoded += 1 }
            XCTAssertEqual(decoded, 50)
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }
}
