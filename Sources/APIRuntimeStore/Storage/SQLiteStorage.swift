import APIRuntime
import Foundation

/// A ``RuntimeStorage`` in one SQLite file (the system library on Apple platforms, libsqlite3 on Linux), in WAL
/// mode with `synchronous = FULL`, so a committed write survives a crash of the process at any point.
///
/// A file that is damaged or not a database is moved aside (`<name>.corrupt`) and replaced by an empty one; a
/// file that cannot be opened at all (a directory, no permission) is left alone and an in-memory database is
/// used instead. Both emit ``ClientEvent/storageError(message:)``; neither crashes.
///
/// Use one file for the response caches and another for the offline queue, so that a damaged cache file can
/// never cost the queued calls.
public final class SQLiteStorage: RuntimeStorage {
    private struct Connection {
        var database: SQLiteDatabase?
        var isPersistent: Bool
    }

    /// The file path given at creation.
    public let path: String
    private let events: EventBus?
    private let connection: Locked<Connection>
    /// URLs of stored responses by their text: a cache hit would otherwise parse the same URL every time.
    private let parsedURLs = Locked<[String: URL]>([:])

    /// Opens or creates the store at `path`; never throws (see the type's description for failures).
    public init(path: String, events: EventBus? = nil) {
        self.path = path
        self.events = events
        let (database, isPersistent) = Self.open(path: path, events: events)
        connection = Locked(Connection(database: database, isPersistent: isPersistent))
    }

    /// Opens or creates the store at the file URL `url`.
    public convenience init(url: URL, events: EventBus? = nil) {
        self.init(path: url.path, events: events)
    }

    /// Whether data is written to ``path`` (false after falling back to memory).
    public var isPersistent: Bool {
        connection.withLock { $0.isPersistent }
    }

    /// The journal mode in effect, `wal` for a file store.
    public var journalMode: String {
        let mode = try? withDatabase { try $0.query("PRAGMA journal_mode").first?.first?.string }
        return mode ?? "unknown"
    }

    /// `URL(string:)`, remembered for the few hundred URLs most recently read.
    func storedURL(_ text: String) -> URL? {
        if let known = parsedURLs.withLock({ $0[text] }) { return known }
        guard let url = URL(string: text) else { return nil }
        parsedURLs.withLock { urls in
            if urls.count >= 256 { urls.removeAll(keepingCapacity: true) }
            urls[text] = url
        }
        return url
    }

    /// Closes the file; later operations throw ``StorageError/failed(message:)``.
    public func close() {
        connection.withLock { connection in
            connection.database?.close()
            connection.database = nil
        }
    }

    /// Runs `body` with the open database; a corruption error replaces the file with an empty one before the
    /// error is rethrown as ``StorageError/corrupt(path:message:)``.
    @discardableResult
    func withDatabase<Result>(_ body: (SQLiteDatabase) throws -> Result) throws -> Result {
        try connection.withLock { connection in
            guard let database = connection.database else {
                throw StorageError.failed(message: "the store at \(path) is closed")
            }
            do {
                return try body(database)
            } catch let error as SQLiteError where error.isCorruption {
                database.close()
                events?.emit(.storageError(message: "the store at \(path) is damaged (\(error)); starting empty"))
                let (replacement, isPersistent) = Self.open(path: path, events: events, forceReplace: connection.isPersistent)
                connection = Connection(database: replacement, isPersistent: isPersistent)
                throw StorageError.corrupt(path: path, message: error.description)
            } catch let error as SQLiteError {
                throw StorageError.failed(message: error.description)
            }
        }
    }

    // MARK: - Opening

    private static func open(path: String, events: EventBus?, forceReplace: Bool = false) -> (SQLiteDatabase?, Bool) {
        if forceReplace {
            moveAside(path)
        }
        do {
            return (try prepare(path: path), path != ":memory:")
        } catch let error as SQLiteError where error.isCorruption && isRegularFile(path) {
            events?.emit(.storageError(message: "the store at \(path) is not a readable database (\(error)); starting empty"))
            moveAside(path)
            do {
                return (try prepare(path: path), true)
            } catch {
                events?.emit(.storageError(message: "the store at \(path) cannot be recreated (\(error)); using memory"))
            }
        } catch {
            events?.emit(.storageError(message: "the store at \(path) cannot be opened (\(error)); using memory"))
        }
        return ((try? prepare(path: ":memory:")), false)
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

    // Keeps the damaged file for inspection (replacing an older one) and removes its WAL and shared memory.
    private static func moveAside(_ path: String) {
        let manager = FileManager.default
        let aside = path + ".corrupt"
        try? manager.removeItem(atPath: aside)
        try? manager.moveItem(atPath: path, toPath: aside)
        try? manager.removeItem(atPath: path + "-wal")
        try? manager.removeItem(atPath: path + "-shm")
    }
}

extension HTTPHeaders {
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
            append(field.name)
            append(field.value)
        }
        return data
    }

    /// Fields decoded from ``storageData`` (or the JSON form of older stores); empty for unreadable data, and a
    /// truncated field ends the list.
    init(storageData: Data?) {
        guard let storageData, let first = storageData.first else {
            self.init([])
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
        self.init(fields)
    }

    private init(legacyStorageData: Data) {
        guard case .array(let pairs)? = try? JSONParser.parse(legacyStorageData) else {
            self.init([])
            return
        }
        self.init(pairs.compactMap { pair -> (name: String, value: String)? in
            guard case .array(let parts) = pair, parts.count == 2, let name = parts[0].stringValue,
                  let value = parts[1].stringValue else { return nil }
            return (name: name, value: value)
        })
    }
}
