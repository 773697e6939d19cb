import LoopbackTestServer
@_spi(Generated) import APIRuntime
@testable import APIRuntimeDownloads
import APIRuntimeTesting
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import XCTest

final class DownloadCacheTests: TemporaryFolderTestCase {
    private func url(_ name: String) -> URL {
        URL(string: "https://cdn.test/\(name)")!
    }

    func testFileWorkRunsOnTheCachesOwnQueueNotTheCooperativePool() async throws {
        let cache = DownloadCache(directory: directory, transport: MockTransport(), clock: ManualClock())
        let onOwnQueue = await cache.runsOnOwnQueue
        XCTAssertTrue(onOwnQueue)
    }

    func testDownloadsOnceThenServesFromDiskNamedByURLHash() async throws {
        let mock = MockTransport(defaultHandler: { _ in
            APIResponse(status: 200, headerFields: [.contentType: "application/octet-stream"], body: MediaTypeSnifferTests.jpeg)
        })
        let cache = DownloadCache(directory: directory, transport: mock, clock: ManualClock())
        let first = try await cache.image(from: url("a.jpg"))
        XCTAssertFalse(first.isFromCache)
        XCTAssertEqual(first.mimeType, "image/jpeg", "recognised by its bytes despite octet-stream")
        XCTAssertEqual(first.declaredMimeType, "application/octet-stream")
        XCTAssertEqual(first.fileURL.lastPathComponent, DownloadCache.key(for: url("a.jpg")) + ".data")
        let second = try await cache.file(from: url("a.jpg"))
        XCTAssertTrue(second.isFromCache)
        XCTAssertEqual(second.data, MediaTypeSnifferTests.jpeg)
        XCTAssertEqual(mock.requests.count, 1)

        let reopened = DownloadCache(directory: directory, transport: mock, clock: ManualClock())
        let third = await reopened.cachedFile(for: url("a.jpg"))
        XCTAssertEqual(third?.mimeType, "image/jpeg", "kept across instances")
    }

    func testConcurrentRequestsForOneURLShareOneDownload() async throws {
        let mock = MockTransport(latency: .milliseconds(50), defaultHandler: { _ in APIResponse(status: 200, body: MediaTypeSnifferTests.png) })
        let cache = DownloadCache(directory: directory, transport: mock)
        let target = url("p.png")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask { _ = try await cache.file(from: target) }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(mock.requests.count, 1)
    }

    func testNonImagesAndErrorStatusesThrow() async throws {
        let mock = MockTransport()
        mock.on("GET /page", respond: APIResponse(status: 200, headerFields: [.contentType: "image/png"], body: Data("<html></html>".utf8)))
        mock.on("GET /missing", respond: APIResponse(status: 404))
        let cache = DownloadCache(directory: directory, transport: mock)
        do {
            _ = try await cache.image(from: url("missing"))
            XCTFail("expected a status error")
        } catch DownloadError.status(let status, _) {
            XCTAssertEqual(status, 404)
        }
        let page = try await cache.file(from: url("page"))
        XCTAssertEqual(page.mimeType, "image/png", "text bytes do not override a declaration")
        let html = MockTransport(defaultHandler: { _ in APIResponse(status: 200, headerFields: [.contentType: "text/html"], body: Data("<html>".utf8)) })
        do {
            _ = try await DownloadCache(directory: directory.appendingPathComponent("b"), transport: html).image(from: url("x"))
            XCTFail("expected notAnImage")
        } catch DownloadError.notAnImage(let type, _) {
            XCTAssertEqual(type, "text/html")
        }
    }

    func testEvictsByAgeCountAndSizeLeastRecentlyUsedFirst() async throws {
        let clock = ManualClock()
        let mock = MockTransport(defaultHandler: { request in
            APIResponse(status: 200, body: Data(repeating: 1, count: request.url.lastPathComponent == "big" ? 500 : 100))
        })
        let cache = DownloadCache(
            directory: directory, transport: mock,
            limits: DownloadCache.Limits(maxAge: 1_000, maxCount: 3, maxBytes: 450), clock: clock)
        _ = try await cache.file(from: url("old"))
        clock.advance(by: .seconds(2_000))
        for name in ["a", "b", "c"] {
            _ = try await cache.file(from: url(name))
            clock.advance(by: .seconds(1))
        }
        let old = await cache.cachedFile(for: url("old"))
        XCTAssertNil(old, "too old")
        _ = await cache.cachedFile(for: url("a"))
        clock.advance(by: .seconds(1))
        _ = try await cache.file(from: url("d"))
        let b = await cache.cachedFile(for: url("b"))
        XCTAssertNil(b, "the count limit removes the least recently used (a was read after b was stored)")
        let a = await cache.cachedFile(for: url("a"))
        XCTAssertNotNil(a)
        clock.advance(by: .seconds(1))
        _ = try await cache.file(from: url("big"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".data") }
        XCTAssertEqual(names, [], "500 bytes exceed the 450-byte limit on their own, so the size limit leaves nothing")
    }

