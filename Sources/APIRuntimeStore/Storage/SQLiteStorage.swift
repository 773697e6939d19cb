@_spi(Generated) import APIRuntime
import Foundation
import HTTPTypes

/// A ``RuntimeStorage`` in one SQLite file (the system library on Apple platforms, libsqlite3 on Linux), in WAL
/// mode with `synchronous = FULL`, so a committed write survives a crash of the process at any point.
///
/// Opening throws ``StorageError/cannotOpen(path:message:)`` when the file cannot be opened or created (a
/// directory, no permission, a full disk): the app decides what to do, nothing falls back to memory behind its
/// back. A file that is damaged or not a database is moved aside (`<name>.corrupt`) and replaced by an empty one,
/// with a `ClientEvent.storageError(message:)`; the same happens when damage is found later, and the operation
/// that found it throws ``StorageError/corrupt(path:message:)``.
///
/// An actor on a dispatch queue of its own: SQLite blocks (`fsync`, `busy_timeout`), and must not do so on the
/// cooperative thread pool every other task of the app shares.
///
/// The responses read or written most recently (up to `memoryCapacity` bytes) are also kept in memory, so that a
/// repeated cache hit does not wait for the storage's queue. A change made through this storage is seen by the next
/// read at once; one made through another connection to the same file (another process, another `SQLiteStorage`) is
/// seen within ``accessTimeGranularity``.
///
/// Use one file for the response caches and another for the offline queue, so that a damaged cache file can
/// never cost the queued calls.
public actor SQLiteStorage: RuntimeStorage {
    /// The file path given at creation.
    public nonisolated let path: String
    private nonisolated let events: EventBus?
    private nonisolated let executor: IOExecutor
    nonisolated let recentResponses: RecentResponses
    private var database: SQLiteDatabase?
    /// URLs of stored responses by their text: a cache hit would otherwise parse the same URL every time.
    private var parsedURLs: [String: URL] = [:]

    /// Runs on the storage's own queue, never on the cooperative pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The default `memoryCapacity`: 4 MiB of recently used responses.
    public static let defaultMemoryCapacity = 4 * 1_024 * 1_024

    /// Opens or creates the store at `path` (`:memory:` for a store that lives as long as the value).
    ///
    /// `memoryCapacity` is how many bytes of recently read or written responses are also kept in memory (0: none,
    /// every read goes to the file); a response larger than a quarter of it is never kept.
    ///
    /// Throws ``StorageError/cannotOpen(path:message:)`` when it can be neither opened nor created, also after
    /// moving a damaged file aside.
    public init(
        path: String, events: EventBus? = nil, memoryCapacity: Int = SQLiteStorage.defaultMemoryCapacity
    ) throws(StorageError) {
        self.path = path
        self.events = events
        self.executor = IOExecutor(label: "APIRuntimeStore.SQLiteStorage")
        self.recentResponses = RecentResponses(capacity: memoryCapacity)
        self.database = try Self.open(path: path, events: events)
    }

    /// Opens or creates the store at the file URL `url`; see ``init(path:events:memoryCapacity:)``.
    public init(
        url: URL, events: EventBus? = nil, memoryCapacity: Int = SQLiteStorage.defaultMemoryCapacity
    ) throws(StorageError) {
        try self.init(path: url.path, events: events, memoryCapacity: memoryCapacity)
    }

    /// Whether the store is open (false after ``close()``, or after damage was found and no empty file could be
    /// created in its place).
    public var isOpen: Bool {
        database != nil
    }

    /// The journal mode in effect, `wal` for a file store.
    public func journalMode() throws -> String {
        try withDatabase { try $0.query("PRAGMA journal_mode").first?.first?.string } ?? "unknown"
    }

    /// Whether the caller runs on the storage's own queue (tests check that SQLite never runs on the pool).
    var runsOnOwnQueue: Bool {
        executor.isCurrent
    }

    /// `URL(string:)`, remembered for the few hundred URLs most recently read.
    func storedURL(_ text: String) -> URL? {
        if let known = parsedURLs[text] { return known }
        guard let url = URL(string: text) else { return nil }
        if parsedURLs.count >= 256 { parsedURLs.removeAll(keepingCapacity: true) }
        parsedURLs[text] = url
        return url
    }

    /// Closes the file; later operations throw ``StorageError/failed(message:)``.
    public func close() {
        recentResponses.forgetAll()
        database?.close()
        database = nil
    }

    /// Runs `body` with the open database; a corruption error replaces the file with an empty one before the
    /// error is rethrown as ``StorageError/corrupt(path:message:)``.
    @discardableResult
    func withDatabase<Result>(_ body: (SQLiteDatabase) throws -> Result) throws(StorageError) -> Result {
        guard let database else {
            throw StorageError.failed(message: "the store at \(path) is closed")
        }
        do {
            return try body(database)
        } catch let error as SQLiteError where error.isCorruption {
            recentResponses.forgetAll()
            database.close()
            self.database = nil
            events?.emit(.storageError(message: "the store at \(path) is damaged (\(error)); starting empty"))
            do {
                self.database = try Self.open(path: path, events: events, forceReplace: path != ":memory:")
            } catch {
                events?.emit(.storageError(message: "\(error); the store stays closed"))
            }
            throw StorageError.corrupt(path: path, message: error.description)
        } catch let error as SQLiteError {
            throw StorageError.failed(message: error.description)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.failed(message: String(describing: error))
        }
    }

    // MARK: - Opening

    private static func open(path: String, events: EventBus?, forceReplace: Bool = false) throws(StorageError) -> SQLiteDatabase {
        do {
            if forceReplace {
                try moveAside(path)
            }
            do {
                return try prepare(path: path)
            } catch let error as SQLiteError where error.isCorruption && isRegularFile(path) {
                events?.emit(.storageError(message: "the store at \(path) is not a readable database (\(error)); starting empty"))
                try moveAside(path)
                return try prepare(path: path)
            }
        } catch {
            throw StorageError.cannotOpen(path: path, message: String(describing: error))
        }
    }

    private static func prepare(path: String) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: path)
        try database.execute("PRAGMA busy_timeout = 5000")
        try database.query("PRAGMA journal_mode = WAL")
        try database.execute("PRAGMA synchronous = FULL")
        try migrate(database)
        // Reading both tables finds a damaged schema or root page now rather than at the first request.
        try database.query("SELECT count(*) FROM responses")
        try database.query("SELECT count(*) FROM queue")
        return database
    }

    private static func migrate(_ database: SQLiteDatabase) throws {
        let version = try database.query("PRAGMA user_version").first?.first?.int ?? 0
        guard version < 1 else { return }
        try database.transaction {
            try database.execute("""
                CREATE TABLE IF NOT EXISTS responses (
                    area TEXT NOT NULL, key TEXT NOT NULL, account TEXT, method TEXT NOT NULL, url TEXT NOT NULL,
                    status INTEGER NOT NULL, headers BLOB NOT NULL, body BLOB NOT NULL, vary BLOB NOT NULL,
                    request_time REAL NOT NULL, response_time REAL NOT NULL, expires_at REAL,
                    accessed_at REAL NOT NULL, size INTEGER NOT NULL,
                    PRIMARY KEY (area, key));
                CREATE INDEX IF NOT EXISTS responses_by_access ON responses (area, accessed_at);
                CREATE INDEX IF NOT EXISTS responses_by_account ON responses (account);
                CREATE TABLE IF NOT EXISTS queue (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, state TEXT NOT NULL,
                    account TEXT, operation_id TEXT NOT NULL, operation_method TEXT NOT NULL,
                    operation_path TEXT NOT NULL, operation_queueable INTEGER NOT NULL,
                    method TEXT NOT NULL, url TEXT NOT NULL, headers BLOB NOT NULL, body BLOB,
                    enqueued_at INTEGER NOT NULL, idempotency_key TEXT NOT NULL, attempts INTEGER NOT NULL,
                    last_error TEXT, final_status INTEGER);
                CREATE INDEX IF NOT EXISTS queue_by_state ON queue (state, account, sequence);
                PRAGMA user_version = 1;
                """)
        }
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    // Keeps the damaged file for inspection (replacing an older one) and removes its WAL and shared memory; any
    // failure is thrown, because an empty store could not be created in its place.
    private static func moveAside(_ path: String) throws {
        let manager = FileManager.default
        let aside = path + ".corrupt"
        for leftover in [aside] where manager.fileExists(atPath: leftover) {
            try manager.removeItem(atPath: leftover)
        }
        if manager.fileExists(atPath: path) {
            try manager.moveItem(atPath: path, toPath: aside)
        }
        for companion in [path + "-wal", path + "-shm"] where manager.fileExists(atPath: companion) {
            try manager.removeItem(atPath: companion)
        }
    }
}

