import Dispatch

/// Runs an actor's jobs on a serial dispatch queue of its own instead of Swift's cooperative thread pool.
///
/// For actors that block on I/O (SQLite, files): the cooperative pool has one thread per core, so a thread
/// waiting for `fsync` there would hold back every other task of the app.
package final class IOExecutor: SerialExecutor {
    private static let marker = DispatchSpecificKey<ObjectIdentifier>()
    private let queue: DispatchQueue

    /// An executor over a new serial queue named `label` (it shows in debuggers and crash logs).
    package init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: Self.marker, value: ObjectIdentifier(self))
    }

    package func enqueue(_ job: UnownedJob) {
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    package func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Whether the calling code runs on this executor's queue (for tests and preconditions).
    package var isCurrent: Bool {
        DispatchQueue.getSpecific(key: Self.marker) == ObjectIdentifier(self)
    }
}
