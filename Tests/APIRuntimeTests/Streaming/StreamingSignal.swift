import Foundation

/// A one-shot flag a test and a loopback server thread hand each other ("the server sent the first half", "go on").
final class StreamingSignal: @unchecked Sendable {
    // @unchecked is safe: `raised` is only touched while `condition` is locked.
    private let condition = NSCondition()
    private var raised = false

    func raise() {
        condition.lock()
        raised = true
        condition.broadcast()
        condition.unlock()
    }

    var isRaised: Bool {
        condition.lock()
        defer { condition.unlock() }
        return raised
    }

    /// Blocks the calling thread (a server thread, never a test task) until raised or `timeout` seconds passed.
    @discardableResult
    func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !raised {
            if !condition.wait(until: deadline) { return raised }
        }
        return true
    }

    /// Waits from a task, polling, so no cooperative thread is blocked.
    func waitAsync(timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !isRaised, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return isRaised
    }
}
