@_spi(Generated) @testable import APIRuntime
@testable import APIRuntimeStore
import Foundation
import HTTPTypes
import XCTest

/// The stored form of headers in `SQLiteStorage`: binary, and the JSON form older stores hold.
final class HTTPHeadersStorageTests: XCTestCase {
    private func pairs(_ headers: HTTPFields) -> [String] { headers.map { "\($0.name)=\($0.value)" } }

    private func fields(_ pairs: [(String, String)]) -> HTTPFields {
        HTTPFields(pairs.map { HTTPField(name: HTTPField.Name($0.0)!, value: $0.1) })
    }

    func testRoundTripKeepsOrderDuplicatesAndAnyText() {
        let headers = fields([("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2"),
                                   ("X-Empty", ""), ("X-Text", "naïve: ✓ \"quoted\" [1, 2]")])
        let data = headers.storageData
        XCTAssertEqual(data.first, 1, "the binary form starts with its version")
        XCTAssertEqual(pairs(HTTPFields(storageData: data)), pairs(headers))
        XCTAssertEqual(pairs(HTTPFields(storageData: HTTPFields().storageData)), [])
    }

    func testTheJSONFormOfOlderStoresIsStillRead() {
        let legacy = Data(#"[["Cache-Control","max-age=60"],["ETag","\"v1\""],["bad"]]"#.utf8)
        XCTAssertEqual(pairs(HTTPFields(storageData: legacy)), ["Cache-Control=max-age=60", "ETag=\"v1\""])
    }

    /// Only a store written before the runtime used swift-http-types can hold a name that is not an HTTP token: it
    /// is left out, the fields around it kept.
    func testAStoredNameThatIsNotATokenIsLeftOut() {
        let legacy = Data(#"[["X-Before","1"],["Bad Name","2"],["X-After","3"]]"#.utf8)
        XCTAssertEqual(pairs(HTTPFields(storageData: legacy)), ["X-Before=1", "X-After=3"])
    }

    func testDamagedDataGivesTheFieldsBeforeTheDamageAndNeverCrashes() {
        let data = fields([("A", "1"), ("B", "2")]).storageData
        XCTAssertEqual(pairs(HTTPFields(storageData: data.dropLast())), ["A=1"])
        XCTAssertEqual(pairs(HTTPFields(storageData: Data([1, 0xFF, 0xFF, 0xFF, 0x7F]))), [])
        XCTAssertEqual(pairs(HTTPFields(storageData: Data([1, 2, 0, 0]))), [])
        XCTAssertEqual(pairs(HTTPFields(storageData: Data("garbage".utf8))), [])
        XCTAssertEqual(pairs(HTTPFields(storageData: nil)), [])
        XCTAssertEqual(pairs(HTTPFields(storageData: Data())), [])
    }

    func testSQLiteStorageReadsBothForms() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("store.sqlite").path
        let storage = try SQLiteStorage(path: path)
        let url = try XCTUnwrap(URL(string: "https://example.com/a?b=1"))
        let entry = StoredResponse(
            key: "k", account: nil, method: "GET", url: url,
            response: APIResponse(status: 200, headerFields: [.cacheControl: "max-age=60"], body: Data("{}".utf8)),
            requestTime: Date(timeIntervalSince1970: 10), responseTime: Date(timeIntervalSince1970: 11), expiresAt: nil,
            lastAccessedAt: Date(timeIntervalSince1970: 11), varyHeaders: [.accept: "application/json"])
        try await storage.saveResponse(entry, area: .httpCache)
        for _ in 0..<2 {
            let stored = try await storage.loadResponse(key: "k", area: .httpCache, accessedAt: Date(timeIntervalSince1970: 11))
            let loaded = try XCTUnwrap(stored)
            XCTAssertEqual(loaded.url, url)
            XCTAssertEqual(loaded.response.headerFields[.cacheControl], "max-age=60")
            XCTAssertEqual(loaded.varyHeaders[.accept], "application/json")
        }
        try await storage.rewriteHeadersForTest()
        // Opened again, as an app finds a file an older version wrote (the first storage still remembers the entry).
        let reopened = try SQLiteStorage(path: path)
        let legacyEntry = try await reopened.loadResponse(key: "k", area: .httpCache, accessedAt: Date(timeIntervalSince1970: 11))
        let legacy = try XCTUnwrap(legacyEntry)
        XCTAssertEqual(legacy.response.headerFields[.eTag], "\"v2\"")
    }
}

extension SQLiteStorage {
    /// Writes the JSON form of the headers older stores hold (the actor runs the statement on its own queue).
    fileprivate func rewriteHeadersForTest() throws {
        try withDatabase { database in
            try database.query("UPDATE responses SET headers = ? WHERE key = 'k'", [.blob(Data(#"[["ETag","\"v2\""]]"#.utf8))])
        }
    }
}