extension HTTPFields {
    /// Marks the binary form: the byte, then per field the UTF-8 lengths of name and value (4 bytes each, little
    /// endian) and their bytes. Stores written before it hold a JSON array of `[name, value]` pairs (starting `[`),
    /// which are still read.
    private static let storageVersion: UInt8 = 1

    /// The fields for storage (see `storageVersion`).
    var storageData: Data {
        var data = Data([Self.storageVersion])
        func append(_ text: String) {
            let bytes = Array(text.utf8)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: bytes.count).littleEndian) { data.append(contentsOf: $0) }
            data.append(contentsOf: bytes)
        }
        for field in self {
            append(field.name.rawName)
            append(field.value)
        }
        return data
    }

    /// Fields decoded from ``storageData`` (or the JSON form of older stores); empty for unreadable data, and a
    /// truncated field ends the list. A stored name that is not an HTTP token (only a store written before the
    /// runtime used swift-http-types can hold one) is left out.
    init(storageData: Data?) {
        guard let storageData, let first = storageData.first else {
            self.init()
            return
        }
        guard first == Self.storageVersion else {
            self.init(legacyStorageData: storageData)
            return
        }
        // Binary, not JSON: this runs on every hit of the SQLite-backed cache.
        let fields = storageData.withUnsafeBytes { buffer -> [(name: String, value: String)] in
            var fields: [(name: String, value: String)] = []
            var offset = 1
            func next() -> String? {
                guard buffer.count - offset >= 4 else { return nil }
                var length: UInt32 = 0
                withUnsafeMutableBytes(of: &length) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + 4])) }
                let count = Int(UInt32(littleEndian: length))
                offset += 4
                guard count <= buffer.count - offset else { return nil }
                defer { offset += count }
                return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count]), as: UTF8.self)
            }
            while offset < buffer.count, let name = next(), let value = next() { fields.append((name: name, value: value)) }
            return fields
        }
        self.init(pairs: fields)
    }

    private init(legacyStorageData: Data) {
        guard case .array(let pairs)? = try? JSONParser.parse(legacyStorageData) else {
            self.init()
            return
        }
        self.init(pairs: pairs.compactMap { pair -> (name: String, value: String)? in
            guard case .array(let parts) = pair, parts.count == 2, let name = parts[0].stringValue,
                  let value = parts[1].stringValue else { return nil }
            return (name: name, value: value)
        })
    }

    private init(pairs: [(name: String, value: String)]) {
        self.init(pairs.compactMap { pair in HTTPField.Name(pair.name).map { HTTPField(name: $0, value: pair.value) } })
    }
}
