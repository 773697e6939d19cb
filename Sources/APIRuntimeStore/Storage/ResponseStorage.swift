import APIRuntime
import Foundation

/// Which component's responses an operation addresses; the HTTP cache and the response store share a storage.
public enum StorageArea: String, Sendable, Hashable, CaseIterable {
    /// ``HTTPCache`` entries.
    case httpCache = "http-cache"
    /// ``ResponseStore`` entries.
    case responses
}

/// Selects entries by account.
public enum AccountScope: Sendable, Hashable {
    /// Every account, including the anonymous partition.
    case all
    /// One account; nil is the anonymous partition.
    case account(String?)

    /// Whether `account` is in the scope.
    public func contains(_ account: String?) -> Bool {
        switch self {
        case .all: true
        case .account(let selected): selected == account
        }
    }
}

/// Limits applied by a purge, oldest or least recently used entries first.
public struct PurgeLimits: Sendable, Hashable {
    /// Remove entries stored (or last revalidated) longer ago than this many seconds.
    public var maxAge: TimeInterval?
    /// Keep at most this many entries, removing the least recently used.
    public var maxCount: Int?
    /// Keep at most this many bytes (``StoredResponse/size``), removing the least recently used.
    public var maxBytes: Int?
    /// Remove entries that expired before this date.
    public var expiredBefore: Date?

    /// Limits; nil means no limit of that kind.
    public init(maxAge: TimeInterval? = nil, maxCount: Int? = nil, maxBytes: Int? = nil, expiredBefore: Date? = nil) {
        self.maxAge = maxAge
        self.maxCount = maxCount
        self.maxBytes = maxBytes
        self.expiredBefore = expiredBefore
    }
}

/// How much an area holds.
public struct StorageUsage: Sendable, Hashable {
    /// The number of entries.
    public var count: Int
    /// Their total ``StoredResponse/size``.
    public var bytes: Int

    /// Creates a usage summary.
    public init(count: Int, bytes: Int) {
        self.count = count
        self.bytes = bytes
    }
}

/// Where the HTTP cache and the response store keep responses. Implementations are thread-safe and keep blocking
/// I/O off the cooperative thread pool (``SQLiteStorage`` runs on its own queue); see
/// ``SQLiteStorage`` (persistent) and ``InMemoryStorage`` (tests and previews).
public protocol ResponseStorage: Sendable {
    /// The entry stored under `key`, after setting its ``StoredResponse/lastAccessedAt`` to `accessedAt`.
    func loadResponse(key: String, area: StorageArea, accessedAt: Date) async throws -> StoredResponse?
    /// Stores `entry`, replacing any entry with the same key.
    func saveResponse(_ entry: StoredResponse, area: StorageArea) async throws
    /// Removes the entry stored under `key`, if any.
    func removeResponse(key: String, area: StorageArea) async throws
    /// Removes the entries of `scope` in `area`, or in every area when `area` is nil.
    func removeResponses(_ scope: AccountScope, area: StorageArea?) async throws
    /// Applies `limits` to `area` in one transaction; returns how many entries were removed.
    @discardableResult
    func purgeResponses(area: StorageArea, limits: PurgeLimits, now: Date) async throws -> Int
    /// How many entries and bytes `area` holds.
    func responseUsage(area: StorageArea) async throws -> StorageUsage
}
