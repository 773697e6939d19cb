@_spi(Generated) import APIRuntime
@testable import APIRuntimeStore
import Foundation
import XCTest

/// `SQLiteStorage`'s memory of recent responses: what it serves, when it must go back to the file, what it keeps.
final class RecentResponsesTests: TemporaryFolderTestCase {
    private func at(_ seconds: TimeInterval) -> Date {
        StorageConformance.base.addingTimeInterval(seconds)
    }

    private func bodySize(_ storage: SQLiteStorage, _ key: String, at seconds: TimeInterval) async throws -> Int? {
        try await storage.loadResponse(key: key, area: .responses, accessedAt: at(seconds))?.response.body.count
    }

    func testAnotherWritersChangeIsSeenOnceTheGranularityHasPassed() async throws {
        let reader = try SQLiteStorage(path: path)
        try await reader.saveResponse(StorageConformance.entry("e1", bytes: 10), area: .responses)
        // Another connection to the same file (another process would be the same) replaces the entry.
        let writer = try SQLiteStorage(path: path)
        try await writer.saveResponse(StorageConformance.entry("e1", bytes: 20), area: .responses)

        let withinTheGranularity = try await bodySize(reader, "e1", at: 0.5)
        XCTAssertEqual(withinTheGranularity, 10, "served from memory: the file was not read")
        let afterIt = try await bodySize(reader, "e1", at: 1.5)
        XCTAssertEqual(afterIt, 20, "the file is read again once its access time would be refreshed")
        let loaded = try await reader.loadResponse(key: "e1", area: .responses, accessedAt: at(1.7))
        XCTAssertEqual(loaded?.lastAccessedAt, at(1.7), "a read from memory reports the access time asked for")
    }

    func testWithoutMemoryEveryReadGoesToTheFile() async throws {
        let reader = try SQLiteStorage(path: path, memoryCapacity: 0)
        try await reader.saveResponse(StorageConformance.entry("e1", bytes: 10), area: .responses)
        _ = try await bodySize(reader, "e1", at: 0.1)
        let writer = try SQLiteStorage(path: path)
        try await writer.saveResponse(StorageConformance.entry("e1", bytes: 20), area: .responses)
        let size = try await bodySize(reader, "e1", at: 0.5)
        XCTAssertEqual(size, 20)
        XCTAssertEqual(reader.recentResponses.usage.count, 0)
    }

    func testChangesThroughTheSameStorageAreSeenAtOnce() async throws {
        let storage = try SQLiteStorage(path: path)
        try await storage.saveResponse(StorageConformance.entry("e1", bytes: 10), area: .responses)
        _ = try await bodySize(storage, "e1", at: 0.1)
        try await storage.saveResponse(StorageConformance.entry("e1", bytes: 30), area: .responses)
        let replaced = try await bodySize(storage, "e1", at: 0.2)
        XCTAssertEqual(replaced, 30)

        try await storage.removeResponse(key: "e1", area: .responses)
        let removed = try await bodySize(storage, "e1", at: 0.3)
        XCTAssertNil(removed)

        try await storage.saveResponse(StorageConformance.entry("e1", account: "a"), area: .responses)
        try await storage.removeResponses(.account("a"), area: nil)
        let afterAccountRemoval = try await bodySize(storage, "e1", at: 0.4)
        XCTAssertNil(afterAccountRemoval)

        try await storage.saveResponse(StorageConformance.entry("e1"), area: .responses)
        try await storage.purgeResponses(area: .responses, limits: PurgeLimits(maxCount: 0), now: at(0.5))
        let afterPurge = try await bodySize(storage, "e1", at: 0.6)
        XCTAssertNil(afterPurge)

        try await storage.saveResponse(StorageConformance.entry("e1"), area: .responses)
        let otherArea = try await storage.loadResponse(key: "e1", area: .httpCache, accessedAt: at(0.7))
        XCTAssertNil(otherArea, "areas are kept apart in memory as in the file")
        await storage.close()
        do {
            _ = try await bodySize(storage, "e1", at: 0.8)
            XCTFail("a closed store throws, even for a response it held in memory")
        } catch StorageError.failed {}
    }

