@_spi(Generated) import APIRuntime
@testable import APIRuntimeStore
import Foundation
import XCTest

final class SQLiteStorageTests: TemporaryFolderTestCase {
    func testResponses() async throws {
        try await StorageConformance.checkResponses(try SQLiteStorage(path: path))
    }

    func testPurge() async throws {
        try await StorageConformance.checkPurge(try SQLiteStorage(path: path))
    }

    func testHitsWithinASecondDoNotRewriteTheAccessTime() async throws {
        // A hit is a read, not a synced write: the access time (LRU order only) is refreshed at most once a second.
        let storage = try SQLiteStorage(path: path)
        let base = StorageConformance.base
        try await storage.saveResponse(StorageConformance.entry("e1", accessedAt: 10), area: .responses)
        try await storage.saveResponse(StorageConformance.entry("e2", accessedAt: 10.4), area: .responses)
        _ = try await storage.loadResponse(key: "e1", area: .responses, accessedAt: base.addingTimeInterval(10.5))
        let value1 = try await storage.purgeResponses(area: .responses, limits: PurgeLimits(maxCount: 1), now: base)
        XCTAssertEqual(value1, 1)
        let value2 = try await storage.loadResponse(key: "e1", area: .responses, accessedAt: base)
        XCTAssertNil(value2, "e1's access time stayed at 10")
        let value3 = try await storage.loadResponse(key: "e2", area: .responses, accessedAt: base)
        XCTAssertNotNil(value3)
    }

    func testQueue() async throws {
        try await StorageConformance.checkQueue(try SQLiteStorage(path: path))
    }

    func testUsesWALAndKeepsDataAcrossReopening() async throws {
        let storage = try SQLiteStorage(path: path)
        let journalMode = try await storage.journalMode()
        XCTAssertEqual(journalMode, "wal")
        try await storage.saveResponse(StorageConformance.entry("kept"), area: .responses)
        _ = try await storage.appendQueueEntries([StorageConformance.queued("q")])
        await storage.close()
        let isOpen = await storage.isOpen
        XCTAssertFalse(isOpen)
        do {
            _ = try await storage.queueCount(state: .pending, scope: .all)
            XCTFail("a closed store throws")
        } catch StorageError.failed {}

        let reopened = try SQLiteStorage(path: path)
        let value4 = try await reopened.loadResponse(key: "kept", area: .responses, accessedAt: Date())
        XCTAssertNotNil(value4)
        let value5 = try await reopened.queueEntries(state: .pending, scope: .all, limit: nil).map(\.operation.id)
        XCTAssertEqual(value5, ["q"])
    }

