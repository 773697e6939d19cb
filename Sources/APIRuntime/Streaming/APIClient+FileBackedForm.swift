import Foundation
import HTTPTypes

extension APIClient {
    /// Sends `request` with `form` as its body, streamed from disk: the form is written to a temporary file (parts
    /// read from files are copied in 1 MiB chunks, off the cooperative thread pool), which is uploaded like
    /// ``upload(_:fromFile:contentType:operation:progress:)`` and removed when the call ends, however it ends.
    ///
    /// The temporary file needs as much free disk space as the body; a full disk fails the call with the file
    /// system's error before anything is sent. Like every upload from disk it goes through the streaming path:
    /// middlewares, credentials and retries before the first byte apply, the HTTP cache and the offline queue pass it
    /// through (the queue keeps bodies in its database, not files).
    func sendFileBackedForm(
        _ form: MultipartForm, _ request: RequestBuilder, operation: OperationInfo,
        uploadProgress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> APIResponse {
        let httpRequest = try request.build(baseURL: baseURL)
        let spooled = FileManager.default.temporaryDirectory
            .appendingPathComponent("apigen-multipart-\(UUID().uuidString.lowercased())")
        // Sent or failed, the copy is not needed any more; one that cannot be removed is left to the system's clean-up
        // of the temporary directory.
        defer { try? FileManager.default.removeItem(at: spooled) }
        try await Self.write(form, to: spooled)
        try Task.checkCancellation()
        return try await upload(httpRequest, fromFile: spooled, contentType: form.contentType, operation: operation,
                                progress: uploadProgress)
    }

    /// ``MultipartForm/write(to:)`` on a dispatch queue: copying a large file would otherwise hold one of the
    /// cooperative pool's few threads.
    private static func write(_ form: MultipartForm, to destination: URL) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(with: Result { try form.write(to: destination) })
            }
        }
    }
}
