import Foundation

extension APIClient {
    /// Downloads the body of `request` to `destination` as it arrives (memory stays at a few chunks whatever its
    /// size), reporting `progress` after every chunk on a `URLSession` queue, and returns once the whole body is on
    /// disk.
    ///
    /// With `resumable`, an interrupted download keeps its bytes in `<destination>.partial`; the next call for the
    /// same URL asks for the rest with `Range` and `If-Range` (the strong `ETag` or `Last-Modified`, stored only when
    /// the server announced `Accept-Ranges: bytes`), appends a `206` and starts over on a `200` (the file changed).
    /// A non-2xx status throws ``APIError/unexpectedStatus(operation:status:body:)``; a broken connection throws
    /// ``APIError/transport(_:)`` and leaves the partial file.
    public func download(
        _ request: RequestBuilder, operation: OperationInfo, to destination: URL, resumable: Bool = true,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> DownloadResult {
        var httpRequest = try request.build(baseURL: baseURL)
        if !httpRequest.headers.contains("Accept") { httpRequest.headers["Accept"] = "*/*" }
        return try await download(httpRequest, operation: operation, to: destination, resumable: resumable, progress: progress)
    }

    /// Downloads an already built request to `destination` (see the `RequestBuilder` overload).
    public func download(
        _ request: HTTPRequest, operation: OperationInfo, to destination: URL, resumable: Bool = true,
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> DownloadResult {
        var request = request
        let partialURL = PartialDownload.dataURL(for: destination)
        var offset: Int64 = 0
        if resumable, let (partial, size) = PartialDownload.existing(for: request.url, at: destination) {
            request.headers["Range"] = "bytes=\(size)-"
            request.headers["If-Range"] = partial.validator
            offset = size
        } else {
            PartialDownload.remove(at: destination)
        }
        let response = try await stream(request, operation: operation)
        var expected = response.headers["Content-Length"].flatMap { Int64($0) }
        switch response.status {
        case 206 where offset > 0:
            let range = PartialDownload.contentRange(response.headers["Content-Range"])
            guard let range, range.start == offset else {
                response.body.cancel()
                PartialDownload.remove(at: destination)
                throw StreamingError.rangeMismatch(expectedStart: offset, contentRange: response.headers["Content-Range"])
            }
            expected = range.total ?? expected.map { $0 + offset }
        case 416 where offset > 0:
            // The stored bytes are not a prefix of the resource any more: start over once.
            response.body.cancel()
            PartialDownload.remove(at: destination)
            request.headers["Range"] = nil
            request.headers["If-Range"] = nil
            return try await download(request, operation: operation, to: destination, resumable: false, progress: progress)
        case 200...299:
            offset = 0
        default:
            let body = try await response.body.collect(upTo: 64 * 1024, url: request.url)
            throw APIError.unexpectedStatus(operation: operation.id, status: response.status, body: body)
        }
        let handle = try Self.openForAppending(partialURL, truncate: offset == 0)
        if resumable, let validator = PartialDownload.validator(of: response.headers, status: response.status) {
            try JSONEncoder().encode(PartialDownload(url: request.url, validator: validator))
                .write(to: PartialDownload.metadataURL(for: destination), options: .atomic)
        }
        let total: Int64
        do {
            total = try await response.body.write(to: handle, alreadyReceived: offset, expected: expected, progress: progress)
        } catch {
            if !resumable { PartialDownload.remove(at: destination) }
            if error is CancellationError || Task.isCancelled { throw CancellationError() }
            throw error is APIError || error is StreamingError ? error : APIError.transport(error)
        }
        let manager = FileManager.default
        if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
        try manager.moveItem(at: partialURL, to: destination)
        try? manager.removeItem(at: PartialDownload.metadataURL(for: destination))
        return DownloadResult(fileURL: destination, byteCount: total, resumedFrom: offset,
                              status: response.status, headers: response.headers)
    }

    /// Sends `request` with the bytes of `file` as its body, read from disk as they are sent (memory stays bounded
    /// whatever the file's size), reporting `progress` (bytes sent / file size) on a `URLSession` queue; returns the
    /// response (its body at most ``URLSessionTransport/defaultMaxResponseSize`` bytes).
    public func upload(
        _ request: RequestBuilder, fromFile file: URL, contentType: String = "application/octet-stream",
        operation: OperationInfo, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> HTTPResponse {
        var httpRequest = try request.build(baseURL: baseURL)
        if !httpRequest.headers.contains("Accept") { httpRequest.headers["Accept"] = "application/json" }
        httpRequest.headers["Content-Type"] = contentType
        httpRequest.body = nil
        httpRequest.bodyFile = file
        let response = try await TransferObservation.$uploadProgress.withValue(progress) {
            try await stream(httpRequest, operation: operation)
        }
        var collected = try await response.collected(url: httpRequest.url)
        collected.parsedBodyMemo = ParsedBodyMemo()
        return collected
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
