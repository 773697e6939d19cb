@_spi(Generated) import APIRuntime
import APIRuntimeStore
import Foundation
import HTTPTypes
import XCTest

/// Checks that run against every `RuntimeStorage` implementation.
enum StorageConformance {
    static let base = Date(timeIntervalSince1970: 1_700_000_000)

    static func entry(
        _ key: String, account: String? = "a", bytes: Int = 10, storedAt: TimeInterval = 0, accessedAt: TimeInterval? = nil,
        expiresIn: TimeInterval? = 60
    ) -> StoredResponse {
        let stored = base.addingTimeInterval(storedAt)
        var headers = HTTPFields()
        headers.append(HTTPField(name: .contentType, value: "application/json"))
        headers.append(HTTPField(name: .setCookie, value: "a=1"))
        headers.append(HTTPField(name: .setCookie, value: "b=2"))
        return StoredResponse(
            key: key, account: account, method: "GET", url: URL(string: "https://api.test/\(key)?q=1")!,
            response: APIResponse(status: 200, headerFields: headers, body: Data(repeating: 0x41, count: bytes)),
            requestTime: stored.addingTimeInterval(-1), responseTime: stored,
            expiresAt: expiresIn.map { stored.addingTimeInterval($0) },
            lastAccessedAt: base.addingTimeInterval(accessedAt ?? storedAt), varyHeaders: [.acceptLanguage: "fi"])
    }

    static func queued(_ name: String, account: String? = "a", body: Data? = Data("{}".utf8)) -> QueuedRequest {
        QueuedRequest(
            account: account, operation: OperationInfo(id: name, method: "POST", path: "/\(name)", isQueueable: true),
            request: APIRequest(
                method: .post, url: URL(string: "https://api.test/\(name)")!,
                headerFields: [HTTPField.Name("Idempotency-Key")!: "key-\(name)", HTTPField.Name("X-A")!: "1"], body: body),
            enqueuedAt: 1_700_000_000_123, idempotencyKey: "key-\(name)")
    }

    static func checkResponses(_ storage: any RuntimeStorage, file: StaticString = #filePath, line: UInt = #line) async throws {
        let original = entry("one")
        try await storage.saveResponse(original, area: .responses)
        let value1 = try await storage.loadResponse(key: "one", area: .httpCache, accessedAt: base)
        XCTAssertNil(value1, "areas are separate", file: file, line: line)
        let value2 = try await storage.loadResponse(key: "one", area: .responses, accessedAt: base.addingTimeInterval(9))
        var loaded = try XCTUnwrap(value2)
        XCTAssertEqual(loaded.lastAccessedAt, base.addingTimeInterval(9), file: file, line: line)
        loaded.lastAccessedAt = original.lastAccessedAt
        XCTAssertEqual(loaded, original, file: file, line: line)
        XCTAssertEqual(loaded.response.headerFields[values: .setCookie], ["a=1", "b=2"], file: file, line: line)
        let value3 = try await storage.loadResponse(key: "one", area: .responses, accessedAt: base)?.lastAccessedAt
        XCTAssertEqual(value3, base,
            "every read refreshes the access time", file: file, line: line)

        var empty = entry("empty", account: nil, bytes: 0, expiresIn: nil)
        empty.response.headerFields = [:]
        try await storage.saveResponse(empty, area: .responses)
        let value4 = try await storage.loadResponse(key: "empty", area: .responses, accessedAt: empty.lastAccessedAt)
        XCTAssertEqual(value4, empty, file: file, line: line)

        try await storage.saveResponse(entry("b1", account: "b"), area: .responses)
        try await storage.saveResponse(entry("b2", account: "b"), area: .httpCache)
        try await storage.removeResponses(.account("b"), area: .responses)
        let value5 = try await storage.loadResponse(key: "b1", area: .responses, accessedAt: base)
        XCTAssertNil(value5, file: file, line: line)
        let value6 = try await storage.loadResponse(key: "b2", area: .httpCache, accessedAt: base)
        XCTAssertNotNil(value6, file: file, line: line)
        try await storage.removeResponses(.account("b"), area: nil)
        let value7 = try await storage.loadResponse(key: "b2", area: .httpCache, accessedAt: base)
        XCTAssertNil(value7, file: file, line: line)
        try await storage.removeResponses(.account(nil), area: .responses)
        let value8 = try await storage.loadResponse(key: "empty", area: .responses, accessedAt: base)
        XCTAssertNil(value8, "nil is the anonymous partition", file: file, line: line)
        let value9 = try await storage.loadResponse(key: "one", area: .responses, accessedAt: base)
        XCTAssertNotNil(value9, file: file, line: line)
        try await storage.removeResponse(key: "one", area: .responses)
        let value10 = try await storage.responseUsage(area: .responses)
        XCTAssertEqual(value10, StorageUsage(count: 0, bytes: 0), file: file, line: line)
    }

