@_spi(Generated) import APIRuntime
import APIRuntimeTesting
import Foundation
import XCTest

final class ManualClockTests: XCTestCase {
    func testSleepingMovesTimeToTheDeadlineAndRecordsTheWait() async throws {
        let clock = ManualClock(date: Date(timeIntervalSince1970: 1_000))
        try await clock.sleep(for: .seconds(2))
        XCTAssertEqual(clock.uptime(), .seconds(2))
        XCTAssertEqual(clock.now(), Date(timeIntervalSince1970: 1_002))
        try await clock.sleep(until: .seconds(1))
        XCTAssertEqual(clock.uptime(), .seconds(2), "a past deadline does not move time")
        clock.advance(by: .milliseconds(500))
        XCTAssertEqual(clock.now(), Date(timeIntervalSince1970: 1_002.5))
        XCTAssertEqual(clock.sleeps, [.seconds(2)])
    }

    func testConcurrentSleepersEndAtTheLatestDeadline() async throws {
        let clock = ManualClock()
        await withTaskGroup(of: Void.self) { group in
            for seconds in [3, 1, 2] {
                group.addTask { try? await clock.sleep(until: .seconds(seconds)) }
            }
        }
        XCTAssertEqual(clock.uptime(), .seconds(3))
    }

    func testSystemClockSleepsForRealAndChecksCancellation() async throws {
        let clock = SystemClock()
        let start = clock.uptime()
        try await clock.sleep(for: .milliseconds(30))
        XCTAssertGreaterThanOrEqual(clock.uptime() - start, .milliseconds(30))
        let task = Task {
            try await clock.sleep(for: .seconds(30))
        }
        task.cancel()
        do {
            try await task.value
            XCTFail("expected cancellation")
        } catch is CancellationError {
        }
    }
}
