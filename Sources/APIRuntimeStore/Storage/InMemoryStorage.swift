import APIRuntime
import Foundation

/// A ``RuntimeStorage`` that keeps everything in memory: for tests, previews and apps that want no files.
/// Behaves like ``SQLiteStorage`` (same ordering, purging and atomicity) but forgets everything on exit.
public final class InMemoryStorage: RuntimeStorage {
    private struct State {
        var responses: [StorageArea: [String: StoredResponse]] = [:]
        var queue: [QueuedRequest] = []
        var nextSequence: Int64 = 1
    }

    private let state = Locked(State())

    /// An empty storage.
    public init() {}

    /// See ``ResponseStorage/loadResponse(key:area:accessedAt:)``.
    public func loadResponse(key: String, area: StorageArea, accessedAt: Date) throws -> StoredResponse? {
        state.withLock { state in
            guard var entry = state.responses[area]?[key] else { return nil }
            entry.lastAccessedAt = accessedAt
            state.responses[area, default: [:]][key] = entry
            return entry
        }
    }

    /// See ``ResponseStorage/saveResponse(_:area:)``.
    public func saveResponse(_ entry: StoredResponse, area: StorageArea) throws {
        state.withLock { $0.responses[area, default: [:]][entry.key] = entry }
    }

    /// See ``ResponseStorage/removeResponse(key:area:)``.
    public func removeResponse(key: String, area: StorageArea) throws {
        state.withLock { _ = $0.responses[area]?.removeValue(forKey: key) }
    }

    /// See ``ResponseStorage/removeResponses(_:area:)``.
    public func removeResponses(_ scope: AccountScope, area: StorageArea?) throws {
        state.withLock { state in
            for candidate in StorageArea.allCases where area == nil || area == candidate {
                state.responses[candidate] = state.responses[candidate]?.filter { !scope.contains($0.value.account) }
            }
        }
    }

    /// See ``ResponseStorage/purgeResponses(area:limits:now:)``.
    @discardableResult
    public func purgeResponses(area: StorageArea, limits: PurgeLimits, now: Date) throws -> Int {
        state.withLock { state in
            let entries = state.responses[area] ?? [:]
            // Most recently used first; the key breaks ties so the order is deterministic.
            var kept = entries.values.sorted {
                $0.lastAccessedAt != $1.lastAccessedAt ? $0.lastAccessedAt > $1.lastAccessedAt : $0.key > $1.key
            }
            if let maxAge = limits.maxAge {
                kept.removeAll { now.timeIntervalSince($0.responseTime) > maxAge }
            }
            if let expiredBefore = limits.expiredBefore {
                kept.removeAll { $0.expiresAt.map { $0 < expiredBefore } ?? false }
            }
            if let maxCount = limits.maxCount, kept.count > maxCount {
                kept.removeLast(kept.count - max(0, maxCount))
            }
            if let maxBytes = limits.maxBytes {
                var total = 0
                kept = Array(kept.prefix { entry in
                    total += entry.size
                    return total <= maxBytes
                })
            }
            state.responses[area] = Dictionary(uniqueKeysWithValues: kept.map { ($0.key, $0) })
            return entries.count - kept.count
        }
    }

    /// See ``ResponseStorage/responseUsage(area:)``.
    public func responseUsage(area: StorageArea) throws -> StorageUsage {
        state.withLock { state in
            let entries = state.responses[area]?.values.map { $0 } ?? []
            return StorageUsage(count: entries.count, bytes: entries.reduce(0) { $0 + $1.size })
        }
    }

    /// See ``QueueStorage/appendQueueEntries(_:)``.
    public func appendQueueEntries(_ entries: [QueuedRequest]) throws -> [QueuedRequest] {
        state.withLock { state in
            entries.map { entry in
                var stored = entry
                stored.sequence = state.nextSequence
                state.nextSequence += 1
                state.queue.append(stored)
                return stored
            }
        }
    }

    /// See ``QueueStorage/queueEntries(state:scope:limit:)``.
    public func queueEntries(state entryState: QueuedRequest.State, scope: AccountScope, limit: Int?) throws
        -> [QueuedRequest]
    {
        state.withLock { state in
            let matching = state.queue.filter { $0.state == entryState && scope.contains($0.account) }
            return limit.map { Array(matching.prefix($0)) } ?? matching
        }
    }

    /// See ``QueueStorage/updateQueueEntry(_:)``.
    public func updateQueueEntry(_ entry: QueuedRequest) throws {
        state.withLock { state in
            guard let index = state.queue.firstIndex(where: { $0.id == entry.id }) else { return }
            var updated = entry
            updated.sequence = state.queue[index].sequence
            state.queue[index] = updated
        }
    }

    /// See ``QueueStorage/removeQueueEntry(id:)``.
    public func removeQueueEntry(id: String) throws {
        state.withLock { $0.queue.removeAll { $0.id == id } }
    }

    /// See ``QueueStorage/removeQueueEntries(_:)``.
    public func removeQueueEntries(_ scope: AccountScope) throws {
        state.withLock { $0.queue.removeAll { scope.contains($0.account) } }
    }

    /// See ``QueueStorage/queueCount(state:scope:)``.
    public func queueCount(state entryState: QueuedRequest.State, scope: AccountScope) throws -> Int {
        state.withLock { state in
            state.queue.count { $0.state == entryState && scope.contains($0.account) }
        }
    }
}
