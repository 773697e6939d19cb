import LoopbackTestServer
@_spi(Generated) import APIRuntime
import APIRuntimeMiddleware
import APIRuntimeStore
import APIRuntimeOffline
import Foundation
import HTTPTypes
import XCTest

/// Kills a child process (SIGKILL) while it enqueues into or replays from a SQLite-backed offline queue, then
/// checks the store: nothing acknowledged is lost, nothing is half-written, the order holds, and a replay
/// repeats at most the one request that was in flight (with the same idempotency key).
final class OfflineQueueCrashTests: XCTestCase {
    private static let modeKey = "APIRUNTIME_CRASH_CHILD"
    private static let databaseKey = "APIRUNTIME_CRASH_DATABASE"
    private static let progressKey = "APIRUNTIME_CRASH_PROGRESS"
    private static let serverKey = "APIRUNTIME_CRASH_SERVER"
    private static let childTest = "APIRuntimeTests.OfflineQueueCrashTests/testChildProcess"

    private var directory: URL!

    override func setUpWithError() throws {
        // A child works in the parent's folder and is killed before any teardown: a folder of its own would be left behind.
        guard ProcessInfo.processInfo.environment[Self.modeKey] == nil else { return }
        directory = try temporaryDirectory()
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: - Child

    /// Does nothing in a normal run; in a child process it enqueues or replays until it is killed.
    func testChildProcess() async throws {
        let environment = ProcessInfo.processInfo.environment
        guard let mode = environment[Self.modeKey], let path = environment[Self.databaseKey] else { return }
        let storage = try SQLiteStorage(path: path)
        let queue = Self.queue(storage)
        switch mode {
        case "enqueue":
            let progress = try FileHandle(forWritingTo: URL(fileURLWithPath: try XCTUnwrap(environment[Self.progressKey])))
            let baseURL = try XCTUnwrap(environment[Self.serverKey].flatMap(URL.init(string:)))
            for index in 0..<100_000 {
                _ = try await queue.enqueue(
                    Self.request(index, baseURL: baseURL), operation: TestOperations.postMessage, account: "ann")
                progress.write(Data("ack \(index)\n".utf8))
            }
        case "replay":
            let baseURL = try XCTUnwrap(environment[Self.serverKey].flatMap(URL.init(string:)))
            let client = APIClient(baseURL: baseURL, transport: URLSessionTransport(timeout: 30), middlewares: [queue], accountProvider: { "ann" })
            _ = await queue.flush()
            withExtendedLifetime(client) {}
        default:
            XCTFail("unknown child mode \(mode)")
        }
    }

    // MARK: - Kill during enqueue

    func testKillDuringEnqueueLosesNothingAcknowledgedAndLeavesNoPartialEntry() async throws {
        for (round, killAfter) in [3, 11, 25].enumerated() {
            let path = directory.appendingPathComponent("enqueue-\(round).sqlite").path
            let progress = directory.appendingPathComponent("progress-\(round).txt")
            try Data().write(to: progress)
            let server = try LoopbackServer { _ in .status(201) }
            defer { server.stop() }
            let child = try ChildProcess.launch(
                test: Self.childTest,
                environment: [
                    Self.modeKey: "enqueue", Self.databaseKey: path, Self.progressKey: progress.path,
                    Self.serverKey: server.baseURL.absoluteString,
                ],
                bundleOf: Self.self)
            let reached = await Self.waitUntil { Self.acknowledged(progress) > killAfter }
            XCTAssertTrue(reached, "the child did not start enqueueing")
            // Land somewhere inside a later write, not just after an acknowledgement.
            try await Task.sleep(for: .microseconds(Int.random(in: 0...3_000)))
            ChildProcess.sigkill(child)
            let acknowledged = Self.acknowledged(progress)

            let events = EventBus()
            let collector = EventCollector(events.stream())
            let storage = try SQLiteStorage(path: path, events: events)
            let entries = try await storage.queueEntries(state: .pending, scope: .all, limit: nil)
            let isOpen = await storage.isOpen
            XCTAssertTrue(isOpen)
            XCTAssertGreaterThanOrEqual(entries.count, acknowledged, "an acknowledged entry was lost (round \(round))")
            XCTAssertLessThanOrEqual(entries.count, acknowledged + 1, "more entries than enqueue calls (round \(round))")
            XCTAssertEqual(entries.map(\.sequence), entries.map(\.sequence).sorted())
            for (index, entry) in entries.enumerated() {
                XCTAssertEqual(entry.request.body, Self.body(index), "entry \(index) is damaged (round \(round))")
            }
            try await Task.sleep(for: .milliseconds(10))
            XCTAssertFalse(collector.all.contains { if case .storageError = $0 { true } else { false } }, "the file must not be damaged")

            // What survived replays in order.
            let queue = Self.queue(storage)
            let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: [queue], accountProvider: { "ann" })
            let result = await queue.flush()
            XCTAssertEqual(result.replayed, entries.count)
            XCTAssertEqual(server.requests.map(\.body), (0..<entries.count).map(Self.body))
            withExtendedLifetime(client) {}
        }
    }

