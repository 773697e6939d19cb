import APIRuntime
import APIRuntimeStore
import Foundation
import XCTest

final class SQLiteStorageTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var path: String {
        directory.appendingPathComponent("store.sqlite").path
    }

    func testResponses() throws {
        try StorageConformance.checkResponses(SQLiteStorage(path: path))
    }

    func testPurge() throws {
        try StorageConformance.checkPurge(SQLiteStorage(path: path))
    }

    func testHitsWithinASecondDoNotRewriteTheAccessTime() throws {
        // A hit is a read, not a synced write: the access time (LRU order only) is refreshed at most once a second.
        let storage = SQLiteStorage(path: path)
        let base = StorageConformance.base
        try storage.saveResponse(StorageConformance.entry("e1", accessedAt: 10), area: .responses)
        try storage.saveResponse(StorageConformance.entry("e2", accessedAt: 10.4), area: .responses)
        _ = try storage.loadResponse(key: "e1", area: .responses, accessedAt: base.addingTimeInterval(10.5))
        XCTAssertEqual(try storage.purgeResponses(area: .responses, limits: PurgeLimits(maxCount: 1), now: base), 1)
        XCTAssertNil(try storage.loadResponse(key: "e1", area: .responses, accessedAt: base), "e1's access time stayed at 10")
        XCTAssertNotNil(try storage.loadResponse(key: "e2", area: .responses, accessedAt: base))
    }

    func testQueue() throws {
        try StorageConformance.checkQueue(SQLiteStorage(path: path))
    }

    func testUsesWALAndKeepsDataAcrossReopening() throws {
        let storage = SQLiteStorage(path: path)
        XCTAssertEqual(storage.journalMode, "wal")
        XCTAssertTrue(storage.isPersistent)
        try storage.saveResponse(StorageConformance.entry("kept"), area: .responses)
        _ = try storage.appendQueueEntries([StorageConformance.queued("q")])
        storage.close()
        XCTAssertThrowsError(try storage.queueCount(state: .pending, scope: .all))

        let reopened = SQLiteStorage(path: path)
        XCTAssertNotNil(try reopened.loadResponse(key: "kept", area: .responses, accessedAt: Date()))
        XCTAssertEqual(try reopened.queueEntries(state: .pending, scope: .all, limit: nil).map(\.operation.id), ["q"])
    }

    func testAFileThatIsNotADatabaseIsReplacedByAnEmptyStoreWithAnEvent() async throws {
        try Data("this is not a database, just some text that is long enough to be a header".utf8)
            .write(to: URL(fileURLWithPath: path))
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let storage = SQLiteStorage(path: path, events: events)
        XCTAssertTrue(storage.isPersistent)
        XCTAssertEqual(try storage.queueCount(state: .pending, scope: .all), 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".corrupt"), "the damaged file is kept aside")
        let reported = await collector.wait { $0.contains { if case .storageError = $0 { true } else { false } } }
        XCTAssertTrue(reported)
        _ = try storage.appendQueueEntries([StorageConformance.queued("after")])
        XCTAssertEqual(try SQLiteStorage(path: path).queueCount(state: .pending, scope: .all), 1)
    }

    func testAnUnopenablePathFallsBackToMemoryWithoutTouchingIt() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let storage = SQLiteStorage(path: directory.path, events: events)
        XCTAssertFalse(storage.isPersistent)
        try storage.saveResponse(StorageConformance.entry("m"), area: .responses)
        XCTAssertNotNil(try storage.loadResponse(key: "m", area: .responses, accessedAt: Date()))
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        let reported = await collector.wait { $0.contains { if case .storageError = $0 { true } else { false } } }
        XCTAssertTrue(reported)
    }

    func testADamagedPageIsHandledAsEmptyNeverACrash() async throws {
        let storage = SQLiteStorage(path: path)
        for index in 0..<200 {
            try storage.saveResponse(StorageConformance.entry("k\(index)", bytes: 2_000), area: .responses)
        }
        storage.close()
        // Overwrite the middle of the file (past the header and schema pages) with garbage.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2)
        handle.write(Data(repeating: 0xA5, count: 64 * 1_024))
        try handle.close()

        let events = EventBus()
        let collector = EventCollector(events.stream())
        let damaged = SQLiteStorage(path: path, events: events)
        var failures = 0
        for index in 0..<200 {
            do {
                _ = try damaged.loadResponse(key: "k\(index)", area: .responses, accessedAt: Date())
            } catch let error as StorageError {
                guard case .corrupt = error else { return XCTFail("\(error)") }
                failures += 1
            }
        }
        _ = try? damaged.purgeResponses(area: .responses, limits: PurgeLimits(maxCount: 1), now: Date())
        // Whichever operation met the damage replaced the file; the store works and is empty or intact.
        try damaged.saveResponse(StorageConformance.entry("fresh"), area: .responses)
        XCTAssertNotNil(try damaged.loadResponse(key: "fresh", area: .responses, accessedAt: Date()))
        let reported = await collector.wait { $0.contains { if case .storageError = $0 { true } else { false } } }
        XCTAssertTrue(reported, "64 KiB of garbage in a 400 KiB file must be noticed and reported")
        XCTAssertLessThanOrEqual(failures, 1, "after the first failure the store is replaced, so later reads work")
    }

    func testConcurrentUseFromManyTasks() async throws {
        let storage = SQLiteStorage(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    try storage.saveResponse(StorageConformance.entry("c\(index)"), area: .responses)
                    _ = try storage.appendQueueEntries([StorageConformance.queued("q\(index)")])
                    _ = try storage.loadResponse(key: "c\(index / 2)", area: .responses, accessedAt: Date())
                }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(try storage.responseUsage(area: .responses).count, 40)
        let sequences = try storage.queueEntries(state: .pending, scope: .all, limit: nil).map(\.sequence)
        XCTAssertEqual(sequences.count, 40)
        XCTAssertEqual(sequences, sequences.sorted())
    }

    func testRemovingAnAccountsDataIsOneCall() throws {
        let storage = SQLiteStorage(path: path)
        try storage.saveResponse(StorageConformance.entry("r", account: "ann"), area: .responses)
        try storage.saveResponse(StorageConformance.entry("h", account: "ann"), area: .httpCache)
        try storage.saveResponse(StorageConformance.entry("b", account: "bob"), area: .responses)
        _ = try storage.appendQueueEntries([StorageConformance.queued("q", account: "ann"), StorageConformance.queued("p", account: "bob")])
        try storage.removeAllData(.account("ann"))
        XCTAssertEqual(try storage.responseUsage(area: .responses).count, 1)
        XCTAssertEqual(try storage.responseUsage(area: .httpCache).count, 0)
        XCTAssertEqual(try storage.queueEntries(state: .pending, scope: .all, limit: nil).map(\.account), ["bob"])
    }
}