    static func checkPurge(_ storage: any RuntimeStorage, file: StaticString = #filePath, line: UInt = #line) async throws {
        // old: stored 100 s ago; e1...e4 stored at 0 with accesses at 1...4; x expired.
        try await storage.saveResponse(entry("old", storedAt: -100, accessedAt: 50), area: .responses)
        for index in 1...4 {
            try await storage.saveResponse(entry("e\(index)", bytes: 100, accessedAt: TimeInterval(index)), area: .responses)
        }
        try await storage.saveResponse(entry("x", storedAt: 0, accessedAt: 60, expiresIn: -1), area: .responses)
        try await storage.saveResponse(entry("other-area", storedAt: -100), area: .httpCache)
        let value11 = try await storage.responseUsage(area: .responses).count
        XCTAssertEqual(value11, 6, file: file, line: line)

        var removed = try await storage.purgeResponses(area: .responses, limits: PurgeLimits(maxAge: 50), now: base)
        XCTAssertEqual(removed, 1, file: file, line: line)
        removed = try await storage.purgeResponses(area: .responses, limits: PurgeLimits(expiredBefore: base), now: base)
        XCTAssertEqual(removed, 1, file: file, line: line)
        // Reading e1 makes it the most recently used, so e2 is the least recently used now.
        _ = try await storage.loadResponse(key: "e1", area: .responses, accessedAt: base.addingTimeInterval(10))
        removed = try await storage.purgeResponses(area: .responses, limits: PurgeLimits(maxCount: 3), now: base)
        XCTAssertEqual(removed, 1, file: file, line: line)
        let value12 = try await storage.loadResponse(key: "e2", area: .responses, accessedAt: base)
        XCTAssertNil(value12, file: file, line: line)
        let size = entry("e1", bytes: 100).size
        // Reading e2 above found nothing; e3 (access 3) is now the least recently used of e1, e3, e4.
        removed = try await storage.purgeResponses(area: .responses, limits: PurgeLimits(maxBytes: size * 2), now: base)
        XCTAssertEqual(removed, 1, file: file, line: line)
        let value13 = try await storage.loadResponse(key: "e3", area: .responses, accessedAt: base)
        XCTAssertNil(value13, file: file, line: line)
        let value14 = try await storage.responseUsage(area: .responses)
        XCTAssertEqual(value14, StorageUsage(count: 2, bytes: size * 2), file: file, line: line)
        let value15 = try await storage.loadResponse(key: "other-area", area: .httpCache, accessedAt: base)
        XCTAssertNotNil(value15, "purges stay in their area", file: file, line: line)
    }

    static func checkQueue(_ storage: any RuntimeStorage, file: StaticString = #filePath, line: UInt = #line) async throws {
        let appended = try await storage.appendQueueEntries([queued("a1"), queued("b1", account: "b"), queued("a2", body: nil)])
        XCTAssertEqual(appended.map(\.sequence), appended.map(\.sequence).sorted(), file: file, line: line)
        XCTAssertEqual(Set(appended.map(\.sequence)).count, 3, file: file, line: line)
        let more = try await storage.appendQueueEntries([queued("a3", body: Data())])
        XCTAssertGreaterThan(more[0].sequence, appended[2].sequence, file: file, line: line)

        let pendingA = try await storage.queueEntries(state: .pending, scope: .account("a"), limit: nil)
        XCTAssertEqual(pendingA.map(\.operation.id), ["a1", "a2", "a3"], file: file, line: line)
        XCTAssertEqual(pendingA[0], appended[0], "round trip", file: file, line: line)
        XCTAssertNil(pendingA[1].request.body, "nil body stays nil", file: file, line: line)
        XCTAssertEqual(pendingA[2].request.body, Data(), "empty body stays empty", file: file, line: line)
        let value16 = try await storage.queueEntries(state: .pending, scope: .all, limit: 2).map(\.operation.id)
        XCTAssertEqual(value16, ["a1", "b1"], file: file, line: line)

        var dead = pendingA[1]
        dead.state = .deadLetter
        dead.finalStatus = 422
        dead.attempts = 2
        dead.lastError = "HTTP 422"
        try await storage.updateQueueEntry(dead)
        let value17 = try await storage.queueEntries(state: .deadLetter, scope: .all, limit: nil)
        XCTAssertEqual(value17, [dead], file: file, line: line)
        let value18 = try await storage.queueCount(state: .pending, scope: .account("a"))
        XCTAssertEqual(value18, 2, file: file, line: line)
        try await storage.removeQueueEntry(id: appended[0].id)
        let value19 = try await storage.queueEntries(state: .pending, scope: .all, limit: nil).map(\.operation.id)
        XCTAssertEqual(value19, ["b1", "a3"], file: file, line: line)
        try await storage.removeQueueEntries(.account("a"))
        let value20 = try await storage.queueCount(state: .deadLetter, scope: .all)
        XCTAssertEqual(value20, 0, file: file, line: line)
        let value21 = try await storage.queueCount(state: .pending, scope: .all)
        XCTAssertEqual(value21, 1, file: file, line: line)
        try await storage.removeQueueEntries(.all)
        let value22 = try await storage.queueCount(state: .pending, scope: .all)
        XCTAssertEqual(value22, 0, file: file, line: line)
    }
}
