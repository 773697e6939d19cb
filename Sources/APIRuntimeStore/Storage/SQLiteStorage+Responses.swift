import APIRuntime
import Foundation
import HTTPTypes

extension SQLiteStorage {
    /// How stale a stored access time may get before a read refreshes it in the file, in seconds; also how long a
    /// change made to the file through another connection can go unseen by this storage's reads.
    public static let accessTimeGranularity: TimeInterval = 1

    private static let responseColumns = """
        key, account, method, url, status, headers, body, vary, request_time, response_time, expires_at, accessed_at
        """

    // Built once: a cache hit runs this query, and interpolating it per call showed in the hit's profile.
    private static let selectResponse = "SELECT \(responseColumns) FROM responses WHERE area = ? AND key = ?"

    /// See ``ResponseStorage/loadResponse(key:area:accessedAt:)``.
    ///
    /// A response kept in memory (see ``init(path:events:memoryCapacity:)``) is returned on the caller's thread;
    /// any other read runs on the storage's queue.
    public nonisolated func loadResponse(key: String, area: StorageArea, accessedAt: Date) async throws -> StoredResponse? {
        if let recent = recentResponses.response(key: key, area: area, at: accessedAt) {
            return recent
        }
        return try await loadResponseFromFile(key: key, area: area, accessedAt: accessedAt)
    }

    private func loadResponseFromFile(key: String, area: StorageArea, accessedAt: Date) throws -> StoredResponse? {
        try withDatabase { database in
            let rows = try database.query(Self.selectResponse, [.text(area.rawValue), .text(key)])
            guard let row = rows.first, var entry = Self.response(from: row, url: storedURL) else {
                recentResponses.forget(key: key, area: area)
                return nil
            }
            // The access time only orders LRU eviction; writing it on every hit would make each hit a synced
            // transaction (milliseconds), so it is refreshed at most once per `accessTimeGranularity`.
            if accessedAt.timeIntervalSince(entry.lastAccessedAt) >= Self.accessTimeGranularity {
                try database.query(
                    "UPDATE responses SET accessed_at = ? WHERE area = ? AND key = ?",
                    [.real(accessedAt.timeIntervalSince1970), .text(area.rawValue), .text(key)])
                entry.lastAccessedAt = accessedAt
            }
            recentResponses.remember(entry, area: area, fileAccessedAt: entry.lastAccessedAt)
            entry.lastAccessedAt = accessedAt
            return entry
        }
    }

    /// See ``ResponseStorage/saveResponse(_:area:)``.
    public func saveResponse(_ entry: StoredResponse, area: StorageArea) throws {
        // Dropped first: if the write fails, the file's state is unknown and the next read must look at it.
        recentResponses.forget(key: entry.key, area: area)
        try withDatabase { database in
            try database.query(
                """
                INSERT OR REPLACE INTO responses (area, \(Self.responseColumns), size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(area.rawValue), .text(entry.key), entry.account.map(SQLValue.text) ?? .null,
                    .text(entry.method), .text(entry.url.absoluteString), .integer(Int64(entry.response.status)),
                    .blob(entry.response.headerFields.storageData), .blob(entry.response.body),
                    .blob(entry.varyHeaders.storageData), .real(entry.requestTime.timeIntervalSince1970),
                    .real(entry.responseTime.timeIntervalSince1970),
                    entry.expiresAt.map { .real($0.timeIntervalSince1970) } ?? .null,
                    .real(entry.lastAccessedAt.timeIntervalSince1970), .integer(Int64(entry.size)),
                ])
        }
        recentResponses.remember(entry, area: area, fileAccessedAt: entry.lastAccessedAt)
    }

    /// See ``ResponseStorage/removeResponse(key:area:)``.
    public func removeResponse(key: String, area: StorageArea) throws {
        recentResponses.forget(key: key, area: area)
        try withDatabase { database in
            try database.query("DELETE FROM responses WHERE area = ? AND key = ?", [.text(area.rawValue), .text(key)])
        }
    }

    /// See ``ResponseStorage/removeResponses(_:area:)``.
    public func removeResponses(_ scope: AccountScope, area: StorageArea?) throws {
        var conditions: [String] = []
        var arguments: [SQLValue] = []
        if let area {
            conditions.append("area = ?")
            arguments.append(.text(area.rawValue))
        }
        if case .account(let account) = scope {
            conditions.append("account IS ?")
            arguments.append(account.map(SQLValue.text) ?? .null)
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        recentResponses.forgetAll()
        try withDatabase { try $0.query("DELETE FROM responses" + filter, arguments) }
    }

    /// See ``ResponseStorage/purgeResponses(area:limits:now:)``.
    @discardableResult
    public func purgeResponses(area: StorageArea, limits: PurgeLimits, now: Date) throws -> Int {
        let areaValue = SQLValue.text(area.rawValue)
        recentResponses.forgetAll()
        return try withDatabase { database in
            try database.transaction {
                var removed = 0
                if let maxAge = limits.maxAge {
                    try database.query(
                        "DELETE FROM responses WHERE area = ? AND response_time < ?",
                        [areaValue, .real(now.timeIntervalSince1970 - maxAge)])
                    removed += database.changes
                }
                if let expiredBefore = limits.expiredBefore {
                    try database.query(
                        "DELETE FROM responses WHERE area = ? AND expires_at < ?",
                        [areaValue, .real(expiredBefore.timeIntervalSince1970)])
                    removed += database.changes
                }
                guard limits.maxCount != nil || limits.maxBytes != nil else { return removed }
                // Most recently used first; the key breaks ties, as in InMemoryStorage.
                let rows = try database.query(
                    "SELECT key, size FROM responses WHERE area = ? ORDER BY accessed_at DESC, key DESC", [areaValue])
                var total = 0
                for (index, row) in rows.enumerated() {
                    total += Int(row[1].int ?? 0)
                    let overCount = limits.maxCount.map { index >= $0 } ?? false
                    let overBytes = limits.maxBytes.map { total > $0 } ?? false
                    guard overCount || overBytes else { continue }
                    try database.query("DELETE FROM responses WHERE area = ? AND key = ?", [areaValue, row[0]])
                    removed += 1
                }
                return removed
            }
        }
    }

    /// See ``ResponseStorage/responseUsage(area:)``.
    public func responseUsage(area: StorageArea) throws -> StorageUsage {
        try withDatabase { database in
            let row = try database.query(
                "SELECT count(*), coalesce(sum(size), 0) FROM responses WHERE area = ?", [.text(area.rawValue)]
            ).first
            return StorageUsage(count: Int(row?[0].int ?? 0), bytes: Int(row?[1].int ?? 0))
        }
    }

    private static func response(from row: [SQLValue], url parseURL: (String) -> URL?) -> StoredResponse? {
        guard row.count == 12, let key = row[0].string, let method = row[2].string,
              let url = row[3].string.flatMap(parseURL), let status = row[4].int,
              let requestTime = row[8].double, let responseTime = row[9].double, let accessedAt = row[11].double
        else { return nil }
        let response = APIResponse(
            status: Int(status), headerFields: HTTPFields(storageData: row[5].data), body: row[6].data ?? Data())
        return StoredResponse(
            key: key, account: row[1].string, method: method, url: url, response: response,
            requestTime: Date(timeIntervalSince1970: requestTime), responseTime: Date(timeIntervalSince1970: responseTime),
            expiresAt: row[10].double.map(Date.init(timeIntervalSince1970:)),
            lastAccessedAt: Date(timeIntervalSince1970: accessedAt), varyHeaders: HTTPFields(storageData: row[7].data))
    }
}
