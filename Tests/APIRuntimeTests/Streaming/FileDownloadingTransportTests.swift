@_spi(Generated) @testable import APIRuntime
import Foundation
import LoopbackTestServer
import HTTPTypes
import XCTest

/// Downloads from servers that answer `Range` with the whole body: the body is asked for again by a download task
/// (written to disk as it is read, so memory stays bounded), or, when the server says it serves ranges, its first
/// segment is kept and the rest asked for with `Range`; a disk without room fails with a typed error.
final class FileDownloadingTransportTests: XCTestCase {
    private let operation = OperationInfo(id: "file", method: "GET", path: "/file")
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("whole-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let content = Data((0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })

    /// Serves ``content`` whole with status 200 whatever `Range` says, in 10 000-byte writes; `announcesLength`
    /// false sends it chunked.
    private func wholeBodyServer(announcesLength: Bool = true, pause: TimeInterval = 0) throws -> LoopbackServer {
        let content = Self.content
        return try LoopbackServer { _ in
            let length = announcesLength ? [("Content-Length", "\(content.count)")] : []
            return .streamed(headers: [("Content-Type", "application/octet-stream")] + length) { stream in
                var start = 0
                while start < content.count {
                    guard stream.send(Data(content[start..<min(start + 10_000, content.count)])) else { return }
                    start += 10_000
                    if pause > 0 { Thread.sleep(forTimeInterval: pause) }
                }
            }
        }
    }

    /// Serves ``content`` with `headers` on every answer: a `206` for a `Range` request that `honours` (its
    /// `Content-Range` total spelled `total`, `*` when unknown), the whole body with `200` otherwise.
    private func rangeServer(headers: [(String, String)], total: String,
                             honours: @escaping @Sendable (ServerRequest) -> Bool = { _ in true }) throws -> LoopbackServer {
        let content = Self.content
        return try LoopbackServer { request in
            guard let range = request.headerFields[.range], honours(request) else {
                return .streamed(headers: headers + [("Content-Length", "\(content.count)")]) { stream in _ = stream.send(content) }
            }
            let bounds = range.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
            let start = Int(bounds[0]) ?? 0
            let end = min(Int(bounds[1]) ?? content.count - 1, content.count - 1)
            return .streamed(status: 206, headers: headers + [
                ("Content-Range", "bytes \(start)-\(end)/\(total)"), ("Content-Length", "\(end - start + 1)"),
            ]) { stream in
                _ = stream.send(Data(content[start...end]))
            }
        }
    }

    func testABodyLargerThanASegmentIsAskedForAgainAndWrittenAsItArrives() async throws {
        for announcesLength in [true, false] {
            let server = try wholeBodyServer(announcesLength: announcesLength)
            defer { server.stop() }
            let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10),
                                   middlewares: [HeaderAdding(name: "Authorization", value: "Bearer t")])
            let destination = directory.appendingPathComponent("whole-\(announcesLength).bin")
            let progress = ProgressLog()
            let result = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                                   to: destination, segmentSize: 100_000, progress: progress.record)
            XCTAssertEqual(result.status, 200)
            XCTAssertEqual(result.byteCount, Int64(Self.content.count))
            XCTAssertEqual(try Data(contentsOf: destination), Self.content)
            XCTAssertEqual(server.requests.map { $0.headerFields[.range] }, ["bytes=0-99999", nil],
                           "the whole body is asked for again, without Range (length announced: \(announcesLength))")
            XCTAssertEqual(server.requests.map { $0.headerFields[.authorization] }, ["Bearer t", "Bearer t"],
                           "the second request goes through the middlewares too")
            XCTAssertEqual(progress.values.last?.completedBytes, Int64(Self.content.count))
            if announcesLength {
                XCTAssertEqual(progress.values.last?.expectedBytes, Int64(Self.content.count))
            }
            let completed = progress.values.map(\.completedBytes)
            XCTAssertEqual(completed, completed.sorted(), "nothing of the first answer was counted")
            XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path + ".partial"))
        }
    }

    func testABodyThatFitsInASegmentIsKeptFromTheFirstAnswer() async throws {
        let server = try wholeBodyServer()
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("small.bin")
        let result = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                               to: destination, segmentSize: 1_000_000)
        XCTAssertEqual(result.byteCount, Int64(Self.content.count))
        XCTAssertEqual(try Data(contentsOf: destination), Self.content)
        XCTAssertEqual(server.requests.count, 1)
    }

    func testAServerThatServesRangesAfterAWholeFirstAnswerKeepsItsFirstSegment() async throws {
        let content = Self.content
        // Like a CDN's cache miss: the first answer is whole, later ones honour `Range` with `If-Range`.
        let server = try rangeServer(headers: [("Accept-Ranges", "bytes"), ("ETag", "\"v2\"")], total: "\(content.count)") {
            $0.headerFields[.ifRange] == "\"v2\""
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("cdn.bin")
        let result = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                               to: destination, segmentSize: 300_000)
        XCTAssertEqual(try Data(contentsOf: destination), content)
        XCTAssertEqual(result.byteCount, Int64(content.count))
        XCTAssertEqual(server.requests.map { $0.headerFields[.range] },
                       ["bytes=0-299999", "bytes=300000-599999", "bytes=600000-899999"])
    }

    func testRangesWithoutAValidatorAreNotMixedNorQueuedInMemory() async throws {
        let content = Self.content
        // Honours `Range` but sends neither `ETag` nor `Last-Modified`: segments could come from two versions.
        let server = try rangeServer(headers: [("Accept-Ranges", "bytes")], total: "\(content.count)")
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("unversioned.bin")
        let result = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                               to: destination, segmentSize: 100_000)
        XCTAssertEqual(try Data(contentsOf: destination), content)
        XCTAssertEqual(result.status, 200)
        XCTAssertEqual(server.requests.map { $0.headerFields[.range] }, ["bytes=0-99999", nil],
                       "the whole body is asked for once, instead of the rest in one response held in memory")
    }

    func testRangesWithoutATotalAreNotCutAfterTheFirstSegment() async throws {
        let content = Self.content
        // `Content-Range: bytes 0-99999/*`: the size is not known, so neither is the last segment.
        let server = try rangeServer(headers: [("ETag", "\"v3\"")], total: "*")
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("sizeless.bin")
        let result = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                               to: destination, segmentSize: 100_000)
        XCTAssertEqual(try Data(contentsOf: destination), content, "the whole body, not its first segment")
        XCTAssertEqual(result.byteCount, Int64(content.count))
        XCTAssertEqual(server.requests.map { $0.headerFields[.range] }, ["bytes=0-99999", nil])
    }

    func testTooLittleFreeSpaceFailsBeforeTheBodyIsAskedForAgain() async throws {
        let server = try wholeBodyServer()
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("full.bin")
        do {
            // A reserve no volume has stands for a full disk.
            _ = try await DiskSpace.$reserve.withValue(Int64.max / 4) {
                try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                          to: destination, segmentSize: 100_000)
            }
            XCTFail("expected the disk check to fail")
        } catch let error as CocoaError {
            XCTAssertEqual(error.code, .fileWriteOutOfSpace)
            XCTAssertTrue(error.localizedDescription.contains("\(Self.content.count) bytes"), error.localizedDescription)
        }
        XCTAssertEqual(server.requests.count, 1, "nothing is asked for again")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        XCTAssertEqual(left, [], "neither the file nor a partial one is left")
    }

    #if canImport(FoundationNetworking)
    func testTheDiskRunningOutDuringTheTransferStopsItWithATypedError() async throws {
        // FoundationNetworking writes download tasks with `try!`: the transfer must stop before the disk is full.
        // Slow enough (10 000 bytes every 20 ms) that the transfer is still running when the check stops it.
        let server = try wholeBodyServer(announcesLength: false, pause: 0.02)
        defer { server.stop() }
        let transport = URLSessionTransport(timeout: 10)
        let file = directory.appendingPathComponent("running-out.bin")
        let target = DownloadTarget(file: file, expectedBytes: nil, progress: nil, reserve: Int64.max / 4)
        let before = try Self.transportTemporaryFiles()
        do {
            _ = try await transport.download(APIRequest(method: .get, url: server.baseURL.appendingPathComponent("file")),
                                             to: target)
            XCTFail("expected the transfer to stop")
        } catch let error as CocoaError {
            XCTAssertEqual(error.code, .fileWriteOutOfSpace)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        XCTAssertEqual(try Self.transportTemporaryFiles().subtracting(before), [],
                       "FoundationNetworking's temporary copy of the stopped download is removed")
    }

    private static func transportTemporaryFiles() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
            .filter(LeftoverDownloadFile.isTransportName))
    }

    func testOnlyFoundationNetworkingsTemporaryNamesAreRecognised() {
        XCTAssertTrue(LeftoverDownloadFile.isTransportName("4389815A-DBE4-4BCF-9A87-4EB153D82AEE.tmp"))
        XCTAssertFalse(LeftoverDownloadFile.isTransportName("4389815a-dbe4-4bcf-9a87-4eb153d82aee.tmp"))
        XCTAssertFalse(LeftoverDownloadFile.isTransportName("4389815A-DBE4-4BCF-9A87-4EB153D82AEE.partial"))
        XCTAssertFalse(LeftoverDownloadFile.isTransportName("report.tmp"))
    }
    #endif

    func testAnErrorStatusFromTheSecondRequestIsThrownWithItsBody() async throws {
        let content = Self.content
        let server = try LoopbackServer { request in
            if request.headerFields[.range] == nil { return .json(#"{"error":"expired link"}"#, status: 403) }
            return .streamed(headers: [("Content-Length", "\(content.count)")]) { stream in _ = stream.send(content) }
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("denied.bin")
        do {
            _ = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                          to: destination, segmentSize: 100_000)
            XCTFail("expected the 403")
        } catch APIError.unexpectedStatus(_, let status, let body) {
            XCTAssertEqual(status, 403)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"error":"expired link"}"#)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }
}