    func testAMemoryHitNeverKeepsTheFilesAccessTimeFromBeingRefreshed() async throws {
        // LRU eviction orders by the file's access time; reads from memory must not let it go stale.
        let storage = try SQLiteStorage(path: path)
        try await storage.saveResponse(StorageConformance.entry("e1", accessedAt: 0), area: .responses)
        try await storage.saveResponse(StorageConformance.entry("e2", accessedAt: 2), area: .responses)
        _ = try await bodySize(storage, "e1", at: 3)
        try await storage.purgeResponses(area: .responses, limits: PurgeLimits(maxCount: 1), now: at(3))
        let reopened = try SQLiteStorage(path: path, memoryCapacity: 0)
        let kept = try await bodySize(reopened, "e1", at: 4)
        let evicted = try await bodySize(reopened, "e2", at: 4)
        XCTAssertNotNil(kept, "e1 was read at 3, after e2's 2")
        XCTAssertNil(evicted)
    }

    func testReadsFromMemoryAndWritesToTheFileRunConcurrently() async throws {
        // Reads from memory run on the callers' threads while writes run on the storage's queue (also under TSan).
        let storage = try SQLiteStorage(path: path)
        let sizes = [10, 20, 30, 40]
        try await withThrowingTaskGroup(of: [Int?].self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for round in 0..<10 {
                        let entry = StorageConformance.entry("k\(round % 2)", bytes: sizes[(writer + round) % sizes.count])
                        try await storage.saveResponse(entry, area: .responses)
                    }
                    return []
                }
            }
            let readAt = at(0.1)
            for reader in 0..<8 {
                group.addTask {
                    var seen: [Int?] = []
                    for round in 0..<25 {
                        let loaded = try await storage.loadResponse(key: "k\((reader + round) % 2)", area: .responses, accessedAt: readAt)
                        seen.append(loaded?.response.body.count)
                    }
                    return seen
                }
            }
            for try await seen in group {
                for size in seen {
                    XCTAssertTrue(size == nil || sizes.contains(size!), "a read returns a version that was written")
                }
            }
        }
        try await storage.saveResponse(StorageConformance.entry("k0", bytes: 50), area: .responses)
        let last = try await bodySize(storage, "k0", at: 0.2)
        XCTAssertEqual(last, 50)
    }

    func testTheCapacityBoundsWhatIsKeptLeastRecentlyUsedFirst() async throws {
        let entrySize = StorageConformance.entry("e1", bytes: 100).size
        let storage = try SQLiteStorage(path: path, memoryCapacity: entrySize * 4)
        for key in ["e1", "e2", "e3", "e4"] {
            try await storage.saveResponse(StorageConformance.entry(key, bytes: 100), area: .responses)
        }
        XCTAssertEqual(storage.recentResponses.usage.count, 4)
        _ = storage.recentResponses.response(key: "e1", area: .responses, at: at(0.1))
        try await storage.saveResponse(StorageConformance.entry("e5", bytes: 100), area: .responses)
        let kept = ["e1", "e2", "e3", "e4", "e5"].filter {
            storage.recentResponses.response(key: $0, area: .responses, at: at(0.2)) != nil
        }
        XCTAssertEqual(kept, ["e1", "e3", "e4", "e5"], "e2 was used longest ago")
        XCTAssertLessThanOrEqual(storage.recentResponses.usage.bytes, entrySize * 4)

        try await storage.saveResponse(StorageConformance.entry("e3", bytes: entrySize * 2), area: .responses)
        XCTAssertNil(
            storage.recentResponses.response(key: "e3", area: .responses, at: at(0.3)),
            "a response larger than a quarter of the capacity is not kept, and its older version is dropped")
        let fromTheFile = try await bodySize(storage, "e3", at: 0.4)
        XCTAssertEqual(fromTheFile, entrySize * 2)
    }
}
