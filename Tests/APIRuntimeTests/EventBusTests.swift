@_spi(Generated) @testable import APIRuntime
import Foundation
import XCTest

final class EventBusTests: XCTestCase {
    func testEveryObserverReceivesEveryEventInOrder() async throws {
        let bus = EventBus()
        let first = bus.stream()
        let second = bus.stream()
        XCTAssertEqual(bus.observerCount, 2)
        bus.emit(.authRefreshed)
        bus.emit(.storageError(message: "x"))
        bus.emit(.validationFailed(operation: "op", message: "bad"))

        for stream in [first, second] {
            var iterator = stream.makeAsyncIterator()
            var names: [String] = []
            for _ in 0..<3 {
                guard let event = await iterator.next() else { break }
                names.append(Self.name(event))
            }
            XCTAssertEqual(names, ["authRefreshed", "storageError", "validationFailed"])
        }
    }

    func testAnObserverThatStopsIsRemovedAndOthersKeepReceiving() async throws {
        let bus = EventBus()
        let kept = bus.stream()
        let task = Task {
            for await _ in bus.stream() {}
        }
        try await Task.sleep(for: .milliseconds(20))
        XCTAssertEqual(bus.observerCount, 2)
        task.cancel()
        for _ in 0..<200 where bus.observerCount != 1 {
            try await Task.sleep(for: .milliseconds(5))
        }
        XCTAssertEqual(bus.observerCount, 1)
        bus.emit(.authRefreshed)
        var iterator = kept.makeAsyncIterator()
        let event = await iterator.next()
        XCTAssertEqual(event.map(Self.name), "authRefreshed")
    }

    func testASlowObserverKeepsOnlyTheNewestEvents() async throws {
        let bus = EventBus(bufferSize: 2)
        let stream = bus.stream()
        for index in 0..<5 {
            bus.emit(.storageError(message: String(index)))
        }
        var iterator = stream.makeAsyncIterator()
        var messages: [String] = []
        for _ in 0..<2 {
            if case .storageError(let message)? = await iterator.next() {
                messages.append(message)
            }
        }
        XCTAssertEqual(messages, ["3", "4"])
    }

    static func name(_ event: ClientEvent) -> String {
        String(String(describing: event).prefix { $0 != "(" })
    }
}
