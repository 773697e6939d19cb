import APIRuntime
@testable import APIRuntimeMiddleware
import APIRuntimeStore
import ExampleAPI
import Foundation
import LoopbackTestServer
import HTTPTypes
import XCTest

/// The generated example client over URLSession against a real HTTP server on 127.0.0.1.
final class GeneratedClientLoopbackTests: XCTestCase {
    private static let profile = #"""
        {"status": "OK", "reason": null, "data": {"id": 42, "username": "ann", "email": "a@example.com",
         "avatarUrl": "https://cdn.example.com/a.jpg", "createdAt": "2024-05-01T10:20:30Z", "role": "member", "karma": 1}}
        """#

    private actor Tokens: AuthTokenProvider {
        var refreshes = 0
        var current = "expired"
        func token() async throws -> String? { current }
        func refreshToken(rejected: String?) async throws -> String {
            refreshes += 1
            try await Task.sleep(for: .milliseconds(50))
            current = "fresh"
            return current
        }
    }

    func testMaxAgeResponseIsFetchedFromTheOriginOnce() async throws {
        let server = try LoopbackServer { _ in .json(Self.profile, headers: [("Cache-Control", "max-age=60")]) }
        defer { server.stop() }
        let api = MemberAPI(baseURL: server.baseURL, middlewares: [HTTPCache(storage: InMemoryStorage())])
        let first = try await api.members.getProfile()
        let second = try await api.members.getProfile()
        XCTAssertEqual(first, second)
        XCTAssertEqual(server.requests.count, 1, "the second call is served by the runtime's HTTP cache")
    }

    func testMembersNextToDeclaredOnesAreKeptAndSentBack() async throws {
        let body = #"{"ok":true,"database":"up","search":"rebuilding"}"#
        let server = try LoopbackServer { _ in .json(body) }
        defer { server.stop() }
        let health = try await MemberAPI(baseURL: server.baseURL).config.getHealth()
        XCTAssertTrue(health.ok)
        XCTAssertEqual(health.additionalProperties, ["database": .up, "search": .undocumented("rebuilding")],
                       "additionalProperties next to properties are kept, a value new to the enum included")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(String(decoding: try encoder.encode(health), as: UTF8.self),
                       #"{"database":"up","ok":true,"search":"rebuilding"}"#)
        let shadowing = GetHealthResponse(ok: false, additionalProperties: ["ok": .down, "cache": .down])
        XCTAssertEqual(String(decoding: try encoder.encode(shadowing), as: UTF8.self), #"{"cache":"down","ok":false}"#,
                       "a declared member is written once, from its property")
    }

    func testETagIsRevalidatedWith304() async throws {
        let server = try LoopbackServer { request in
            request.headerFields[.ifNoneMatch] == "\"v1\"" ? .status(304, headers: [("ETag", "\"v1\"")])
                : .json(Self.profile, headers: [("ETag", "\"v1\""), ("Cache-Control", "no-cache")])
        }
        defer { server.stop() }
        let api = MemberAPI(baseURL: server.baseURL, middlewares: [HTTPCache(storage: InMemoryStorage())])
        let first = try await api.members.getProfile()
        let second = try await api.members.getProfile()
        XCTAssertEqual(first, second)
        XCTAssertEqual(server.requests.count, 2)
        XCTAssertEqual(server.requests.last?.headerFields[.ifNoneMatch], "\"v1\"")
    }

    func testTenConcurrentCallsHitting401CauseOneRefresh() async throws {
        let server = try LoopbackServer { request in
            request.headerFields[.authorization] == "Bearer fresh" ? .json(Self.profile) : .status(401)
        }
        defer { server.stop() }
        let tokens = Tokens()
        let api = MemberAPI(baseURL: server.baseURL, middlewares: [AuthMiddleware(provider: tokens)])
        try await withThrowingTaskGroup(of: Member.self) { group in
            for _ in 0..<10 { group.addTask { try await api.members.getProfile() } }
            for try await member in group { XCTAssertEqual(member.id, 42) }
        }
        let refreshes = await tokens.refreshes
        XCTAssertEqual(refreshes, 1)
    }

    func testMalformedResponsesNeverCrash() async throws {
        let replies: [ServerReply] = [
            .json(String(Self.profile.prefix(60))),                                        // truncated JSON
            ServerReply(status: 200, headers: [("Content-Type", "text/html")], body: Data("<html/>".utf8)),  // wrong type
            ServerReply(status: 200, headers: [("Content-Type", "application/json")], body: Data(Self.profile.utf8),
                        closeAfterBodyBytes: 40),                                          // closed mid-body
        ]
        for reply in replies {
            let server = try LoopbackServer { _ in reply }
            let api = MemberAPI(baseURL: server.baseURL)
            do {
                _ = try await api.members.getProfile()
                XCTFail("a malformed response must be an error")
            } catch is APIError {
            }
            server.stop()
        }
        let refused = MemberAPI(baseURL: URL(string: "http://127.0.0.1:1")!)
        do {
            _ = try await refused.members.getProfile()
            XCTFail("connection refused must be an error")
        } catch is APIError {}
    }
}