    func testRemovingWhatIsNotThereIsNoErrorAndRemovesWhatIs() async throws {
        let mock = MockTransport(defaultHandler: { _ in APIResponse(status: 200, body: Data("x".utf8)) })
        let cache = DownloadCache(directory: directory, transport: mock, clock: ManualClock())
        try await cache.remove(url("never"))
        _ = try await cache.file(from: url("a"))
        try await cache.remove(url("a"))
        let removed = await cache.cachedFile(for: url("a"))
        XCTAssertNil(removed)
        try await cache.removeAll()
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
        try await cache.removeAll()
        let evicted = try await cache.evict()
        XCTAssertEqual(evicted, 0, "a directory not created yet holds nothing")
    }

    func testEvictingADirectoryThatCannotBeListedThrows() async throws {
        let notADirectory = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: notADirectory)
        let cache = DownloadCache(directory: notADirectory, transport: MockTransport(), clock: ManualClock())
        do {
            let removed = try await cache.evict()
            XCTFail("listed a regular file as a directory: \(removed)")
        } catch {
            XCTAssertFalse(error is DownloadError, "the file system's own error: \(error)")
        }
    }

    func testACorruptEntryIsReportedAndDownloadedAgain() async throws {
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let downloads = TestLock(0)
        let mock = MockTransport(defaultHandler: { _ in
            downloads.withLock { $0 += 1 }
            return APIResponse(status: 200, body: Data("fresh".utf8))
        })
        let client = APIClient(baseURL: URL(fileURLWithPath: "/"), transport: mock, events: events)
        let cache = DownloadCache(directory: directory, client: client, clock: ManualClock())
        _ = try await cache.file(from: url("a"))
        let metadata = directory.appendingPathComponent(DownloadCache.key(for: url("a")) + ".json")
        try Data("{not json".utf8).write(to: metadata)
        let again = try await cache.file(from: url("a"))
        XCTAssertFalse(again.isFromCache, "a corrupt entry is a miss")
        XCTAssertEqual(again.data, Data("fresh".utf8))
        XCTAssertEqual(downloads.withLock { $0 }, 2)
        let reported = await collector.wait { events in
            events.contains { if case .storageError(let message) = $0 { message.contains("could not read the cache entry") } else { false } }
        }
        XCTAssertTrue(reported, "\(collector.all)")
        let served = try await cache.file(from: url("a"))
        XCTAssertTrue(served.isFromCache, "the entry is written anew")
    }

    func testWrongMIMEFromALoopbackServerIsRecognised() async throws {
        let server = try LoopbackServer { _ in
            ServerReply(status: 200, headers: [("Content-Type", "application/octet-stream")], body: MediaTypeSnifferTests.png)
        }
        defer { server.stop() }
        let cache = DownloadCache(directory: directory, transport: URLSessionTransport(timeout: 10))
        let image = try await cache.image(from: server.baseURL.appendingPathComponent("avatar"))
        XCTAssertEqual(image.mimeType, "image/png")
        XCTAssertEqual(image.data, MediaTypeSnifferTests.png)
    }

    /// Issue 18: a cacheable download goes to disk as it arrives (through `APIClient.download`), with progress, and
    /// through the client's middlewares when a client is given.
    func testALargeDownloadIsWrittenToDiskWithProgressThroughTheClientsMiddlewares() async throws {
        let body = Data((0..<20_000_000).map { UInt8(truncatingIfNeeded: $0 &* 17) })  // more than one 16 MiB segment
        let server = try LoopbackServer { request in
            guard request.headerFields[HTTPField.Name("X-Token")!] == "t" else { return ServerReply(status: 401, headers: [], body: Data()) }
            return ServerReply(status: 200, headers: [("Content-Type", "application/pdf")], body: body)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10),
                               middlewares: [HeaderAdding(name: "X-Token", value: "t")])
        let cache = DownloadCache(directory: directory, client: client)
        let progress = ProgressLog()
        let file = try await cache.file(from: server.baseURL.appendingPathComponent("report.pdf"), progress: progress.record)
        XCTAssertEqual(file.data, body)
        XCTAssertEqual(try Data(contentsOf: file.fileURL), body)
        XCTAssertEqual(file.declaredMimeType, "application/pdf")
        XCTAssertEqual(progress.values.last?.completedBytes, Int64(body.count))
        XCTAssertGreaterThan(progress.values.count, 1, "reported as the body arrived, not once at the end")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasSuffix(".data") && !$0.hasSuffix(".json") }
        XCTAssertEqual(leftovers, [], "no partial download is left behind")
        let again = try await cache.file(from: server.baseURL.appendingPathComponent("report.pdf"))
        XCTAssertTrue(again.isFromCache)
        XCTAssertEqual(again.data.count, body.count)
    }
}
