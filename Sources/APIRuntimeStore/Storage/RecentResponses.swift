@_spi(Generated) import APIRuntime
import Foundation

/// The responses a ``SQLiteStorage`` read or wrote most recently, kept in memory so that a repeated cache hit is
/// answered on the caller's thread: a read from the file runs on the storage's own queue, and the two thread
/// switches of that trip cost more than the rest of a hit.
///
/// An entry is served only while the file's access time for it is less than
/// ``SQLiteStorage/accessTimeGranularity`` old, the interval within which the file is not updated on a read anyway.
/// That keeps LRU eviction as it was, and bounds how long a change made through another connection to the same
/// file (another process, another `SQLiteStorage`) can go unseen. Changes through the same storage replace or drop
/// the entry before the call returns.
final class RecentResponses: Sendable {
    private struct Slot {
        var response: StoredResponse
        /// The entry's `accessed_at` in the file.
        var fileAccessedAt: Date
        /// Orders eviction: the slot used longest ago goes first.
        var lastUse: UInt64
    }

    private struct Key: Hashable {
        let area: StorageArea
        let key: String
    }

    private struct State {
        var slots: [Key: Slot] = [:]
        var bytes = 0
        var uses: UInt64 = 0
    }

    /// The most bytes (``StoredResponse/size``) kept; 0 keeps nothing.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The entry under `key` with its access time set to `now`, if it is kept and its file access time is recent
    /// enough that the file would not be updated by this read.
    func response(key: String, area: StorageArea, at now: Date) -> StoredResponse? {
        guard capacity > 0 else { return nil }
        return state.withLock { state in
            let slotKey = Key(area: area, key: key)
            guard var slot = state.slots[slotKey],
                  now.timeIntervalSince(slot.fileAccessedAt) < SQLiteStorage.accessTimeGranularity
            else { return nil }
            state.uses &+= 1
            slot.lastUse = state.uses
            state.slots[slotKey] = slot
            var response = slot.response
            response.lastAccessedAt = now
            return response
        }
    }

    /// Keeps `response` as the file now holds it, `fileAccessedAt` being its `accessed_at` there. A response larger
    /// than a quarter of the capacity is not kept (and drops any older entry under its key).
    func remember(_ response: StoredResponse, area: StorageArea, fileAccessedAt: Date) {
        guard capacity > 0 else { return }
        let slotKey = Key(area: area, key: response.key)
        let size = response.size
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: slotKey) {
                state.bytes -= old.response.size
            }
            guard size <= capacity / 4 else { return }
            while state.bytes + size > capacity, let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.slots[oldest.key] = nil
                state.bytes -= oldest.value.response.size
            }
            state.uses &+= 1
            state.slots[slotKey] = Slot(response: response, fileAccessedAt: fileAccessedAt, lastUse: state.uses)
            state.bytes += size
        }
    }

    /// Drops the entry under `key`, if kept.
    func forget(key: String, area: StorageArea) {
        state.withLock { state in
            if let old = state.slots.removeValue(forKey: Key(area: area, key: key)) {
                state.bytes -= old.response.size
            }
        }
    }

    /// Drops every entry (after a change that may touch many: removing an account, a purge, closing, damage).
    func forgetAll() {
        state.withLock { state in
            state.slots.removeAll()
            state.bytes = 0
        }
    }

    /// How many entries and bytes are kept (for tests).
    var usage: (count: Int, bytes: Int) {
        state.withLock { ($0.slots.count, $0.bytes) }
    }
}
