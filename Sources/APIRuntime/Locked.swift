import Foundation

/// A value guarded by a lock. `NSLock` rather than `Synchronization.Mutex` because the package supports
/// macOS 13 / iOS 16, where `Mutex` is unavailable.
package final class Locked<Value>: @unchecked Sendable {
    // Safe to mark @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
