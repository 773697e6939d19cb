import APIRuntime
import Foundation
import HTTPTypes

extension SQLiteStorage {
    private static let queueColumns = """
        sequence, id, state, account, operation_id, operation_method, operation_path, operation_queueable, method, url,
        headers, body, enqueued_at, idempotency_key, attempts, last_error, final_status
        """

    /// See ``QueueStorage/appendQueueEntries(_:)``.
    public func appendQueueEntries(_ entries: [QueuedRequest]) throws -> [QueuedRequest] {
        try withDatabase { database in
            try database.transaction {
                try entries.map { entry in
                    try database.query(
                        """
                        INSERT INTO queue (id, state, account, operation_id, operation_method, operation_path,
                            operation_queueable, method, url, headers, body, enqueued_at, idempotency_key, attempts,
                            last_error, final_status)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                        [
                            .text(entry.id), .text(entry.state.rawValue), entry.account.map(SQLValue.text) ?? .null,
                            .text(entry.operation.id), .text(entry.operation.method), .text(entry.operation.path),
                            .integer(entry.operation.isQueueable ? 1 : 0), .text(entry.request.method.rawValue),
                            .text(entry.request.url.absoluteString), .blob(entry.request.headerFields.storageData),
                            entry.request.body.map(SQLValue.blob) ?? .null, .integer(entry.enqueuedAt),
                            .text(entry.idempotencyKey), .integer(Int64(entry.attempts)),
                            entry.lastError.map(SQLValue.text) ?? .null,
                            entry.finalStatus.map { .integer(Int64($0)) } ?? .null,
                        ])
                    var stored = entry
                    stored.sequence = try database.query("SELECT last_insert_rowid()").first?.first?.int ?? 0
                    return stored
                }
            }
        }
    }

    /// See ``QueueStorage/queueEntries(state:scope:limit:)``.
    public func queueEntries(state: QueuedRequest.State, scope: AccountScope, limit: Int?) throws -> [QueuedRequest] {
        var sql = "SELECT \(Self.queueColumns) FROM queue WHERE state = ?"
        var arguments: [SQLValue] = [.text(state.rawValue)]
        if case .account(let account) = scope {
            sql += " AND account IS ?"
            arguments.append(account.map(SQLValue.text) ?? .null)
        }
        sql += " ORDER BY sequence"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        return try withDatabase { try $0.query(sql, arguments).compactMap(Self.entry(from:)) }
    }

    /// See ``QueueStorage/updateQueueEntry(_:)``.
    public func updateQueueEntry(_ entry: QueuedRequest) throws {
        try withDatabase { database in
            try database.query(
                "UPDATE queue SET state = ?, attempts = ?, last_error = ?, final_status = ? WHERE id = ?",
                [
                    .text(entry.state.rawValue), .integer(Int64(entry.attempts)),
                    entry.lastError.map(SQLValue.text) ?? .null, entry.finalStatus.map { .integer(Int64($0)) } ?? .null,
                    .text(entry.id),
                ])
        }
    }

    /// See ``QueueStorage/removeQueueEntry(id:)``.
    public func removeQueueEntry(id: String) throws {
        try withDatabase { try $0.query("DELETE FROM queue WHERE id = ?", [.text(id)]) }
    }

    /// See ``QueueStorage/removeQueueEntries(_:)``.
    public func removeQueueEntries(_ scope: AccountScope) throws {
        try withDatabase { database in
            switch scope {
            case .all: try database.query("DELETE FROM queue")
            case .account(let account): try database.query("DELETE FROM queue WHERE account IS ?", [account.map(SQLValue.text) ?? .null])
            }
        }
    }

    /// See ``QueueStorage/queueCount(state:scope:)``.
    public func queueCount(state: QueuedRequest.State, scope: AccountScope) throws -> Int {
        var sql = "SELECT count(*) FROM queue WHERE state = ?"
        var arguments: [SQLValue] = [.text(state.rawValue)]
        if case .account(let account) = scope {
            sql += " AND account IS ?"
            arguments.append(account.map(SQLValue.text) ?? .null)
        }
        return try withDatabase { Int(try $0.query(sql, arguments).first?.first?.int ?? 0) }
    }

    private static func entry(from row: [SQLValue]) -> QueuedRequest? {
        guard row.count == 17, let sequence = row[0].int, let id = row[1].string,
              let state = row[2].string.flatMap(QueuedRequest.State.init(rawValue:)),
              let operationID = row[4].string, let operationMethod = row[5].string, let operationPath = row[6].string,
              let method = row[8].string, let url = row[9].string.flatMap(URL.init(string:)),
              let enqueuedAt = row[12].int, let idempotencyKey = row[13].string, let attempts = row[14].int
        else { return nil }
        let operation = OperationInfo(
            id: operationID, method: operationMethod, path: operationPath, isQueueable: row[7].int == 1)
        guard let method = HTTPRequest.Method(method) else { return nil }
        let request = APIRequest(
            method: method, url: url, headerFields: HTTPFields(storageData: row[10].data), body: row[11].data)
        return QueuedRequest(
            id: id, sequence: sequence, account: row[3].string, operation: operation, request: request,
            enqueuedAt: enqueuedAt, idempotencyKey: idempotencyKey, attempts: Int(attempts), lastError: row[15].string,
            state: state, finalStatus: row[16].int.map { Int($0) })
    }
}
