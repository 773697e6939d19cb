import Foundation
import HTTPTypes

extension APIClient {
    /// Downloads the body of `request` to `destination` as it arrives (memory stays at a few chunks whatever its
    /// size), reporting `progress` after every chunk on a `URLSession` queue, and returns once the whole body is on
    /// disk.
    ///
    /// With `resumable`, an interrupted download keeps its bytes in `<destination>.partial`; the next call for the
    /// same URL asks for the rest with `Range` and `If-Range` (the strong `ETag` or `Last-Modified`, stored only when
    /// the server announced `Accept-Ranges: bytes`), appends a `206` and starts over on a `200` (the file changed).
    /// Each 2xx response's head (every segment's, a `206` included) is handed to `accepted` before its body is
    /// written, which checks the documented headers (a generated method passes its header checks; what it throws ends
    /// the download, the bytes of earlier segments kept for a resumable one). A non-2xx status is read whole (up to
    /// 64 KiB) and handed to `rejected`, which throws the operation's typed error (a generated method passes its status
    /// handling); without one, or when it returns, it throws ``APIError/unexpectedStatus(operation:status:body:)``. A broken connection throws ``APIError/transport(_:)`` and
    /// leaves the partial file. Large bodies are fetched in `segmentSize` pieces when the server honours `Range` (see
    /// the `APIRequest` overload).
    @_spi(Generated) public func download(
        _ request: RequestBuilder, operation: OperationInfo, to destination: URL, resumable: Bool = true,
        segmentSize: Int64? = APIClient.defaultDownloadSegmentSize, progress: (@Sendable (TransferProgress) -> Void)? = nil,
        rejected: ((APIResponse) throws -> Void)? = nil, accepted: ((StreamedHTTPResponse) throws -> Void)? = nil
    ) async throws -> DownloadResult {
        var httpRequest = try request.build(baseURL: baseURL)
        if !httpRequest.headerFields.contains(.accept) { httpRequest.headerFields[.accept] = "*/*" }
        return try await download(httpRequest, operation: operation, to: destination, resumable: resumable, segmentSize: segmentSize,
                                  progress: progress, accepted: accepted, rejected: rejected)
    }

    /// The default ``download(_:operation:to:resumable:segmentSize:progress:)`` segment: 16 MiB.
    public static let defaultDownloadSegmentSize: Int64 = 16 * 1024 * 1024

