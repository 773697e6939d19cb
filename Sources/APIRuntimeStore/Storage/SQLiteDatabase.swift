import APIRuntime
import Foundation
#if canImport(SQLite3)
import SQLite3
#else
import CSQLite
#endif

/// A value bound to or read from a SQLite statement.
enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    var int: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var double: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    var data: Data? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

/// A SQLite result code with the library's message.
struct SQLiteError: Error, CustomStringConvertible {
    /// The extended result code.
    let code: Int32
    /// `sqlite3_errmsg` at the time of the failure.
    let message: String

    /// Whether the file is damaged or not a database, so it should be replaced by an empty one.
    var isCorruption: Bool {
        let primary = code & 0xff
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }

    var description: String {
        "SQLite error \(code): \(message)"
    }
}

/// One SQLite connection. Not thread-safe: ``SQLiteStorage`` serialises every use behind its lock.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    // Prepared statements by SQL text, reused across calls: preparing (parsing and planning) cost more than
    // running the statement on every cache hit. The SQL texts are the storage's fixed statements, so this stays small.
    private var statements: [String: OpaquePointer] = [:]

    /// Opens (creating if needed) the database at `path`; `":memory:"` gives a private in-memory database.
    init(path: String) throws {
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &database, flags, nil)
        guard code == SQLITE_OK, let database else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(database)
            throw SQLiteError(code: code, message: message)
        }
        sqlite3_extended_result_codes(database, 1)
        handle = database
    }

    deinit {
        close()
    }

    /// Closes the connection; later calls throw.
    func close() {
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        statements = [:]
        if let handle {
            sqlite3_close_v2(handle)
        }
        handle = nil
    }

    /// Runs one or more statements without parameters or results.
    func execute(_ sql: String) throws {
        let database = try open()
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(database, sql, nil, nil, &errorMessage)
        if code != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(database))
            sqlite3_free(errorMessage)
            throw SQLiteError(code: sqlite3_extended_errcode(database), message: message)
        }
    }

    /// Runs one statement with `arguments` bound to its `?` parameters and returns every row.
    @discardableResult
    func query(_ sql: String, _ arguments: [SQLValue] = []) throws -> [[SQLValue]] {
        let database = try open()
        let statement = try prepared(sql, database: database)
        // Leaves the statement reset and unbound for its next use, whatever happens here.
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, argument) in arguments.enumerated() {
            try bind(argument, at: Int32(offset + 1), in: statement, database: database)
        }
        var rows: [[SQLValue]] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw error(database) }
            rows.append((0..<sqlite3_column_count(statement)).map { column(Int($0), of: statement) })
        }
        return rows
    }

    /// The number of rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int {
        handle.map { Int(sqlite3_changes($0)) } ?? 0
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction, rolling back if it throws.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func prepared(_ sql: String, database: OpaquePointer) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error(database)
        }
        statements[sql] = statement
        return statement
    }

    private func open() throws -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: SQLITE_MISUSE, message: "the database is closed") }
        return handle
    }

    private func error(_ database: OpaquePointer) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(database), message: String(cString: sqlite3_errmsg(database)))
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer, database: OpaquePointer) throws {
        // SQLITE_TRANSIENT: SQLite copies the bytes before the call returns.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(statement, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(statement, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(statement, index, real)
        case .text(let text):
            code = sqlite3_bind_text(statement, index, text, -1, transient)
        case .blob(let data):
            code = data.isEmpty
                ? sqlite3_bind_zeroblob(statement, index, 0)
                : data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
        }
        guard code == SQLITE_OK else { throw error(database) }
    }

    private func column(_ index: Int, of statement: OpaquePointer) -> SQLValue {
        let column = Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default:
            return .null
        }
    }
}
