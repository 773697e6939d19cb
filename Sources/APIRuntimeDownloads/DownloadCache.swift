import APIRuntime
import Foundation
import HTTPTypes

/// Downloads binary bodies (images, documents) and keeps them on disk, named by the SHA-256 of their URL,
/// evicting by age, count and total size (least recently used first). Concurrent requests for one URL share
/// one download. The media type is recognised from the bytes when the server declares a wrong or generic one.
///
/// Bodies are written to disk as they arrive, through `APIClient.download(_:operation:to:resumable:segmentSize:progress:)`
/// (16 MiB `Range` segments when the server honours them), so a large document never sits in memory whole; the
/// ``DownloadedFile/data`` handed back is mapped from the file, its pages read when touched.
///
/// ```swift
/// let images = DownloadCache(directory: cachesURL.appendingPathComponent("images"))
/// let avatar = try await images.image(from: member.avatarURL)
/// imageView.image = UIImage(data: avatar.data)
/// ```
public actor DownloadCache {
    /// When files are evicted.
    public struct Limits: Sendable, Hashable {
        /// Files downloaded longer ago than this many seconds are downloaded again.
        public var maxAge: TimeInterval?
        /// At most this many files are kept.
        public var maxCount: Int?
        /// At most this many bytes are kept.
        public var maxBytes: Int?

        /// Limits; nil means no limit of that kind.
        public init(maxAge: TimeInterval? = 7 * 86_400, maxCount: Int? = 500, maxBytes: Int? = 200 * 1_024 * 1_024) {
            self.maxAge = maxAge
            self.maxCount = maxCount
            self.maxBytes = maxBytes
        }
    }

    private struct Metadata: Codable {
        var url: URL
        var mimeType: String?
        var declaredMimeType: String?
        var downloadedAt: Date
        var lastAccessedAt: Date
        var size: Int
    }

    /// The directory the files are kept in (created when needed).
    public nonisolated let directory: URL
    /// The eviction limits.
    public nonisolated let limits: Limits
    private let client: APIClient
    private nonisolated let executor = IOExecutor(label: "APIRuntimeDownloads.DownloadCache")

    /// Runs on a queue of its own: reading, writing and evicting files blocks, and must not do so on the
    /// cooperative thread pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Whether the caller runs on the cache's own queue (tests check that file I/O never runs on the pool).
    var runsOnOwnQueue: Bool {
        executor.isCurrent
    }
    private let clock: any RuntimeClock
    private var inFlight: [String: Task<DownloadedFile, any Error>] = [:]

    /// A cache in `directory` downloading with `transport` (`transport.intercepted(by: [auth])` adds auth).
    public init(
        directory: URL, transport: any HTTPTransport = URLSessionTransport(), limits: Limits = Limits(),
        clock: any RuntimeClock = SystemClock()
    ) {
        // Downloads use absolute URLs: the base URL is never read.
        self.init(directory: directory, client: APIClient(baseURL: URL(fileURLWithPath: "/"), transport: transport),
                  limits: limits, clock: clock)
    }

    /// A cache in `directory` downloading through `client`: its middlewares (auth, retries, logging), credentials
    /// and events apply to every download.
    public init(directory: URL, client: APIClient, limits: Limits = Limits(), clock: any RuntimeClock = SystemClock()) {
        self.directory = directory
        self.client = client
        self.limits = limits
        self.clock = clock
    }

    /// The file for `url`: from disk when cached and not too old, otherwise downloaded (with `headerFields`) and kept.
    /// `progress` hears the bytes received of a download this call starts (a call that joins another's download for
    /// the same URL, or is served from disk, hears nothing). Throws ``DownloadError/status(_:url:)`` for a non-2xx
    /// response, `APIError.transport(_:)` for the transport's errors, and the file system's errors when the file
    /// cannot be written.
    public func file(from url: URL, headerFields: HTTPFields = [:],
                     progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws -> DownloadedFile {
        let key = Self.key(for: url)
        if let cached = cachedFile(key: key) {
            return cached
        }
        if let running = inFlight[key] {
            return try await running.value
        }
        let task = Task { try await download(url, key: key, headerFields: headerFields, progress: progress) }
        inFlight[key] = task
        defer { inFlight[key] = nil }
        return try await task.value
    }

    /// Like ``file(from:headerFields:progress:)``, but throws ``DownloadError/notAnImage(mimeType:url:)`` unless the bytes are
    /// an image (whatever type the server declared).
    public func image(from url: URL, headerFields: HTTPFields = [:],
                      progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws -> DownloadedFile {
        let file = try await file(from: url, headerFields: headerFields, progress: progress)
        guard file.isImage else { throw DownloadError.notAnImage(mimeType: file.mimeType, url: url) }
        return file
    }

    /// The cached file for `url` without downloading; refreshes its access time.
    public func cachedFile(for url: URL) -> DownloadedFile? {
        cachedFile(key: Self.key(for: url))
    }

    /// Removes the file for `url`; nothing to remove is no error. Throws the file system's error when a file is
    /// there but cannot be removed (permissions, a read-only volume): the cache would keep serving it.
    public func remove(_ url: URL) throws {
        try removeFiles(Self.key(for: url))
    }

    /// Removes every file (the whole directory); an absent directory is no error. Throws the file system's error
    /// when it cannot be removed.
    public func removeAll() throws {
        try Self.removeIfPresent(directory)
    }

    /// Applies the limits now; returns how many files were removed. A directory that does not exist yet holds
    /// nothing (0). Throws the file system's error when the directory cannot be listed or a file that is over the
    /// limits cannot be removed (the files removed before it stay removed).
    @discardableResult
    public func evict() throws -> Int {
        let manager = FileManager.default
        guard manager.fileExists(atPath: directory.path) else { return 0 }
        let names = try manager.contentsOfDirectory(atPath: directory.path)
        let now = clock.now()
        var removed = 0
        var entries: [(key: String, metadata: Metadata)] = []
        for name in names where name.hasSuffix(".json") {
            let key = String(name.dropLast(5))
            guard let metadata = readMetadata(key), manager.fileExists(atPath: dataURL(key).path) else {
                try removeFiles(key)
                removed += 1
                continue
            }
            if let maxAge = limits.maxAge, now.timeIntervalSince(metadata.downloadedAt) > maxAge {
                try removeFiles(key)
                removed += 1
            } else {
                entries.append((key, metadata))
            }
        }
        // Data files whose metadata was never written (a crash between the two writes).
        let known = Set(entries.map(\.key))
        for name in names where name.hasSuffix(".data") && !known.contains(String(name.dropLast(5))) {
            if !manager.fileExists(atPath: metadataURL(String(name.dropLast(5))).path) {
                try Self.removeIfPresent(directory.appendingPathComponent(name))
            }
        }
        entries.sort { lhs, rhs in
            lhs.metadata.lastAccessedAt != rhs.metadata.lastAccessedAt
                ? lhs.metadata.lastAccessedAt > rhs.metadata.lastAccessedAt : lhs.key > rhs.key
        }
        var total = 0
        for (index, entry) in entries.enumerated() {
            total += entry.metadata.size
            let overCount = limits.maxCount.map { index >= $0 } ?? false
            let overBytes = limits.maxBytes.map { total > $0 } ?? false
            if overCount || overBytes {
                try removeFiles(entry.key)
                removed += 1
            }
        }
        return removed
    }

    /// The file name (without extension) used for `url`: the hex SHA-256 of its absolute string.
    public static func key(for url: URL) -> String {
        SHA256.hex(Array(url.absoluteString.utf8))
    }

    // MARK: - Steps

    private func download(_ url: URL, key: String, headerFields: HTTPFields,
                          progress: (@Sendable (TransferProgress) -> Void)?) async throws -> DownloadedFile {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Into a file of its own first: a reader of the cached file never sees a half-written body.
        let received = directory.appendingPathComponent(key + ".download")
        let result: DownloadResult
        do {
            result = try await client.download(
                APIRequest(method: .get, url: url, headerFields: headerFields),
                operation: OperationInfo(id: "DownloadCache.file", method: "GET", path: url.path),
                to: received, resumable: false, progress: progress)
        } catch APIError.unexpectedStatus(_, let status, _) {
            throw DownloadError.status(status, url: url)
        }
        let manager = FileManager.default
        if manager.fileExists(atPath: dataURL(key).path) { try manager.removeItem(at: dataURL(key)) }
        try manager.moveItem(at: received, to: dataURL(key))
        let data = try Self.mappedContents(of: dataURL(key))
        let declared = result.headerFields[.contentType]
        let now = clock.now()
        let metadata = Metadata(
            url: url, mimeType: MediaTypeSniffer.effectiveType(declared: declared, data: data),
            declaredMimeType: declared, downloadedAt: now, lastAccessedAt: now, size: data.count)
        do {
            // Data first: metadata without data is never read, data without metadata is removed by evict().
            try writeMetadata(metadata, key: key)
            try evict()
        } catch {
            // The download succeeded and is returned; failing to keep it (or to trim the cache) costs a later
            // download, which the app learns of from the event.
            report("could not keep the download of \(url.absoluteString) or apply the limits", error)
        }
        return file(metadata, key: key, data: data, isFromCache: false)
    }

    /// The file's bytes, mapped rather than read: pages are read from disk when touched, so a large file does not
    /// occupy memory. The mapping stays valid if the file is evicted (removed) meanwhile.
    private static func mappedContents(of url: URL) throws -> Data {
        try Data(contentsOf: url, options: .alwaysMapped)
    }

    private func cachedFile(key: String) -> DownloadedFile? {
        guard var metadata = readMetadata(key) else { return nil }
        let now = clock.now()
        if let maxAge = limits.maxAge, now.timeIntervalSince(metadata.downloadedAt) > maxAge {
            removeFilesReporting(key)
            return nil
        }
        let data: Data
        do {
            data = try Self.mappedContents(of: dataURL(key))
        } catch {
            // Read as a miss (the file is downloaded again), reported: an unreadable cache is worth knowing about.
            report("could not read the cached file of \(metadata.url.absoluteString)", error)
            removeFilesReporting(key)
            return nil
        }
        guard data.count == metadata.size else {
            // Cut short (a crash while replacing it, a full disk): a miss, and the remains are removed.
            removeFilesReporting(key)
            return nil
        }
        metadata.lastAccessedAt = now
        do {
            try writeMetadata(metadata, key: key)
        } catch {
            // The file is served; only its place in the least-recently-used order is stale.
            report("could not record the use of \(metadata.url.absoluteString)", error)
        }
        return file(metadata, key: key, data: data, isFromCache: true)
    }

    private func file(_ metadata: Metadata, key: String, data: Data, isFromCache: Bool) -> DownloadedFile {
        DownloadedFile(
            url: metadata.url, fileURL: dataURL(key), data: data, mimeType: metadata.mimeType,
            declaredMimeType: metadata.declaredMimeType, downloadedAt: metadata.downloadedAt, isFromCache: isFromCache)
    }

    private func dataURL(_ key: String) -> URL {
        directory.appendingPathComponent(key + ".data")
    }

    private func metadataURL(_ key: String) -> URL {
        directory.appendingPathComponent(key + ".json")
    }

    /// The metadata for `key`; nil when there is none, or when it cannot be read or decoded (reported: the entry
    /// then counts as absent and is removed by the next ``evict()``).
    private func readMetadata(_ key: String) -> Metadata? {
        let url = metadataURL(key)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try JSONDecoder().decode(Metadata.self, from: Data(contentsOf: url))
        } catch {
            report("could not read the cache entry \(key)", error)
            return nil
        }
    }

    private func writeMetadata(_ metadata: Metadata, key: String) throws {
        try JSONEncoder().encode(metadata).write(to: metadataURL(key), options: .atomic)
    }

    private func removeFiles(_ key: String) throws {
        try Self.removeIfPresent(metadataURL(key))
        try Self.removeIfPresent(dataURL(key))
    }

    /// ``removeFiles(_:)`` where a read can only fall back to a miss: a failure is reported, not thrown.
    private func removeFilesReporting(_ key: String) {
        do {
            try removeFiles(key)
        } catch {
            report("could not remove the cache entry \(key)", error)
        }
    }

    /// Removes `url`; a file that is not there is no error.
    private static func removeIfPresent(_ url: URL) throws {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            if FileManager.default.fileExists(atPath: url.path) { throw error }
        }
    }

    /// Tells the app, through its client's events, about a storage failure the cache recovers from by itself.
    private func report(_ what: String, _ error: any Error) {
        client.events.emit(.storageError(message: "DownloadCache: \(what): \(error.localizedDescription)"))
    }
}