    // MARK: - Kill during replay

    func testKillDuringReplayLosesNothingAndRepeatsOnlyTheRequestInFlight() async throws {
        let count = 30
        for (round, killAfter) in [4, 13].enumerated() {
            let path = directory.appendingPathComponent("replay-\(round).sqlite").path
            let server = try LoopbackServer { _ in ServerReply(status: 201, delay: 0.02) }
            defer { server.stop() }
            let prepared = try SQLiteStorage(path: path)
            let preparing = Self.queue(prepared)
            for index in 0..<count {
                _ = try await preparing.enqueue(
                    Self.request(index, baseURL: server.baseURL), operation: TestOperations.postMessage, account: "ann")
            }
            await prepared.close()

            let child = try ChildProcess.launch(
                test: Self.childTest,
                environment: [Self.modeKey: "replay", Self.databaseKey: path, Self.serverKey: server.baseURL.absoluteString],
                bundleOf: Self.self)
            let reached = await Self.waitUntil { server.requests.count >= killAfter }
            XCTAssertTrue(reached, "the child did not replay")
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...30)))
            ChildProcess.sigkill(child)

            let storage = try SQLiteStorage(path: path)
            let queue = Self.queue(storage)
            // Marks the parent's requests: a request the child sent may still be arriving at the server.
            let marker = BaseParametersMiddleware(headerFields: [HTTPField.Name("X-Sender")!: "parent"])
            let client = APIClient(
                baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10), middlewares: [queue, marker],
                accountProvider: { "ann" })
            let result = await queue.flush()
            XCTAssertEqual(result.remaining, 0)
            withExtendedLifetime(client) {}

            let received = server.requests
            var firstSeen: [String] = []
            var occurrences: [String: Int] = [:]
            for request in received {
                let key = try XCTUnwrap(request.headerFields[HTTPField.Name("Idempotency-Key")!])
                if occurrences[key] == nil {
                    firstSeen.append(key)
                }
                occurrences[key, default: 0] += 1
            }
            let bodiesInFirstOrder = firstSeen.map { key in received.first { $0.headerFields[HTTPField.Name("Idempotency-Key")!] == key }!.body }
            XCTAssertEqual(bodiesInFirstOrder, (0..<count).map(Self.body), "every entry arrived, in order (round \(round))")
            let repeated = occurrences.filter { $0.value > 1 }
            XCTAssertLessThanOrEqual(repeated.count, 1, "only the request in flight may repeat (round \(round))")
            XCTAssertTrue(repeated.values.allSatisfy { $0 == 2 })
            if let key = repeated.keys.first {
                let lastByChild = received.last { $0.headerFields[HTTPField.Name("X-Sender")!] == nil }
                XCTAssertEqual(lastByChild?.headerFields[HTTPField.Name("Idempotency-Key")!], key, "the repeat is the child's last request")
            }
        }
    }

    // MARK: - Helpers

    private static func queue(_ storage: SQLiteStorage) -> OfflineQueue {
        var configuration = OfflineQueue.Configuration()
        configuration.retry = nil
        return OfflineQueue(storage: storage, configuration: configuration)
    }

    private static func body(_ index: Int) -> Data {
        Data(#"{"index":\#(index),"pad":"\#(String(repeating: String(index % 10), count: 16_384))"}"#.utf8)
    }

    private static func request(_ index: Int, baseURL: URL) -> APIRequest {
        APIRequest(
            method: .post, url: baseURL.appendingPathComponent("messages"),
            headerFields: [.contentType: "application/json"], body: body(index))
    }

    private static func acknowledged(_ progress: URL) -> Int {
        let text = (try? String(contentsOf: progress, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.hasPrefix("ack ") }.count
    }

    private static func waitUntil(timeout: TimeInterval = 20, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return condition()
    }
}
