@_spi(Generated) import APIRuntime
import Foundation
import LoopbackTestServer
import HTTPTypes
import XCTest

/// Downloads to a file (with progress, resumed with `Range`) and uploads from a file, against a loopback server.
final class TransferLoopbackTests: XCTestCase {
    private let operation = OperationInfo(id: "file", method: "GET", path: "/file")
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private static let content = Data((0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) })

    /// Serves `content` with `Accept-Ranges` and an ETag; the first full request breaks off after `cutAt` bytes.
    private func rangeServer(cutAt: Int) throws -> LoopbackServer {
        let content = Self.content
        return try LoopbackServer { request in
            let headers = [("Content-Type", "application/octet-stream"), ("Accept-Ranges", "bytes"), ("ETag", "\"v1\"")]
            if let range = request.headerFields[.range], request.headerFields[.ifRange] == "\"v1\"" {
                let bounds = range.dropFirst("bytes=".count).split(separator: "-", omittingEmptySubsequences: false)
                let start = Int(bounds[0]) ?? 0
                let end = min(Int(bounds[1]) ?? content.count - 1, content.count - 1)
                let rest = content[start...end]
                return .streamed(status: 206, headers: headers + [
                    ("Content-Range", "bytes \(start)-\(end)/\(content.count)"), ("Content-Length", "\(rest.count)"),
                ]) { stream in
                    stream.send(Data(rest))
                }
            }
            return .streamed(headers: headers + [("Content-Length", "\(content.count)")]) { stream in
                stream.send(Data(content.prefix(cutAt)))
                stream.abort()
            }
        }
    }

    func testAnInterruptedDownloadResumesWithRangeAndReportsProgress() async throws {
        // Broken off before the first 100 000-byte segment is complete: the answer to the first request is a `200` (no
        // `If-Range` yet), whose first segment is kept before the rest is asked for with `Range`.
        let server = try rangeServer(cutAt: 60_000)
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("video.bin")
        let progress = ProgressLog()
        do {
            _ = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation, to: destination,
                                          segmentSize: 100_000, progress: progress.record)
            XCTFail("the first attempt breaks off")
        } catch {
            XCTAssertTrue(APIError.isConnectivityFailure(error), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
        let kept = try XCTUnwrap(progress.values.last?.completedBytes)
        XCTAssertGreaterThan(kept, 0)
        XCTAssertEqual(progress.values.last?.expectedBytes, Int64(Self.content.count))

        let result = try await client.download(RequestBuilder(method: "GET", path: "/file"), operation: operation,
                                               to: destination, segmentSize: 100_000, progress: progress.record)
        XCTAssertEqual(result.status, 206)
        XCTAssertEqual(result.resumedFrom, kept)
        XCTAssertEqual(result.byteCount, Int64(Self.content.count))
        XCTAssertEqual(try Data(contentsOf: destination), Self.content)
        let ranges = server.requests.map { $0.headerFields[.range] ?? "" }
        let segments = (Self.content.count - Int(kept) + 99_999) / 100_000
        XCTAssertEqual(ranges, ["bytes=0-99999"] + (0..<segments).map { index in
            let start = Int(kept) + index * 100_000
            return "bytes=\(start)-\(start + 99_999)"
        }, "the rest is asked for in 100 000-byte segments, each once the previous one is on disk")
        XCTAssertEqual(server.requests.dropFirst().map { $0.headerFields[.ifRange] }, Array(repeating: "\"v1\"", count: segments))
        XCTAssertEqual(progress.values.last, TransferProgress(completedBytes: Int64(Self.content.count), expectedBytes: Int64(Self.content.count)))
        let completed = progress.values.map(\.completedBytes)
        XCTAssertEqual(completed, completed.sorted(), "progress never goes back")
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path + ".partial"))
    }

    func testAFailedStatusThrowsAndWritesNothing() async throws {
        let server = try LoopbackServer { _ in .json(#"{"error":"gone"}"#, status: 410) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10))
        let destination = directory.appendingPathComponent("x.bin")
        do {
            _ = try await client.download(RequestBuilder(method: "GET", path: "/x"), operation: operation, to: destination)
            XCTFail("expected an error")
        } catch APIError.unexpectedStatus(_, let status, let body) {
            XCTAssertEqual(status, 410)
            XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"error":"gone"}"#)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: destination.path))
    }

    func testUploadsAFileWithProgress() async throws {
        let (server, file, client) = try makeUploadServer()
        defer { server.stop() }
        let progress = ProgressLog()
        let response = try await client.upload(RequestBuilder(method: "PUT", path: "/files/1"), fromFile: file,
                                               operation: OperationInfo(id: "put", method: "PUT", path: "/files/1"),
                                               progress: progress.record)
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.bodyText, #"{"received":\#(Self.content.count)}"#)
        XCTAssertEqual(server.requests.first?.body, Self.content.prefix(16))
        XCTAssertEqual(server.requests.first?.headerFields[.contentType], "application/octet-stream")
        XCTAssertEqual(progress.values.last?.completedBytes, Int64(Self.content.count))
    }

    func testAppsUploadAFileWithABuiltRequest() async throws {
        let (server, file, client) = try makeUploadServer()
        defer { server.stop() }
        let request = APIRequest(method: .post, url: server.baseURL.appendingPathComponent("avatars"),
                                  body: Data("ignored".utf8))
        let response = try await client.upload(request, fromFile: file, contentType: "image/jpeg",
                                               operation: OperationInfo(id: "uploadAvatar", method: "POST", path: "/avatars"))
        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.bodyText, #"{"received":\#(Self.content.count)}"#)
        XCTAssertEqual(server.requests.first?.headerFields[.contentType], "image/jpeg")
        XCTAssertEqual(server.requests.first?.body, Self.content.prefix(16), "the file, not the request's own body, is sent")
    }

    /// A server that answers every upload with `201 {"received": <bytes>}` (keeping the first 16 bytes), a file of
    /// ``content`` to send, and a client for the server.
    private func makeUploadServer() throws -> (LoopbackServer, URL, APIClient) {
        let server = try LoopbackServer(maxStoredBodyBytes: 16) { request in
            .json(#"{"received":\#(request.bodyByteCount)}"#, status: 201)
        }
        let file = directory.appendingPathComponent("upload.bin")
        try Self.content.write(to: file)
        return (server, file, APIClient(baseURL: server.baseURL, transport: URLSessionTransport(timeout: 10)))
    }
}
