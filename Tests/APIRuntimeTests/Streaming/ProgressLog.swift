import APIRuntime
import Foundation

/// Progress values reported from URLSession's queue, in the order they arrived.
final class ProgressLog: @unchecked Sendable {
    // Safe to mark @unchecked: `storage` is touched only while `lock` is held.
    private let lock = NSLock()
    private var storage: [TransferProgress] = []

    var values: [TransferProgress] {
        lock.withLock { storage }
    }

    var record: @Sendable (TransferProgress) -> Void {
        { [self] value in lock.withLock { storage.append(value) } }
    }
}
