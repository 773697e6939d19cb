@_spi(Generated) import APIRuntime
import Foundation

/// A value behind a lock, for test handlers and mocks that run concurrently.
final class TestLock<Value>: @unchecked Sendable {
    // @unchecked Sendable is safe: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value {
        withLock { $0 }
    }
}

/// Collects events from an `EventBus` stream in the background.
final class EventCollector: @unchecked Sendable {
    // @unchecked Sendable is safe: `events` is a TestLock and `task` is set once in init.
    private let events = TestLock<[ClientEvent]>([])
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<ClientEvent>) {
        task = Task { [events] in
            for await event in stream {
                events.withLock { $0.append(event) }
            }
        }
    }

    deinit {
        task?.cancel()
    }

    var all: [ClientEvent] {
        events.current
    }

    /// Waits (up to a generous bound) until `condition` holds for the collected events.
    func wait(timeout: TimeInterval = 10, until condition: ([ClientEvent]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition(all) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(all)
    }
}
