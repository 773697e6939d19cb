import APIRuntime
import ExampleAPI
import Foundation
import LoopbackTestServer
import HTTPTypes
import XCTest

/// The generated methods of the example spec's streamed endpoints (a live SSE feed, a JSON Lines export, a large
/// download) over URLSession against a loopback server that streams.
final class StreamingEndpointsTests: XCTestCase {
    private static func friendRequest(_ id: Int) -> String {
        #"{"id":"8f2c1e4a-0000-4000-8000-00000000000\#(id)","kind":"friend_request","createdAt":"2024-05-01T10:20:30Z","priority":2,"#
            + #""from":{"ident":"7","user_name":"cy","avatar_url":"https://c/x","is_online":false}}"#
    }

    private func api(_ server: LoopbackServer) -> MemberAPI {
        MemberAPI(baseURL: server.baseURL, credentials: .init(bearerAuth: BearerCredential(token: { "tok" })))
    }

    func testTheLiveFeedDeliversTypedEventsAndResumesFromTheLastEventID() async throws {
        let server = try LoopbackServer { request in
            guard request.path == "/notifications/feed" else { return .status(404) }
            switch request.headerFields[HTTPField.Name("Last-Event-ID")!] {
            case nil:
                return .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                    stream.send(": connected\nretry: 10\n\n")
                    stream.send("id: 1\nevent: notification\ndata: \(Self.friendRequest(1))\n\n")
                    stream.abort()
                }
            case "1":
                return .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                    stream.send("id: 2\nevent: notification\ndata: \(Self.friendRequest(2))\n\n")
                }
            default:
                return .status(204)
            }
        }
        defer { server.stop() }
        var received: [ServerSentEvent<ExampleAPI.Notification>] = []
        for try await event in try await api(server).notifications.streamNotifications().reconnecting() {
            received.append(event)
        }
        XCTAssertEqual(received.map(\.id), ["1", "2"])
        XCTAssertEqual(received.map(\.event), ["notification", "notification"])
        for event in received {
            guard case .friendRequestNotification(let request) = event.data else { return XCTFail("\(event.data)") }
            XCTAssertEqual(request.from.username, "cy")
        }
        XCTAssertEqual(server.requests.map { $0.headerFields[HTTPField.Name("Last-Event-ID")!] }, [nil, "1", "2"])
        XCTAssertEqual(Set(server.requests.map { $0.headerFields[.authorization] }), ["Bearer tok"])
    }

    func testAFeedEventFailingItsSchemaIsRejected() async throws {
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "text/event-stream")]) { stream in
                stream.send("data: \(Self.friendRequest(1).replacingOccurrences(of: #""priority":2"#, with: #""priority":"high""#))\n\n")
            }
        }
        defer { server.stop() }
        do {
            for try await _ in try await api(server).notifications.streamNotifications() {}
            XCTFail("an invalid event must not be delivered")
        } catch APIError.invalidResponse(let operation, _, let report) {
            XCTAssertEqual(operation, "streamNotifications")
            XCTAssertTrue(report.errors.contains { $0.schemaLocation.hasSuffix("#/components/schemas/Notification") }, "\(report)")
        }
    }

    func testADocumentedErrorOfAStreamedOperationIsTyped() async throws {
        let server = try LoopbackServer { _ in
            .json(#"{"status":"error","reason":"expired","data":{"code":"unauthorized","message":"expired"}}"#, status: 401)
        }
        defer { server.stop() }
        do {
            _ = try await api(server).notifications.streamNotifications()
            XCTFail("expected the documented 401")
        } catch StreamNotificationsError.status401(let status, _, _) {
            XCTAssertEqual(status, 401)
        }
    }

    func testTheJSONLinesExportDecodesEachItem() async throws {
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "application/jsonl")]) { stream in
                stream.send(Self.friendRequest(1) + "\n")
                stream.send(Self.friendRequest(2) + "\n")
            }
        }
        defer { server.stop() }
        var ids: [String] = []
        for try await notification in try await api(server).notifications.exportNotifications() {
            guard case .friendRequestNotification(let request) = notification else { return XCTFail("\(notification)") }
            ids.append(request.id.uuidString.lowercased())
        }
        XCTAssertEqual(ids, ["8f2c1e4a-0000-4000-8000-000000000001", "8f2c1e4a-0000-4000-8000-000000000002"])
        // The stream is read as JSON Lines; a documented JSON error is accepted below it (OperationPlanner+Accept.swift).
        XCTAssertEqual(server.requests.first?.headerFields[.accept], "application/jsonl, application/json;q=0.5")
    }

    func testTheArchiveDownloadsToAFileWithProgress() async throws {
        let archive = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let server = try LoopbackServer { _ in
            .streamed(headers: [("Content-Type", "application/zip"), ("Content-Length", "\(archive.count)")]) { stream in
                var offset = 0
                while offset < archive.count {
                    stream.send(Data(archive[offset..<min(offset + 50_000, archive.count)]))
                    offset += 50_000
                }
            }
        }
        defer { server.stop() }
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: destination) }
        let last = LastProgress()
        let result = try await api(server).members.downloadArchive(to: destination, progress: last.record)
        XCTAssertEqual(result.byteCount, Int64(archive.count))
        XCTAssertEqual(try Data(contentsOf: destination), archive)
        XCTAssertEqual(last.value, TransferProgress(completedBytes: Int64(archive.count), expectedBytes: Int64(archive.count)))
    }

    /// Issue 18: a binary request body can be sent from a file by the generated method (read as it is sent), with
    /// progress, and the response goes through the same validation, envelope and typed errors as the `Data` one.
    func testTheArchiveIsRestoredFromAFileWithProgress() async throws {
        let archive = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) })
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("restore-\(UUID().uuidString).zip")
        try archive.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let server = try LoopbackServer { request in
            guard request.method == "PUT", request.path == "/members/me/archive" else { return .status(404) }
            return .json(#"{"status":"ok","data":{"restoredItems":\#(request.bodyByteCount)}}"#)
        }
        defer { server.stop() }
        let last = LastProgress()
        let restored = try await api(server).members.restoreArchive(fromFile: source, progress: last.record)
        XCTAssertEqual(restored.restoredItems, archive.count, "the envelope is unwrapped and the model decoded")
        let received = try XCTUnwrap(server.requests.first)
        XCTAssertEqual(received.bodyByteCount, archive.count)
        XCTAssertEqual(received.body, archive.prefix(received.body.count), "the file's bytes, in order")
        XCTAssertEqual(received.headerFields[.contentType], "application/zip")
        XCTAssertEqual(received.headerFields[.authorization], "Bearer tok", "the operation's security applies")
        XCTAssertEqual(last.value?.completedBytes, Int64(archive.count))
    }

    private static func spooledCopies() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("apigen-multipart-") })
    }

    private static func avatarServer() throws -> LoopbackServer {
        try LoopbackServer { request in
            guard request.method == "POST", request.path == "/members/me/avatar" else { return .status(404) }
            return .json(#"{"status":"OK","reason":null,"data":{"avatarUrl":"https://cdn.example.com/n.jpg"}}"#)
        }
    }

    /// Checks the multipart body the server received: the file part byte for byte against the form encoded in
    /// memory with the boundary the request announced, the crop part as JSON (`JSONEncoder` orders keys freely).
    private static func assertAvatarBody(_ received: ServerRequest, image: Data, filename: String,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let contentType = try XCTUnwrap(received.headerFields[.contentType], file: file, line: line)
        let boundary = try XCTUnwrap(contentType.components(separatedBy: "boundary=").last, file: file, line: line)
        var expected = MultipartForm(boundary: boundary)
        expected.append("file", MultipartFile(data: image, filename: filename, contentType: "image/jpeg"))
        let filePart = try expected.encodedBody().dropLast(Data("--\(boundary)--\r\n".utf8).count)
        XCTAssertEqual(received.body.prefix(filePart.count), filePart, "the file part", file: file, line: line)
        let rest = String(decoding: received.body.dropFirst(filePart.count), as: UTF8.self)
        let cropHead = "--\(boundary)\r\nContent-Disposition: form-data; name=\"crop\"\r\nContent-Type: application/json\r\n\r\n"
        let closing = "\r\n--\(boundary)--\r\n"
        XCTAssertTrue(rest.hasPrefix(cropHead) && rest.hasSuffix(closing), rest, file: file, line: line)
        let cropJSON = Data(rest.dropFirst(cropHead.count).dropLast(closing.count).utf8)
        XCTAssertEqual(try JSONDecoder().decode(UploadAvatarCrop.self, from: cropJSON), UploadAvatarCrop(x: 1, y: 2, size: 3),
                       file: file, line: line)
    }

    /// Issue 18: a multipart part can come from a file, read from disk as the body is sent, with progress.
    func testAnAvatarPartIsStreamedFromAFileWithProgress() async throws {
        let image = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("avatar-\(UUID().uuidString).jpg")
        try image.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let server = try Self.avatarServer()
        defer { server.stop() }
        let copiesBefore = try Self.spooledCopies()
        let last = LastProgress()
        let uploaded = try await api(server).media.uploadAvatar(
            file: MultipartFile(contentsOf: source, contentType: "image/jpeg"), crop: UploadAvatarCrop(x: 1, y: 2, size: 3),
            progress: last.record)
        XCTAssertEqual(uploaded.avatarURL.absoluteString, "https://cdn.example.com/n.jpg")
        let received = try XCTUnwrap(server.requests.first)
        try Self.assertAvatarBody(received, image: image, filename: source.lastPathComponent)
        XCTAssertEqual(received.headerFields[.authorization], "Bearer tok", "the operation's security applies")
        XCTAssertEqual(last.value?.completedBytes, Int64(received.bodyByteCount), "progress ends at the whole body")
        XCTAssertEqual(try Self.spooledCopies(), copiesBefore, "the temporary copy of the body is removed")
    }

    func testAnInMemoryAvatarReportsItsProgressOnce() async throws {
        let server = try Self.avatarServer()
        defer { server.stop() }
        let last = LastProgress()
        _ = try await api(server).media.uploadAvatar(
            file: MultipartFile(data: Data([0xFF, 0xD8]), filename: "a.jpg", contentType: "image/jpeg"),
            crop: UploadAvatarCrop(x: 1, y: 2, size: 3), progress: last.record)
        let received = try XCTUnwrap(server.requests.first)
        try Self.assertAvatarBody(received, image: Data([0xFF, 0xD8]), filename: "a.jpg")
        XCTAssertEqual(last.value, TransferProgress(completedBytes: Int64(received.bodyByteCount), expectedBytes: Int64(received.bodyByteCount)))
    }

    func testAMissingAvatarFileFailsBeforeAnythingIsSent() async throws {
        let server = try Self.avatarServer()
        defer { server.stop() }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).jpg")
        let copiesBefore = try Self.spooledCopies()
        do {
            _ = try await api(server).media.uploadAvatar(file: MultipartFile(contentsOf: missing))
            XCTFail("expected an invalid request")
        } catch APIError.invalidRequest(let message) {
            XCTAssertTrue(message.contains("multipart part 'file'") && message.contains(missing.lastPathComponent), message)
        }
        XCTAssertTrue(server.requests.isEmpty, "nothing is sent")
        XCTAssertEqual(try Self.spooledCopies(), copiesBefore, "the partial copy is removed")
    }

    func testARestoreFromAFileGetsTheOperationsTypedErrorAndValidation() async throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("restore-\(UUID().uuidString).zip")
        try Data("PK".utf8).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        let server = try LoopbackServer { request in
            request.headerFields[.contentType] == "application/x-zip-compressed"
                ? .json(#"{"status":"error","reason":"quota","data":{"code":"too_large","message":"quota"}}"#, status: 413)
                : .json(#"{"status":"ok","data":{"restoredItems":-1}}"#)
        }
        defer { server.stop() }
        do {
            _ = try await api(server).members.restoreArchive(fromFile: source, contentType: "application/x-zip-compressed")
            XCTFail("expected the documented 413")
        } catch RestoreArchiveError.status413(let status, let body) {
            XCTAssertEqual(status, 413)
            XCTAssertEqual(body.reason, "quota")
        }
        do {
            _ = try await api(server).members.restoreArchive(fromFile: source)
            XCTFail("restoredItems: -1 breaks minimum: 0")
        } catch APIError.invalidResponse(let operation, _, _) {
            XCTAssertEqual(operation, "restoreArchive")
        }
    }
}

private final class LastProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: TransferProgress?

    var value: TransferProgress? {
        lock.withLock { stored }
    }

    var record: @Sendable (TransferProgress) -> Void {
        { [self] progress in lock.withLock { stored = progress } }
    }
}
