import APIRuntime
@testable import APIRuntimeMiddleware
import APIRuntimeStore
import ExampleAPI
import Foundation
import LoopbackTestServer
import HTTPTypes
import XCTest

/// The generated client's credentials on the wire: which operation carries what, where, and what a 401 does.
final class SecurityLoopbackTests: XCTestCase {
    static let unauthorized = ServerReply(
        status: 401, headers: [("Content-Type", "application/json"), ("WWW-Authenticate", #"Bearer realm="members""#)],
        body: Data(#"{"status": "error", "reason": "wrong password", "data": {"code": "auth.failed", "message": "No."}}"#.utf8))

    static func profile(id: Int, name: String) -> String {
        #"{"status": "OK", "reason": null, "data": {"id": \#(id), "username": "\#(name)", "email": "\#(name)@example.com", "#
            + #""avatarUrl": "https://cdn.example.com/a.jpg", "createdAt": "2024-05-01T10:20:30Z", "role": "member", "karma": 1}}"#
    }

    static let device = Device(deviceID: "d1", platform: .ios, pushToken: "p1")

    func testWrongPasswordOnALoginDeclaredWithoutSecurityIsItsDocumented401WithoutRefreshOrCredentials() async throws {
        let server = try LoopbackServer { _ in Self.unauthorized }
        defer { server.stop() }
        let session = Session(token: "ann-token")
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let api = MemberAPI(baseURL: server.baseURL, credentials: session.credentials, events: events)
        do {
            _ = try await api.auth.loginWithEmail(body: EmailLogin(email: "ann@example.com", password: "wrong password"))
            XCTFail("a wrong password must fail")
        } catch LoginWithEmailError.status401(let status, let body, let headers) {
            XCTAssertEqual(status, 401)
            XCTAssertEqual(body.data.code, "auth.failed")
            // The shared `Unauthorized` response's documented header, carried by the case.
            XCTAssertEqual(headers, UnauthorizedHeaders(wwwAuthenticate: #"Bearer realm="members""#))
        }
        XCTAssertEqual(session.refreshes, 0, "security: [] never refreshes")
        XCTAssertEqual(server.requests.count, 1)
        XCTAssertNil(server.requests.first?.headerFields[.authorization], "security: [] never carries credentials")
        let refreshEvents = await collector.events.filter {
            if case .authRefreshed = $0 { return true }
            if case .authRefreshFailed = $0 { return true }
            return false
        }
        XCTAssertTrue(refreshEvents.isEmpty)
    }

    func testAuthMiddlewareLeavesOperationsDeclaredWithoutSecurityAlone() async throws {
        let server = try LoopbackServer { _ in Self.unauthorized }
        defer { server.stop() }
        let tokens = LegacyTokens()
        let api = MemberAPI(baseURL: server.baseURL, middlewares: [AuthMiddleware(provider: tokens)])
        do {
            _ = try await api.auth.loginWithEmail(body: EmailLogin(email: "ann@example.com", password: "wrong password"))
            XCTFail("a wrong password must fail")
        } catch LoginWithEmailError.status401 {}
        XCTAssertNil(server.requests.first?.headerFields[.authorization])
        let refreshes = await tokens.refreshes
        XCTAssertEqual(refreshes, 0)
    }

    func testAPIKeysTravelInTheDeclaredHeaderQueryAndCookie() async throws {
        let server = try LoopbackServer { _ in .status(503) }
        defer { server.stop() }
        let header = MemberAPI(baseURL: server.baseURL, credentials: .init(partnerKey: APIKeyCredential("k-header")))
        _ = try? await header.currency.getCurrencyRates(base: "EUR")
        let query = MemberAPI(baseURL: server.baseURL, credentials: .init(legacyPartnerKey: APIKeyCredential("k q&=")))
        _ = try? await query.currency.getCurrencyRates(base: "EUR")
        let cookie = MemberAPI(baseURL: server.baseURL, credentials: .init(
            bearerAuth: BearerCredential("t1"), deviceSession: APIKeyCredential("s1")))
        _ = try? await cookie.notifications.registerDevice(body: Self.device)

        let requests = server.requests
        XCTAssertEqual(requests.count, 3)
        XCTAssertEqual(requests[0].headerFields[HTTPField.Name("X-Partner-Key")!], "k-header")
        XCTAssertEqual(requests[0].target, "/currency/rates?base=EUR")
        XCTAssertNil(requests[0].headerFields[.authorization])
        XCTAssertEqual(requests[1].target, "/currency/rates?base=EUR&api_key=k%20q%26%3D")
        XCTAssertNil(requests[1].headerFields[HTTPField.Name("X-Partner-Key")!])
        XCTAssertEqual(requests[2].headerFields[.cookie], "device_session=s1")
        XCTAssertEqual(requests[2].headerFields[.authorization], "Bearer t1")
    }

    func testTheFirstSatisfiableAlternativeIsSentAndOnlyIt() async throws {
        let server = try LoopbackServer { _ in .status(503) }
        defer { server.stop() }
        let scopes = Box<[[String]]>([])
        let oauth = BearerCredential(token: { requested in
            scopes.value.append(requested)
            return "oauth-token"
        })
        let both = MemberAPI(baseURL: server.baseURL, credentials: .init(
            bearerAuth: BearerCredential("user"), partnerKey: APIKeyCredential("k1"),
            legacyPartnerKey: APIKeyCredential("k2"), partnerOAuth: oauth))
        _ = try? await both.currency.getCurrencyRates()
        let oauthOnly = MemberAPI(baseURL: server.baseURL, credentials: .init(partnerOAuth: oauth))
        _ = try? await oauthOnly.currency.getCurrencyRates()

        let requests = server.requests
        XCTAssertEqual(requests[0].headerFields[HTTPField.Name("X-Partner-Key")!], "k1")
        XCTAssertEqual(requests[0].target, "/currency/rates", "the second alternative is not sent as well")
        XCTAssertNil(requests[0].headerFields[.authorization], "schemes the operation does not name are never sent")
        XCTAssertEqual(requests[1].headerFields[.authorization], "Bearer oauth-token")
        XCTAssertTrue(scopes.value.contains(["rates:read"]), "the provider learns the scopes the operation requires")
    }

    func testAnOptionalRequirementSendsTheTokenWhenThereIsOneAndNothingOtherwise() async throws {
        let server = try LoopbackServer { _ in .status(204) }
        defer { server.stop() }
        let report = ErrorReport(command: "getProfile GET /members/me", calledAt: Date(), status: 200)
        let signedIn = MemberAPI(baseURL: server.baseURL, credentials: .init(bearerAuth: BearerCredential("t1")))
        try await signedIn.reports.reportError(body: report)
        let signedOut = MemberAPI(baseURL: server.baseURL, credentials: .init(bearerAuth: BearerCredential(token: { nil })))
        try await signedOut.reports.reportError(body: report)
        XCTAssertEqual(server.requests.map { $0.headerFields[.authorization] }, ["Bearer t1", nil])
    }

    func testAnAndRequirementWithACredentialMissingFailsBeforeSending() async throws {
        let server = try LoopbackServer { _ in .status(503) }
        defer { server.stop() }
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let api = MemberAPI(baseURL: server.baseURL, credentials: .init(bearerAuth: BearerCredential("t1")), events: events)
        do {
            _ = try await api.notifications.registerDevice(body: Self.device)
            XCTFail("deviceSession is required together with bearerAuth")
        } catch APIError.missingCredentials(let operation, let alternatives) {
            XCTAssertEqual(operation, "registerDevice")
            XCTAssertEqual(alternatives, ["bearerAuth + deviceSession"])
        }
        XCTAssertTrue(server.requests.isEmpty, "nothing is sent without the required credentials")
        let failed = await collector.wait(count: 1) { if case .requestFailed = $0 { true } else { false } }
        XCTAssertEqual(failed, 1, "observers see the call fail")
    }

    func testARefreshEndpointAnswering401ThroughTheSameClientDoesNotHang() async throws {
        let server = try LoopbackServer { _ in Self.unauthorized }
        defer { server.stop() }
        let holder = Box<MemberAPI?>(nil)
        let events = EventBus()
        let collector = EventCollector(events.stream())
        let credential = BearerCredential(token: { "expired" }, refresh: { _ in
            guard let api = holder.value else { throw CancellationError() }
            return try await api.auth.refreshTokens(body: TokenRefresh(refreshToken: "r1")).accessToken
        })
        let api = MemberAPI(baseURL: server.baseURL, credentials: .init(bearerAuth: credential), events: events)
        holder.value = api

        let outcome = try await withTimeout(seconds: 10) {
            do {
                _ = try await api.members.getProfile()
                return "succeeded"
            } catch APIError.credentialRefreshFailed(let underlying) {
                return underlying is RefreshTokensError ? "refresh failed with its 401" : "refresh failed: \(underlying)"
            }
        }
        XCTAssertEqual(outcome, "refresh failed with its 401")
        XCTAssertEqual(server.requests.map(\.path), ["/members/me", "/auth/refresh"])
        XCTAssertEqual(server.requests.last?.headerFields[.authorization], "Bearer expired")
        let failures = await collector.wait(count: 1) { if case .authRefreshFailed = $0 { true } else { false } }
        XCTAssertEqual(failures, 1, "a failed refresh is reported once")
    }

    func testConcurrent401sOfARefreshableSchemeCauseOneRefreshAndAReplay() async throws {
        let server = try LoopbackServer { request in
            request.headerFields[.authorization] == "Bearer ann-token-2" ? .json(Self.profile(id: 1, name: "ann")) : .status(401)
        }
        defer { server.stop() }
        let session = Session(token: "ann-token")
        let api = MemberAPI(baseURL: server.baseURL, credentials: session.credentials)
        try await withThrowingTaskGroup(of: Member.self) { group in
            for _ in 0..<8 { group.addTask { try await api.members.getProfile() } }
            for try await member in group { XCTAssertEqual(member.id, 1) }
        }
        XCTAssertEqual(session.refreshes, 1)
    }

    func testSigningInAsSomeoneElseNeverServesThePreviousUsersCachedProfile() async throws {
        let server = try LoopbackServer { request in
            let isBob = request.headerFields[.authorization] == "Bearer bob-token"
            return .json(Self.profile(id: isBob ? 2 : 1, name: isBob ? "bob" : "ann"), headers: [("Cache-Control", "max-age=600")])
        }
        defer { server.stop() }
        let session = Session(token: "ann-token")
        let storage = InMemoryStorage()
        let store = ResponseStore(storage: storage)
        let cache = HTTPCache(storage: storage)
        let api = MemberAPI(baseURL: server.baseURL, credentials: session.credentials, middlewares: [store, cache])

        let ann = try await api.members.getProfile()
        let annAgain = try await api.members.getProfile()
        XCTAssertEqual(ann.id, 1)
        XCTAssertEqual(annAgain.id, 1)
        XCTAssertEqual(server.requests.count, 1, "Ann's second call is served by the cache")

        session.token = "bob-token"
        let bob = try await api.members.getProfile()
        let bobFromStore = try await api.client.fetch(.cacheFirst) { try await api.members.getProfile() }
        XCTAssertEqual(bob.id, 2)
        XCTAssertEqual(bobFromStore.id, 2)
        XCTAssertEqual(server.requests.count, 2, "Bob's first call goes to the network")
        XCTAssertEqual(server.requests.last?.headerFields[.authorization], "Bearer bob-token")

        try await api.client.removeStoredData(for: api.client.currentAccount())
        _ = try await api.members.getProfile()
        XCTAssertEqual(server.requests.count, 3, "Bob's data is gone after purging his account")
        session.token = "ann-token"
        _ = try await api.members.getProfile()
        XCTAssertEqual(server.requests.count, 3, "Ann's partition was not purged with Bob's")
    }
}

/// Tokens of one signed-in user; `refresh` appends `-2` to the token.
final class Session: @unchecked Sendable {
    private let lock = NSLock()
    private var current: String
    private var refreshCount = 0

    init(token: String) { current = token }

    var token: String {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }

    var refreshes: Int { lock.withLock { refreshCount } }

    var credentials: MemberAPI.Credentials {
        .init(bearerAuth: BearerCredential(token: { self.token }, refresh: { rejected in
            try await Task.sleep(for: .milliseconds(50))
            return self.lock.withLock {
                self.refreshCount += 1
                self.current = rejected + "-2"
                return self.current
            }
        }))
    }
}

/// A value shared with `@Sendable` closures.
final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

private actor LegacyTokens: AuthTokenProvider {
    var refreshes = 0
    func token() async throws -> String? { "t1" }
    func refreshToken(rejected: String?) async throws -> String {
        refreshes += 1
        return "t2"
    }
}

/// Collects a client's events.
actor EventCollector {
    private(set) var events: [ClientEvent] = []
    private var task: Task<Void, Never>?

    init(_ stream: AsyncStream<ClientEvent>) {
        Task { await self.consume(stream) }
    }

    private func consume(_ stream: AsyncStream<ClientEvent>) async {
        for await event in stream { events.append(event) }
    }

    /// How many collected events match, after waiting up to a second for at least `count` and a moment for more.
    func wait(count: Int, matching: (ClientEvent) -> Bool) async -> Int {
        for _ in 0..<100 where events.filter(matching).count < count {
            try? await Task.sleep(for: .milliseconds(10))
        }
        try? await Task.sleep(for: .milliseconds(100))
        return events.filter(matching).count
    }
}

/// Runs `body`, throwing ``TimeoutError`` after `seconds` instead of hanging the suite (a deadlocked body is
/// abandoned, not awaited).
func withTimeout<T: Sendable>(seconds: Double, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
    let outcome = Box<Result<T, any Error>?>(nil)
    let task = Task {
        do { outcome.value = .success(try await body()) } catch { outcome.value = .failure(error) }
    }
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if let result = outcome.value { return try result.get() }
        try await Task.sleep(for: .milliseconds(10))
    }
    task.cancel()
    throw TimeoutError()
}

struct TimeoutError: Error {}