    /// Downloads an already built request to `destination` (see the `RequestBuilder` overload).
    ///
    /// Each request asks for at most `segmentSize` bytes with `Range`; a server that honours it (`206` with a strong
    /// `ETag` or a `Last-Modified` for `If-Range`) is asked for the next segment once the previous one is on disk,
    /// which bounds memory even when the disk is slower than the network (FoundationNetworking cannot pause a
    /// transfer, so a single response is received as fast as the network delivers it). A server that ignores
    /// `Range` sends the whole body in one `200`. Nil `segmentSize` asks for the whole rest at once.
    public func download(
        _ request: APIRequest, operation: OperationInfo, to destination: URL, resumable: Bool = true,
        segmentSize: Int64? = APIClient.defaultDownloadSegmentSize,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> DownloadResult {
        try await download(request, operation: operation, to: destination, resumable: resumable, segmentSize: segmentSize,
                           progress: progress, accepted: nil, rejected: nil)
    }

    /// The download, with each 2xx head handed to `accepted` before its body is written, and a non-2xx response to
    /// `rejected` before it is thrown as an unexpected status.
    private func download(
        _ request: APIRequest, operation: OperationInfo, to destination: URL, resumable: Bool, segmentSize: Int64?,
        progress: (@Sendable (TransferProgress) -> Void)?, accepted: ((StreamedHTTPResponse) throws -> Void)?,
        rejected: ((APIResponse) throws -> Void)?
    ) async throws -> DownloadResult {
        let partialURL = PartialDownload.dataURL(for: destination)
        var offset: Int64 = 0
        var validator: String?
        if let (partial, size) = PartialDownload.existing(for: request.url, at: destination), resumable {
            offset = size
            validator = partial.validator
        } else {
            PartialDownload.remove(at: destination)
        }
        let resumedFrom = offset
        var startedOver = false
        // Set once a server ignored `Range` for a large body, or served it without a validator: the body is then asked
        // for again by a transport that writes it to disk as it reads it (FileDownloadingTransport).
        var wholeToFile: DownloadTarget?
        var rangeIgnoredBefore = false
        while true {
            var cap: Int64?
            var segment = request
            if wholeToFile == nil {
                // Without a validator, later segments could mix two versions of the resource: ask for all of the rest.
                let end = offset > 0 && validator == nil ? "" : segmentSize.map { String(offset + max(1, $0) - 1) } ?? ""
                segment.headerFields[.range] = "bytes=\(offset)-\(end)"
                segment.headerFields[.ifRange] = offset > 0 ? validator : nil
            }
            let response = try await stream(segment, operation: operation, uploadProgress: nil, downloadTarget: wholeToFile)
            if let accepted, (200...299).contains(response.status) {
                do { try accepted(response) } catch {
                    response.body.cancel()
                    throw error
                }
            }
            var expected = response.headerFields[.contentLength].flatMap { Int64($0) }
            var isLast = true
            switch response.status {
            case 206:
                let range = PartialDownload.contentRange(response.headerFields[.contentRange])
                guard let range, range.start == offset else {
                    response.body.cancel()
                    PartialDownload.remove(at: destination)
                    throw APIError.downloadRangeMismatch(expectedStart: offset, contentRange: response.headerFields[.contentRange])
                }
                expected = range.total ?? expected.map { $0 + offset }
                validator = PartialDownload.validator(of: response.headerFields, status: 206) ?? (offset > 0 ? validator : nil)
                isLast = false
                // Ranges without a validator: later segments could mix two versions of the resource, and asking for all
                // of the rest at once would queue it in memory. Without the total (`bytes 0-99/*`), the end of the
                // segments is unknown. Either way the whole body goes to disk as it is read, once.
                let unversioned = offset == 0 && validator == nil
                    && Self.exceedsOneSegment(request, expected: expected, segmentSize: segmentSize ?? .max)
                if wholeToFile == nil, segmentSize != nil, transport is any FileDownloadingTransport,
                   request.method == .get, unversioned || range.total == nil {
                    response.body.cancel()
                    PartialDownload.remove(at: destination)
                    let size = range.total
                    (offset, validator) = (0, nil)
                    wholeToFile = DownloadTarget(file: partialURL, expectedBytes: size, progress: progress)
                    try checkSpace(for: size, destination: destination)
                    continue
                }
            case 416 where offset > 0 && !startedOver:
                // The stored bytes are not a prefix of the resource any more: start over once.
                response.body.cancel()
                PartialDownload.remove(at: destination)
                (offset, validator, startedOver) = (0, nil, true)
                continue
            case 200...299:
                offset = 0
                validator = PartialDownload.validator(of: response.headerFields, status: response.status)
                if wholeToFile == nil, let segmentSize, response.status == 200,
                   Self.exceedsOneSegment(request, expected: expected, segmentSize: segmentSize) {
                    if validator != nil, !rangeIgnoredBefore {
                        // The server says it serves ranges (a CDN's cache miss can answer the first one whole): keep
                        // the first segment of this response and ask for the rest with `Range`.
                        (cap, isLast, rangeIgnoredBefore) = (segmentSize, false, true)
                    } else if transport is any FileDownloadingTransport {
                        response.body.cancel()
                        PartialDownload.remove(at: destination)
                        (validator, wholeToFile) = (nil, DownloadTarget(file: partialURL, expectedBytes: expected, progress: progress))
                        try checkSpace(for: expected, destination: destination)
                        continue
                    }
                }
            default:
                let body = try await response.body.collect(upTo: 64 * 1024, url: request.url)
                try rejected?(APIResponse(head: response.head, body: body))
                throw APIError.unexpectedStatus(operation: operation.id, status: response.status, body: body)
            }
            if let bytesOnFile = response.body.bytesOnFile {
                offset = bytesOnFile
            } else {
                let handle = try Self.openForAppending(partialURL, truncate: offset == 0)
                if resumable, let validator {
                    try JSONEncoder().encode(PartialDownload(url: request.url, validator: validator))
                        .write(to: PartialDownload.metadataURL(for: destination), options: .atomic)
                }
                do {
                    let written = try await response.body.write(to: handle, alreadyReceived: offset, expected: expected,
                                                                limit: cap, progress: progress)
                    offset = written.bytes
                    if cap != nil, !written.truncated { isLast = true }  // the whole body fitted in the segment
                } catch {
                    if !resumable { PartialDownload.remove(at: destination) }
                    if error is CancellationError || Task.isCancelled { throw CancellationError() }
                    throw error is APIError || error is CocoaError ? error : APIError.transport(error)
                }
            }
            FreedMemory.release()
            if !isLast, expected.map({ offset < $0 }) ?? (cap != nil) { continue }
            let manager = FileManager.default
            if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
            try manager.moveItem(at: partialURL, to: destination)
            try? manager.removeItem(at: PartialDownload.metadataURL(for: destination))
            return DownloadResult(fileURL: destination, byteCount: offset, resumedFrom: resumedFrom,
                                  status: response.status, headerFields: response.headerFields)
        }
    }

    /// Sends `request` with the bytes of `file` as its body, read from disk as they are sent (memory stays bounded
    /// whatever the file's size), reporting `progress` (bytes sent / file size) on a `URLSession` queue; returns the
    /// response (its body at most ``URLSessionTransport/defaultMaxResponseSize`` bytes). The request's own body is
    /// ignored; `Content-Type` is set to `contentType`, and `Accept` to `application/json` unless it has one.
    public func upload(
        _ request: APIRequest, fromFile file: URL, contentType: String = "application/octet-stream",
        operation: OperationInfo, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> APIResponse {
        var httpRequest = request
        if !httpRequest.headerFields.contains(.accept) { httpRequest.headerFields[.accept] = "application/json" }
        httpRequest.headerFields[.contentType] = try HTTPFieldCheck.field(name: "Content-Type", value: contentType).value
        httpRequest.body = nil
        httpRequest.bodyFile = file
        let response = try await stream(httpRequest, operation: operation, uploadProgress: progress)
        var collected = try await response.collected(url: httpRequest.url)
        collected.parsedBodyMemo = ParsedBodyMemo()
        return collected
    }

    /// The generated methods' upload: builds `request` against ``baseURL`` and sends it like the `APIRequest`
    /// overload.
    @_spi(Generated) public func upload(
        _ request: RequestBuilder, fromFile file: URL, contentType: String = "application/octet-stream",
        operation: OperationInfo, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> APIResponse {
        try await upload(request.build(baseURL: baseURL), fromFile: file, contentType: contentType, operation: operation,
                         progress: progress)
    }

    /// Whether a GET's body is larger than one segment or of unknown size: received by one data task, its bytes
    /// would wait in memory while the disk is behind, so it is worth asking for again with a download task.
    private static func exceedsOneSegment(_ request: APIRequest, expected: Int64?, segmentSize: Int64) -> Bool {
        guard request.method == .get else { return false }
        return expected.map { $0 > segmentSize } ?? true
    }

    /// Throws `CocoaError(.fileWriteOutOfSpace)` unless a body of `expected` bytes (when known) fits in the
    /// transport's temporary directory and next to `destination`, with ``DiskSpace/reserve`` left over.
    private func checkSpace(for expected: Int64?, destination: URL) throws {
        let directories = [DiskSpace.transportTemporaryDirectory, destination.deletingLastPathComponent()]
        for directory in directories {
            try DiskSpace.check(expected ?? 0, fitIn: directory, leaving: DiskSpace.reserve)
        }
    }

    private static func openForAppending(_ url: URL, truncate: Bool) throws -> FileHandle {
        let manager = FileManager.default
        if truncate || !manager.fileExists(atPath: url.path) {
            guard manager.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        }
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        return handle
    }
}