    func testAFileThatIsNotADatabaseIsReplacedByAnEmptyStoreWithAnEvent() async throws {
        try Data("this is not a database, just some text that is long enough to be a header".utf8)
            .write(to: URL(fileURLWithPath: path))
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let storage = try SQLiteStorage(path: path, events: events)
        let value6 = try await storage.queueCount(state: .pending, scope: .all)
        XCTAssertEqual(value6, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".corrupt"), "the damaged file is kept aside")
        let reported = await collector.wait { $0.contains { if case .storageError = $0 { true } else { false } } }
        XCTAssertTrue(reported)
        _ = try await storage.appendQueueEntries([StorageConformance.queued("after")])
        let value7 = try await SQLiteStorage(path: path).queueCount(state: .pending, scope: .all)
        XCTAssertEqual(value7, 1)
    }

    func testAnUnopenablePathIsATypedErrorNeverAMemoryFallback() async throws {
        // A directory where the file should be: nothing can be opened, and nothing may pretend it was.
        XCTAssertThrowsError(try SQLiteStorage(path: directory.path)) { error in
            guard case StorageError.cannotOpen(let path, _)? = error as? StorageError else {
                return XCTFail("expected StorageError.cannotOpen, got \(error)")
            }
            XCTAssertEqual(path, directory.path)
        }
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue,
                      "the path is left alone")
        let missingFolder = directory.appendingPathComponent("no/such/folder/store.sqlite")
        XCTAssertThrowsError(try SQLiteStorage(url: missingFolder)) { error in
            guard case StorageError.cannotOpen? = error as? StorageError else { return XCTFail("\(error)") }
        }
    }

    func testSQLiteRunsOnTheStoragesOwnQueueNotTheCooperativePool() async throws {
        let storage = try SQLiteStorage(path: path)
        let onOwnQueue = await storage.runsOnOwnQueue
        XCTAssertTrue(onOwnQueue, "isolated storage code runs on the storage's dispatch queue")
        let elsewhere = await Task.detached { IOExecutor(label: "other").isCurrent }.value
        XCTAssertFalse(elsewhere, "a task on the cooperative pool is not on an executor's queue")
    }

    func testADamagedPageIsHandledAsEmptyNeverACrash() async throws {
        let storage = try SQLiteStorage(path: path)
        for index in 0..<200 {
            try await storage.saveResponse(StorageConformance.entry("k\(index)", bytes: 2_000), area: .responses)
        }
        await storage.close()
        // Overwrite the middle of the file (past the header and schema pages) with garbage.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        handle.write(Data(repeating: 0xA5, count: 64 * 1_024))
        try handle.close()

        let events = EventBus()
        let collector = EventCollector(events.stream())
        let damaged = try SQLiteStorage(path: path, events: events)
        var failures = 0
        for index in 0..<200 {
            do {
                _ = try await damaged.loadResponse(key: "k\(index)", area: .responses, accessedAt: Date())
            } catch let error as StorageError {
                guard case .corrupt = error else { return XCTFail("\(error)") }
                failures += 1
            }
        }
        do {
            _ = try await damaged.purgeResponses(area: .responses, limits: PurgeLimits(maxCount: 1), now: Date())
        } catch StorageError.corrupt {
            failures += 1   // the purge may be what meets the damage
        }
        // Whichever operation met the damage replaced the file; the store works and is empty or intact.
        try await damaged.saveResponse(StorageConformance.entry("fresh"), area: .responses)
        let value10 = try await damaged.loadResponse(key: "fresh", area: .responses, accessedAt: Date())
        XCTAssertNotNil(value10)
        let reported = await collector.wait { $0.contains { if case .storageError = $0 { true } else { false } } }
        XCTAssertTrue(reported, "64 KiB of garbage in a 400 KiB file must be noticed and reported")
        XCTAssertLessThanOrEqual(failures, 1, "after the first failure the store is replaced, so later reads work")
    }

    func testConcurrentUseFromManyTasks() async throws {
        let storage = try SQLiteStorage(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try await storage.saveResponse(StorageConformance.entry("c\(index)"), area: .responses)
                    _ = try await storage.appendQueueEntries([StorageConformance.queued("q\(index)")])
                    _ = try await storage.loadResponse(key: "c\(index / 2)", area: .responses, accessedAt: Date())
                }
            }
            try await group.waitForAll()
        }
        let value11 = try await storage.responseUsage(area: .responses).count
        XCTAssertEqual(value11, 40)
        let sequences = try await storage.queueEntries(state: .pending, scope: .all, limit: nil).map(\.sequence)
        XCTAssertEqual(sequences.count, 40)
        XCTAssertEqual(sequences, sequences.sorted())
    }

    func testRemovingAnAccountsDataIsOneCall() async throws {
        let storage = try SQLiteStorage(path: path)
        try await storage.saveResponse(StorageConformance.entry("r", account: "ann"), area: .responses)
        try await storage.saveResponse(StorageConformance.entry("h", account: "ann"), area: .httpCache)
        try await storage.saveResponse(StorageConformance.entry("b", account: "bob"), area: .responses)
        _ = try await storage.appendQueueEntries([StorageConformance.queued("q", account: "ann"), StorageConformance.queued("p", account: "bob")])
        try await storage.removeAllData(.account("ann"))
        let value12 = try await storage.responseUsage(area: .responses).count
        XCTAssertEqual(value12, 1)
        let value13 = try await storage.responseUsage(area: .httpCache).count
        XCTAssertEqual(value13, 0)
        let value14 = try await storage.queueEntries(state: .pending, scope: .all, limit: nil).map(\.account)
        XCTAssertEqual(value14, ["bob"])
    }
}
